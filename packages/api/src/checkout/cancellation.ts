// A staff cancellation that gives money back: the refund staff chose, then the cancellation whose
// mail states it.
import { notifyClient } from './appointment-notices/notify';
import { assertCancellable, cancelAppointment, type OperatorAppointmentResult } from './operator-actions';
import type { OperatorDependencies } from './ports';
import { type RefundRequest, refundableConfirmationCharge, refundPayment } from './refunds';

/**
 * Cancels an appointment after giving back what staff chose of its confirmation charge (none when
 * `refund` is null or nothing was collected): the refund first, so a refused one leaves the
 * appointment as it was, and the cancellation's mail states the amount. Should the appointment have
 * moved meanwhile (cancelled by someone else), the client still gets a mail of the refund.
 */
export async function cancelWithRefund(
  deps: OperatorDependencies,
  appointmentId: number,
  options: { reason?: string | null; refund: Omit<RefundRequest, 'reason'> | null },
): Promise<OperatorAppointmentResult & { refundedCents: number }> {
  await assertCancellable(deps.db, appointmentId);
  const charge = options.refund ? await refundableConfirmationCharge(deps.db, appointmentId) : null;
  if (!options.refund || !charge || options.refund.amountCents === 0) {
    return {
      ...(await cancelAppointment(deps, appointmentId, { reason: options.reason })),
      refundedCents: 0,
    };
  }
  const request = { ...options.refund, reason: options.reason };
  // A retried request (the same key) states the first one's refund, whatever amount it asked for.
  const { amountCents } = await refundPayment(deps, charge.paymentId, request, { notify: false });
  try {
    const cancelled = await cancelAppointment(deps, appointmentId, {
      reason: options.reason,
      refundedCents: amountCents,
    });
    return { ...cancelled, refundedCents: amountCents };
  } catch (error) {
    await notifyClient(
      deps.db,
      deps.notifications,
      'refunded',
      { appointmentId },
      {
        refundedCents: amountCents,
        refundReason: options.reason,
      },
    );
    throw error;
  }
}
