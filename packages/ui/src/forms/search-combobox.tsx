import {
  Combobox,
  type ComboboxRootProps,
  createListCollection,
  Field,
  Spinner,
  useComboboxContext,
} from '@chakra-ui/react';
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useDebouncedSearch } from './use-debounced-search';

export interface SearchComboboxProps<T> {
  label: string;
  placeholder?: string;
  /** Suggestions for what was typed; the signal aborts when a newer search starts. */
  search: (input: string, signal: AbortSignal) => Promise<T[]>;
  getKey: (item: T) => string;
  /** The item as plain text (what assistive technology announces as it is highlighted). */
  getText: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  onSelect: (item: T) => void;
  /** The generic widget searches from 2 characters, 300 ms after the last keystroke, showing 10. */
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

/**
 * A text field with suggestions (Chakra's Combobox, a WAI-ARIA combobox), usable by keyboard alone:
 * the best match is highlighted as the suggestions arrive, the arrows move the highlight, Enter takes
 * it, Escape closes the list. The typed text stays as typed when an item is chosen.
 */
export function SearchCombobox<T>({
  label,
  placeholder,
  search,
  getKey,
  getText,
  renderItem,
  onSelect,
  minChars = 2,
  debounceMs = 300,
  maxItems = 10,
  errorText,
  disabled,
  listPlacement = 'overlay',
}: SearchComboboxProps<T>) {
  const [input, setInput] = useState('');
  // Whether the client wants the list (typing, clicking the field) as opposed to having left it.
  const [wanted, setWanted] = useState(false);
  const { items, loading } = useDebouncedSearch(input, search, { minChars, debounceMs, maxItems });
  const collection = useMemo(
    () => createListCollection({ items: items ?? [], itemToValue: getKey, itemToString: getText }),
    [items, getKey, getText],
  );
  const [highlightedValue, setHighlighted] = useBestMatchHighlight(items, getKey);
  const inline = listPlacement === 'inline';
  const pressOutside = useCloseAfterPress(() => setWanted(false), inline);
  const inputRef = useTypedBeforeHydration((typed) => {
    setInput(typed);
    setWanted(true);
  });

  return (
    <Field.Root invalid={Boolean(errorText)} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <Combobox.Root
        collection={collection}
        size="lg"
        width="full"
        inputValue={input}
        onInputValueChange={(details) => setInput(details.inputValue)}
        open={wanted && items !== null}
        // Typing asks for the list; it shows once there are suggestions for enough characters.
        onOpenChange={(details) => setWanted(details.open)}
        openOnClick
        highlightedValue={highlightedValue}
        onHighlightChange={(details) => setHighlighted(details.highlightedValue)}
        selectionBehavior="preserve"
        // Nothing stays chosen: choosing hands the item over, the field keeps only the typed text.
        value={[]}
        onSelect={(details) => {
          const item = items?.find((candidate) => getKey(candidate) === details.itemValue);
          if (item) onSelect(item);
        }}
        lazyMount
        unmountOnExit
        {...pressOutside}
      >
        <Combobox.Control>
          <Combobox.Input ref={inputRef} placeholder={placeholder} autoComplete="off" />
          {loading && <Spinner size="sm" position="absolute" right="3" top="3.5" aria-label="Searching" />}
        </Combobox.Control>
        {inline ? (
          <Suggestions<T> getKey={getKey} renderItem={renderItem} />
        ) : (
          <Combobox.Positioner>
            <Suggestions<T> getKey={getKey} renderItem={renderItem} />
          </Combobox.Positioner>
        )}
      </Combobox.Root>
      {errorText && <Field.ErrorText>{errorText}</Field.ErrorText>}
    </Field.Root>
  );
}

/**
 * The field is in the server's HTML, so a client may type before the page comes alive, or while it is
 * still coming alive, when the combobox's own handlers are not all running yet: that text is in the
 * field but not in React's state. What is in the field as the component mounts, and whatever is typed
 * from then on, is taken straight from the field, so it is searched as if typed now.
 */
function useTypedBeforeHydration(adopt: (typed: string) => void) {
  const ref = useRef<HTMLInputElement>(null);
  const adoptTyped = useRef(adopt);
  useLayoutEffect(() => {
    const field = ref.current;
    if (!field) return;
    if (field.value !== '') adoptTyped.current(field.value);
    // Text being composed (an input method's candidates) is taken once it is committed.
    const typed = (event: Event) => {
      if (!(event as InputEvent).isComposing) adoptTyped.current(field.value);
    };
    field.addEventListener('input', typed);
    return () => field.removeEventListener('input', typed);
  }, []);
  return ref;
}

/**
 * Which suggestion is highlighted: the best match (the first) as new suggestions arrive, so Enter
 * takes it, then wherever the arrows move it. Kept here rather than left to the combobox, which
 * highlights only for text it saw typed, and so not for text typed while the page came alive.
 */
function useBestMatchHighlight<T>(items: T[] | null, getKey: (item: T) => string) {
  const [moved, setMoved] = useState<{ items: T[] | null; value: string | null }>({
    items: null,
    value: null,
  });
  const first = items?.[0];
  const value = moved.items === items ? moved.value : first === undefined ? null : getKey(first);
  const move = (next: string | null) => setMoved({ items, value: next });
  return [value, move] as const;
}

interface SuggestionsProps<T> {
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
}

/** The open list: each suggestion, or 'No matching places' when the search found none. */
function Suggestions<T>({ getKey, renderItem }: SuggestionsProps<T>) {
  const combobox = useComboboxContext();
  const items = combobox.collection.items as T[];
  return (
    // A listbox holds options: with none, the list is a status that says so (and is read out).
    <Combobox.Content maxH="72" overflowY="auto" mt="1" role={items.length === 0 ? 'status' : undefined}>
      <Combobox.Empty px="4" py="3" color="fg.muted">
        No matching places
      </Combobox.Empty>
      {items.map((item) => {
        const key = getKey(item);
        return (
          <Combobox.Item
            key={key}
            item={item}
            // The highlighted suggestion is the one Enter takes: it is the selected option of the list.
            aria-selected={combobox.highlightedValue === key}
            flexDirection="column"
            alignItems="flex-start"
            px="4"
            py="3"
            _highlighted={{ bg: 'brand.subtle' }}
          >
            {renderItem(item)}
          </Combobox.Item>
        );
      })}
    </Combobox.Content>
  );
}

/**
 * An inline list takes room: closed the moment a press elsewhere begins, it would move what is being
 * pressed before the press ends, and the click would miss. So a press outside closes the list only
 * once its click has landed (the click follows the release in the same task). The combobox learns of
 * the press a frame late, so whether the pointer is still down is followed here, for as long as the
 * list is inline. Leaving the field by Tab closes the list at once.
 */
function useCloseAfterPress(close: () => void, inline: boolean) {
  const held = useRef(false);
  useEffect(() => {
    if (!inline) return;
    const down = () => {
      held.current = true;
    };
    const up = () => {
      held.current = false;
    };
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('pointercancel', up, true);
    return () => {
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('pointercancel', up, true);
    };
  }, [inline]);

  const onPointerDownOutside: ComboboxRootProps['onPointerDownOutside'] = (event) => {
    event.preventDefault();
    if (!held.current) {
      setTimeout(close);
      return;
    }
    const release = () => {
      document.removeEventListener('pointerup', release, true);
      document.removeEventListener('pointercancel', release, true);
      setTimeout(close);
    };
    document.addEventListener('pointerup', release, true);
    document.addEventListener('pointercancel', release, true);
  };
  return inline ? { onPointerDownOutside } : {};
}
