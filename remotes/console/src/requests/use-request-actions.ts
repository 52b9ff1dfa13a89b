import { formatCents } from '@atrium/domain';
import { errorMessage } from '@atrium/graphql-client';
import {
  type StaffRequest,
  useStaffCancelAppointment,
  useStaffCompleteAppointment,
  useStaffConfirmAppointment,
  useStaffDeclineAppointment,
} from '@atrium/graphql-client/staff';
import { emit } from '@atrium/stores';
import { useState } from 'react';
import { focusPageHeading } from '../shared/focus-page-heading';

/** The actions that need a reason told to the client. */
export type ReasonAction = 'decline' | 'cancel';

/** Runs an action; a refusal shows as an error toast rather than an unhandled rejection. */
async function toastingErrors(action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (error) {
    emit('toast', { type: 'error', message: errorMessage(error) });
  }
}

/**
 * What the front desk does with a request (confirm, decline, complete, cancel), each announced in a
 * toast naming the `subject`, focus then on the section's heading (the request moves out of the list).
 * A failed charge keeps the request pending, and its reason stays shown.
 */
export function useRequestActions(marketplaceId: string, request: StaffRequest, subject: string) {
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState<ReasonAction | null>(null);
  const confirm = useStaffConfirmAppointment();
  const decline = useStaffDeclineAppointment();
  const complete = useStaffCompleteAppointment();
  const cancel = useStaffCancelAppointment();
  const ids = { marketplaceId, id: request.id };

  const onConfirm = () =>
    toastingErrors(async () => {
      setFailure(null);
      const result = await confirm.mutateAsync(ids);
      if (result.status === 'BOOKED') {
        const charged = result.charged > 0 ? ` ${formatCents(result.charged)} charged.` : '';
        emit('toast', { type: 'success', message: `Confirmed ${subject}.${charged}` });
        focusPageHeading();
        return;
      }
      const reason = result.failureReason ?? 'The charge did not go through.';
      setFailure(reason);
      emit('toast', { type: 'error', message: `The charge failed: ${reason} The request stays pending.` });
    });

  const onComplete = () =>
    toastingErrors(async () => {
      await complete.mutateAsync(ids);
      emit('toast', { type: 'success', message: `Completed ${subject}.` });
      focusPageHeading();
    });

  const onReason = (reason: string) =>
    toastingErrors(async () => {
      if (asking === 'decline') {
        await decline.mutateAsync({ ...ids, reason });
        emit('toast', { type: 'success', message: `Declined ${subject}.` });
      } else {
        await cancel.mutateAsync({ ...ids, reason });
        emit('toast', { type: 'success', message: `Cancelled ${subject}.` });
      }
      setAsking(null);
      // The request leaves the list it was in, and with it the button that opened the dialog.
      focusPageHeading();
    });

  return {
    failure,
    asking,
    ask: setAsking,
    busy: confirm.isPending || decline.isPending || complete.isPending || cancel.isPending,
    confirming: confirm.isPending,
    completing: complete.isPending,
    sendingReason: decline.isPending || cancel.isPending,
    confirm: onConfirm,
    complete: onComplete,
    submitReason: onReason,
  };
}

export type RequestActions = ReturnType<typeof useRequestActions>;
