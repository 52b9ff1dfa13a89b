import { Box, Field, Input, List, Spinner, Text } from '@chakra-ui/react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

export interface AutocompleteProps<T> {
  label: string;
  placeholder?: string;
  /** Suggestions for what was typed; the signal aborts when a newer search starts. */
  search: (input: string, signal: AbortSignal) => Promise<T[]>;
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  onSelect: (item: T) => void;
  /** Spec 2 and 9: the generic widget searches from 2 characters, 300 ms after the last keystroke. */
  minChars?: number;
  debounceMs?: number;
  maxItems?: number;
  /** Shown under the field, e.g. when the chosen item could not be used. */
  errorText?: string | null;
  disabled?: boolean;
  /**
   * 'inline' puts the open list in the flow, pushing what follows down, so it never covers other
   * controls (e.g. in a dialog with actions under the field); 'overlay' (default) floats it.
   */
  listPlacement?: 'overlay' | 'inline';
}

type Results<T> = { input: string; items: T[] } | null;

/** A text field with a list of suggestions (WAI-ARIA combobox), usable by keyboard alone. */
export function Autocomplete<T>({
  label,
  placeholder,
  search,
  getKey,
  renderItem,
  onSelect,
  minChars = 2,
  debounceMs = 300,
  maxItems = 10,
  errorText,
  disabled,
  listPlacement = 'overlay',
}: AutocompleteProps<T>) {
  const id = useId();
  const listId = `${id}-list`;
  const [input, setInput] = useState('');
  const [results, setResults] = useState<Results<T>>(null);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    const text = input.trim();
    if (text.length < minChars) {
      setResults(null);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      searchRef.current(text, controller.signal).then(
        (items) => {
          setResults({ input: text, items: items.slice(0, maxItems) });
          // The best match is highlighted, so Enter takes it; the arrows move the highlight.
          setActive(items.length > 0 ? 0 : -1);
          setLoading(false);
        },
        () => {
          if (!controller.signal.aborted) {
            setResults({ input: text, items: [] });
            setLoading(false);
          }
        },
      );
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [input, minChars, debounceMs, maxItems]);

  const items = results?.items ?? [];
  const expanded = open && results !== null && input.trim().length >= minChars;

  // An inline list takes room: closed the moment the field loses focus to a press elsewhere, it
  // would move what is being pressed before the press ends, and the click would miss. While a
  // pointer is down, the list is closed only after its click has landed. (Listened to for as long
  // as the field is inline, not only while the list is open: no moment when a press goes unseen.)
  const pressing = useRef(false);
  useEffect(() => {
    if (listPlacement !== 'inline') return;
    const down = () => {
      pressing.current = true;
    };
    const up = () => {
      pressing.current = false;
    };
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('pointercancel', up, true);
    return () => {
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('pointercancel', up, true);
    };
  }, [listPlacement]);

  const onBlur = () => {
    if (!pressing.current) {
      setOpen(false);
      return;
    }
    // The click follows the pointer's release in the same input task: close after it.
    const release = () => {
      document.removeEventListener('pointerup', release, true);
      document.removeEventListener('pointercancel', release, true);
      setTimeout(() => setOpen(false));
    };
    document.addEventListener('pointerup', release, true);
    document.addEventListener('pointercancel', release, true);
  };

  const choose = (item: T) => {
    setOpen(false);
    setActive(-1);
    onSelect(item);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && items.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % items.length);
    } else if (event.key === 'ArrowUp' && items.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? items.length - 1 : index - 1));
    } else if (event.key === 'Enter' && expanded) {
      const item = items[active] ?? items[0];
      if (item) {
        event.preventDefault();
        choose(item);
      }
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <Field.Root invalid={Boolean(errorText)} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <Box position="relative" w="full">
        <Input
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
          autoComplete="off"
          placeholder={placeholder}
          value={input}
          size="lg"
          onChange={(event) => {
            setInput(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
        />
        {loading && <Spinner size="sm" position="absolute" right="3" top="3.5" aria-label="Searching" />}
        {expanded && (
          <List.Root
            id={listId}
            role="listbox"
            aria-label={label}
            {...(listPlacement === 'overlay'
              ? { position: 'absolute', zIndex: 'dropdown', top: '100%', left: '0', right: '0' }
              : {})}
            mt="1"
            bg="bg.panel"
            borderWidth="1px"
            borderRadius="md"
            boxShadow="md"
            listStyle="none"
            maxH="72"
            overflowY="auto"
          >
            {items.length === 0 ? (
              <List.Item px="4" py="3" color="fg.muted" role="presentation">
                <Text>No matching places</Text>
              </List.Item>
            ) : (
              items.map((item, index) => (
                <List.Item
                  key={getKey(item)}
                  id={`${id}-option-${index}`}
                  role="option"
                  aria-selected={index === active}
                  px="4"
                  py="3"
                  cursor="pointer"
                  bg={index === active ? 'brand.subtle' : undefined}
                  _hover={{ bg: 'brand.subtle' }}
                  // Chosen on mousedown, before the input's blur closes the list.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    choose(item);
                  }}
                >
                  {renderItem(item)}
                </List.Item>
              ))
            )}
          </List.Root>
        )}
      </Box>
      {errorText && <Field.ErrorText>{errorText}</Field.ErrorText>}
    </Field.Root>
  );
}
