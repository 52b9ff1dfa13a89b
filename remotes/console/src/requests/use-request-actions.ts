import { formatCents } from '@atrium/domain';
import { errorMessage } from '@atrium/graphql-client';
import {
  type StaffPayment,
  type StaffRequest,
  useStaffCancelAppointment,
  useStaffCompleteAppointment,
  useStaffConfirmAppointment,
  useStaffDeclineAppointment,
  useStaffMarkNoShow,
  useStaffRefundPayment,
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

/** A refund's key, made once when its dialog opens: sending it again (a retry) refunds once. */
const newRequestKey = () => crypto.randomUUID();

/**
 * What the front desk does with a request (confirm, decline, complete, cancel with a refund, no-show,
 * refund a payment), each announced in a toast naming the `subject`, focus then on the section's
 * heading when the request moves out of the list. A failed charge keeps the request pending; its
 * trace stays on the request (PaymentsPanel).
 */
export function useRequestActions(marketplaceId: string, request: StaffRequest, subject: string) {
  const [asking, setAsking] = useState<ReasonAction | null>(null);
  const [askingNoShow, setAskingNoShow] = useState(false);
  const [moving, setMoving] = useState(false);
  const [cancelKey, setCancelKey] = useState(newRequestKey);
  const confirm = useStaffConfirmAppointment();
  const decline = useStaffDeclineAppointment();
  const complete = useStaffCompleteAppointment();
  const cancel = useStaffCancelAppointment();
  const noShow = useStaffMarkNoShow();
  const refund = useRefund(marketplaceId, subject);
  const ids = { marketplaceId, id: request.id };

  const onConfirm = () =>
    toastingErrors(async () => {
      const result = await confirm.mutateAsync(ids);
      if (result.status === 'BOOKED') {
        const charged = result.charged > 0 ? ` ${formatCents(result.charged)} charged.` : '';
        emit('toast', { type: 'success', message: `Confirmed ${subject}.${charged}` });
        focusPageHeading();
        return;
      }
      const reason = result.failureReason ?? 'The charge did not go through.';
      emit('toast', { type: 'error', message: `The charge failed: ${reason} The request stays pending.` });
    });

  const onComplete = () =>
    toastingErrors(async () => {
      await complete.mutateAsync(ids);
      emit('toast', { type: 'success', message: `Completed ${subject}.` });
      focusPageHeading();
    });

  const onReason = (reason: string, refundCents: number) =>
    toastingErrors(async () => {
      if (asking === 'decline') {
        await decline.mutateAsync({ ...ids, reason });
        emit('toast', { type: 'success', message: `Declined ${subject}.` });
      } else {
        const refunded = refundCents > 0 ? { amount: refundCents, requestKey: cancelKey } : null;
        await cancel.mutateAsync({ ...ids, reason, refund: refunded });
        const money = refunded ? ` ${formatCents(refundCents)} refunded.` : '';
        emit('toast', { type: 'success', message: `Cancelled ${subject}.${money}` });
        setCancelKey(newRequestKey());
      }
      setAsking(null);
      // The request leaves the list it was in, and with it the button that opened the dialog.
      focusPageHeading();
    });

  const onNoShow = () =>
    toastingErrors(async () => {
      const result = await noShow.mutateAsync(ids);
      setAskingNoShow(false);
      const fee = result.charged > 0 ? ` No-show fee of ${formatCents(result.charged)} charged.` : '';
      emit('toast', { type: 'success', message: `Marked ${subject} as a no-show.${fee}` });
      if (result.failureReason) {
        emit('toast', { type: 'error', message: `The no-show fee failed: ${result.failureReason}` });
      }
      focusPageHeading();
    });

  return {
    asking,
    ask: setAsking,
    askingNoShow,
    askNoShow: setAskingNoShow,
    moving,
    startMove: setMoving,
    ...refund,
    busy:
      confirm.isPending || decline.isPending || complete.isPending || cancel.isPending || noShow.isPending,
    confirming: confirm.isPending,
    completing: complete.isPending,
    sendingReason: decline.isPending || cancel.isPending,
    markingNoShow: noShow.isPending,
    confirm: onConfirm,
    complete: onComplete,
    submitReason: onReason,
    markNoShow: onNoShow,
  };
}

export type RequestActions = ReturnType<typeof useRequestActions>;

/** Refunding a payment: the dialog's payment, its request key made when it opens, and the call. */
function useRefund(marketplaceId: string, subject: string) {
  const [refunding, setRefunding] = useState<{ payment: StaffPayment; requestKey: string } | null>(null);
  const refund = useStaffRefundPayment();
  const submitRefund = (cents: number, reason: string | null) =>
    toastingErrors(async () => {
      if (!refunding) return;
      await refund.mutateAsync({
        marketplaceId,
        paymentId: refunding.payment.id,
        refund: { amount: cents, requestKey: refunding.requestKey },
        reason,
      });
      setRefunding(null);
      emit('toast', { type: 'success', message: `Refunded ${formatCents(cents)} to ${subject}.` });
    });
  return {
    refunding: refunding?.payment ?? null,
    startRefund: (payment: StaffPayment | null) =>
      setRefunding(payment ? { payment, requestKey: newRequestKey() } : null),
    sendingRefund: refund.isPending,
    submitRefund,
  };
}
