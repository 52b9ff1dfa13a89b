// Staff actions on a request: the guard, then the marketplace's own operator services (checkout's
// operator actions), which charge or refund, move the state and notify the client; then the
// activity log's row of who did it.
import type { StaffOperation } from '@atrium/domain';
import { eq } from 'drizzle-orm';
import {
  appointmentPayments,
  cancelWithRefund,
  completeAppointment,
  confirmAppointment,
  declineAppointment,
  markNoShow,
  type OperatorAppointmentResult,
  type OperatorDependencies,
  type RefundOutcome,
  refundPayment,
} from '../checkout';
import type { RequestSession } from '../identity';
import { NotFoundError } from '../kernel/errors';
import { largestId } from '../kernel/id-input';
import { requireStaffOnAppointment, type StaffAccess } from './access';
import { logActivity } from './changes';

export type StaffActionContext = OperatorDependencies & { session: RequestSession };

/** A refund staff ask for: cents, and the key their form made once for it. */
export interface StaffRefund {
  amountCents: number;
  requestKey: string;
}

export interface StaffActionInput {
  marketplaceId: number;
  appointmentId: number;
  /** decline (required) and cancel: told to the client. */
  reason?: string | null;
  /** cancel: what to give back of the confirmation charge first. */
  refund?: StaffRefund | null;
}

type StaffAction = 'confirm' | 'decline' | 'complete' | 'cancel' | 'noShow';

const operations: Record<StaffAction, StaffOperation> = {
  confirm: 'confirmAppointment',
  decline: 'declineAppointment',
  complete: 'completeAppointment',
  cancel: 'cancelAppointment',
  noShow: 'markNoShow',
};

/** The activity log's name of each action. */
const logged: Record<StaffAction, string> = {
  confirm: 'appointment.confirm',
  decline: 'appointment.decline',
  complete: 'appointment.complete',
  cancel: 'appointment.cancel',
  noShow: 'appointment.no-show',
};

/** Runs one action for a member whose role allows it on this appointment of this marketplace. */
export async function staffAppointmentAction(
  context: StaffActionContext,
  action: StaffAction,
  input: StaffActionInput,
): Promise<OperatorAppointmentResult> {
  const { marketplaceId, appointmentId } = input;
  const access = await requireStaffOnAppointment(context, marketplaceId, appointmentId, operations[action]);
  const result = await run(context, action, input, access.member.email);
  await logActivity(context.db, record(access, marketplaceId, logged[action]), {
    subject: `Appointment ${appointmentId}`,
    before: null,
    after: {
      status: result.status,
      ...(result.charged ? { chargedCents: result.charged } : {}),
      ...(result.failureReason ? { failureReason: result.failureReason } : {}),
      ...('refundedCents' in result && result.refundedCents ? { refundedCents: result.refundedCents } : {}),
      ...(input.reason ? { reason: input.reason } : {}),
    },
  });
  return result;
}

function run(
  context: StaffActionContext,
  action: StaffAction,
  input: StaffActionInput,
  actor: string,
): Promise<OperatorAppointmentResult> {
  const { appointmentId } = input;
  switch (action) {
    case 'confirm':
      return confirmAppointment(context, appointmentId, { actor });
    case 'decline':
      return declineAppointment(context, appointmentId, input.reason ?? '');
    case 'complete':
      return completeAppointment(context, appointmentId);
    case 'cancel':
      return cancelWithRefund(context, appointmentId, {
        reason: input.reason,
        refund: input.refund ? { ...input.refund, actor } : null,
      });
    case 'noShow':
      return markNoShow(context, appointmentId, { actor });
  }
}

/**
 * Refunds (part of) a payment of one of the marketplace's appointments: the payment's appointment
 * is guarded like an action on it (a payment of another marketplace is NOT_FOUND).
 */
export async function staffRefundPayment(
  context: StaffActionContext,
  input: { marketplaceId: number; paymentId: number; refund: StaffRefund; reason: string | null },
): Promise<RefundOutcome> {
  const { marketplaceId, paymentId } = input;
  const [payment] =
    paymentId > largestId
      ? []
      : await context.db
          .select({ appointmentId: appointmentPayments.appointmentId })
          .from(appointmentPayments)
          .where(eq(appointmentPayments.id, paymentId));
  if (!payment) throw new NotFoundError(`Payment ${paymentId} was not found.`);
  const access = await requireStaffOnAppointment(
    context,
    marketplaceId,
    payment.appointmentId,
    'refundPayment',
  ).catch((error: unknown) => {
    throw error instanceof NotFoundError ? new NotFoundError(`Payment ${paymentId} was not found.`) : error;
  });
  const outcome = await refundPayment(context, paymentId, {
    ...input.refund,
    reason: input.reason,
    actor: access.member.email,
  });
  if (outcome.repeated) return outcome;
  await logActivity(context.db, record(access, marketplaceId, 'payment.refund'), {
    subject: `Appointment ${payment.appointmentId}, payment ${paymentId}`,
    before: null,
    after: {
      refundedCents: input.refund.amountCents,
      totalRefundedCents: outcome.refundedCents,
      reason: input.reason,
    },
  });
  return outcome;
}

function record(access: StaffAccess, marketplaceId: number, action: string) {
  return { marketplaceId, staffMemberId: access.member.id, actor: access.member.email, action };
}
