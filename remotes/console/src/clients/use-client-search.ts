import { useSearchParams } from '@atrium/navigation';
import { useEffect, useState } from 'react';

/** How long typing pauses before the search is sent. */
const searchDelayMs = 300;

/**
 * The clients search as the address keeps it (?q=&client=): the text as typed, the search sent once
 * typing pauses, and the chosen client's id.
 */
export function useClientSearch() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [search, setSearch] = useState(text);
  const chosen = /^\d+$/.test(params.get('client') ?? '') ? (params.get('client') ?? '') : null;

  useEffect(() => {
    const timer = setTimeout(() => setSearch(text), searchDelayMs);
    return () => clearTimeout(timer);
  }, [text]);

  const keep = (next: { q?: string; client?: string | null }) => {
    const merged = new URLSearchParams(params);
    if (next.q !== undefined) {
      if (next.q.trim()) merged.set('q', next.q);
      else merged.delete('q');
    }
    if (next.client !== undefined) {
      if (next.client) merged.set('client', next.client);
      else merged.delete('client');
    }
    setParams(merged, { replace: true });
  };

  return {
    text,
    search,
    chosen,
    type: (value: string) => {
      setText(value);
      keep({ q: value });
    },
    choose: (clientId: string) => keep({ client: clientId }),
  };
}
