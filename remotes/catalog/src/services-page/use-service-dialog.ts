import type { Marketplace } from '@atrium/graphql-client';
import type { useSearchParams } from '@atrium/navigation';
import { emit } from '@atrium/stores';
import { useEffect, useMemo, useRef, useState } from 'react';
import { withoutServiceSelection } from '../shared/booking-links';

type SetParams = ReturnType<typeof useSearchParams>[1];

/**
 * The service the dialog shows (?procedure=), and whether the dialog is mounted: from its first
 * opening on, so that closing it can animate. A service this location does not offer is said so
 * in a toast and dropped from the address, instead of opening an empty dialog.
 */
export function useServiceDialog(
  catalog: Marketplace | undefined,
  procedureId: string | null,
  setParams: SetParams,
) {
  const proceduresById = useMemo(
    () => new Map(catalog?.procedures.map((procedure) => [procedure.id, procedure])),
    [catalog],
  );
  const procedure = procedureId ? (proceduresById.get(procedureId) ?? null) : null;
  const [opened, setOpened] = useState(false);
  if (procedure && !opened) setOpened(true);

  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!catalog || !procedureId || procedure || reported.current === procedureId) return;
    reported.current = procedureId;
    emit('toast', { type: 'warning', message: 'That service is not offered at the location you chose.' });
    setParams((current) => withoutServiceSelection(current), { replace: true });
  }, [catalog, procedureId, procedure, setParams]);

  return { procedure, opened };
}
