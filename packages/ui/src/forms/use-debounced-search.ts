import { useEffect, useEffectEvent, useState } from 'react';

export interface DebouncedSearchOptions {
  /** Searching starts at this many characters (trimmed). */
  minChars: number;
  /** Wait this long after the last keystroke. */
  debounceMs: number;
  /** Keep at most this many suggestions. */
  maxItems: number;
}

/**
 * Suggestions for what is typed: searched once typing pauses, a newer search aborting the one before.
 * `items` is null while the text is too short or nothing has come back yet; the previous answer stays
 * in view until the next one arrives, and a failed search counts as no suggestions.
 */
export function useDebouncedSearch<T>(
  input: string,
  search: (text: string, signal: AbortSignal) => Promise<T[]>,
  { minChars, debounceMs, maxItems }: DebouncedSearchOptions,
) {
  const [items, setItems] = useState<T[] | null>(null);
  const [loading, setLoading] = useState(false);
  const runSearch = useEffectEvent(search);
  const text = input.trim();
  const searchable = text.length >= minChars;

  useEffect(() => {
    if (!searchable) {
      // An abandoned search's answer is not shown again when the text grows back.
      setItems(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      runSearch(text, controller.signal).then(
        (found) => {
          setItems(found.slice(0, maxItems));
          setLoading(false);
        },
        () => {
          if (controller.signal.aborted) return;
          setItems([]);
          setLoading(false);
        },
      );
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, searchable, debounceMs, maxItems]);

  return { items: searchable ? items : null, loading: searchable && loading };
}
