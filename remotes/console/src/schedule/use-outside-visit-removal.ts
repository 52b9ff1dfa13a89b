import { errorMessage } from '@atrium/graphql-client';
import { type StaffRequest, useStaffRemoveOutsideVisit } from '@atrium/graphql-client/staff';
import { emit } from '@atrium/stores';
import { useState } from 'react';
import { requestTimeSpan } from '../requests/request-format';
import type { ConfirmChange } from '../shared/confirm-dialog';
import { focusPageHeading } from '../shared/focus-page-heading';

/** A removal the server refused: which visit, and why. */
export interface RemovalFailure {
  id: string;
  message: string;
}

/**
 * Removing a visit booked outside Atrium: asked first (it frees the practitioner's time for clients),
 * then a toast; a refusal stays by the visit with a retry that asks nothing again.
 */
export function useOutsideVisitRemoval(marketplaceId: string) {
  const [change, setChange] = useState<ConfirmChange | null>(null);
  const [failure, setFailure] = useState<RemovalFailure | null>(null);
  const remove = useStaffRemoveOutsideVisit();

  const run = async (visit: StaffRequest) => {
    setFailure(null);
    try {
      await remove.mutateAsync({ marketplaceId, id: visit.id });
      const freed = `clients can book ${visit.practitioner.name} again on ${requestTimeSpan(visit)}`;
      emit('toast', { type: 'success', message: `Removed the visit booked elsewhere: ${freed}.` });
      // The visit leaves the schedule, and with it the button that removed it.
      focusPageHeading();
    } catch (error) {
      setFailure({ id: visit.id, message: errorMessage(error) });
    } finally {
      setChange(null);
    }
  };

  const ask = (visit: StaffRequest) =>
    setChange({
      title: 'Remove this visit booked elsewhere?',
      message: `${visit.practitioner.name}'s time on ${requestTimeSpan(visit)} is freed: clients can book it again.`,
      confirmLabel: 'Remove visit',
      run: () => run(visit),
    });

  return { change, failure, pending: remove.isPending, ask, retry: run, dismiss: () => setChange(null) };
}

export type OutsideVisitRemoval = ReturnType<typeof useOutsideVisitRemoval>;
