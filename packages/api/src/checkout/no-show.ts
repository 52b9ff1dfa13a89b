// A booked visit the client did not come to: staff mark it NO_SHOW once it has begun (it keeps its
// time), and the marketplace's no-show fee (payment settings; none when unset) is charged to the card
// on file under a key of its own, so marking it again or a retried request never charges twice.
import { APPOINTMENT_ACTION_MESSAGES, hasStarted } from '@atrium/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import { InvalidInputError, NotFoundError } from '../kernel/errors';
import { largestId } from '../kernel/id-input';
import { marketplaces } from '../kernel/tables';
import { paymentInstruments, queuePaymentReceipt } from '../payments';
import { appointments } from '../scheduling';
import { notifyClient } from './appointment-notices/notify';
import type { OperatorAppointmentResult } from './operator-actions';
import type { OperatorDependencies } from './ports';
import { appointmentPayments, appointmentRequests } from './tables';

/**
 * BOOKED -> NO_SHOW for a visit that has begun, then the fee. The client is told (with the fee and
 * whether it went through). A fee the card refuses is kept on the appointment with the reason, as a
 * failed confirmation charge is; the appointment stays NO_SHOW.
 */
export async function markNoShow(
  deps: OperatorDependencies,
  appointmentId: number,
  { actor }: { actor: string | null },
): Promise<OperatorAppointmentResult> {
  const appointment = await bookedAppointment(deps.db, appointmentId);
  if (!hasStarted(appointment.startsAt, deps.clock())) {
    throw new InvalidInputError(APPOINTMENT_ACTION_MESSAGES.noShowBeforeStart);
  }
  const [moved] = await deps.db
    .update(appointments)
    .set({ status: 'NO_SHOW', updatedAt: sql`now()` })
    .where(and(eq(appointments.id, appointmentId), eq(appointments.status, 'BOOKED')))
    .returning({ id: appointments.id });
  if (!moved) throw new InvalidInputError(APPOINTMENT_ACTION_MESSAGES.noShowNotBooked);
  const fee = await chargeFee(deps, appointmentId, appointment.feeCents, actor);
  await notifyClient(deps.db, deps.notifications, 'no-show', { appointmentId }, { noShowFee: fee });
  return {
    id: String(appointmentId),
    status: 'NO_SHOW',
    charged: fee?.ok ? fee.cents : 0,
    failureReason: fee && !fee.ok ? fee.reason : null,
  };
}

async function bookedAppointment(db: Db, appointmentId: number) {
  const [row] =
    appointmentId > largestId
      ? []
      : await db
          .select({
            status: appointments.status,
            startsAt: appointments.startsAt,
            feeCents: marketplaces.noShowFeeCents,
          })
          .from(appointments)
          .innerJoin(marketplaces, eq(marketplaces.id, appointments.marketplaceId))
          .where(eq(appointments.id, appointmentId));
  if (!row) throw new NotFoundError(`Appointment ${appointmentId} was not found.`);
  if (row.status !== 'BOOKED') throw new InvalidInputError(APPOINTMENT_ACTION_MESSAGES.noShowNotBooked);
  return row;
}

export type NoShowFeeResult = { ok: true; cents: number } | { ok: false; cents: number; reason: string };

/** Charges the fee to the request's card once (its row is made first, under the appointment's no-show key). */
async function chargeFee(
  deps: OperatorDependencies,
  appointmentId: number,
  feeCents: number | null,
  actor: string | null,
): Promise<NoShowFeeResult | null> {
  if (!feeCents) return null;
  const { db } = deps;
  const [card] = await db
    .select({ instrument: paymentInstruments })
    .from(appointmentRequests)
    .innerJoin(paymentInstruments, eq(paymentInstruments.id, appointmentRequests.paymentInstrumentId))
    .where(eq(appointmentRequests.appointmentId, appointmentId));
  const idempotencyKey = `atrium-appointment-${appointmentId}-no-show`;
  const processor = deps.payments.processor;
  const usable = card && card.instrument.processor === processor.name ? card.instrument : null;
  const [payment] = await db
    .insert(appointmentPayments)
    .values({
      appointmentId,
      paymentInstrumentId: usable?.id ?? null,
      processor: processor.name,
      amountCents: feeCents,
      idempotencyKey,
      purpose: 'no_show_fee',
      actor,
      status: usable ? 'pending' : 'failed',
      failureReason: usable ? null : noCardReason,
    })
    .onConflictDoNothing()
    .returning();
  if (!payment) return null;
  if (!usable) return { ok: false, cents: feeCents, reason: noCardReason };
  return chargeNoShowFee(deps, payment, usable);
}

/**
 * Charges a pending no-show fee under its key and records the answer (also run by the reconciliation
 * job for one a crash left pending: the processor then answers with the first charge).
 */
export async function chargeNoShowFee(
  deps: Pick<OperatorDependencies, 'db' | 'payments'>,
  payment: typeof appointmentPayments.$inferSelect,
  card: typeof paymentInstruments.$inferSelect,
): Promise<NoShowFeeResult> {
  const result = await deps.payments.processor.charge({
    customerReference: card.customerReference,
    processorReference: card.processorReference,
    amountCents: payment.amountCents,
    idempotencyKey: payment.idempotencyKey,
    description: `No-show fee, appointment ${payment.appointmentId}`,
  });
  await deps.db.transaction(async (tx) => {
    const [settled] = await tx
      .update(appointmentPayments)
      .set({
        status: result.ok ? 'succeeded' : 'failed',
        processorReference: result.ok ? result.reference : null,
        failureReason: result.ok ? null : result.reason,
        updatedAt: sql`now()`,
      })
      .where(and(eq(appointmentPayments.id, payment.id), eq(appointmentPayments.status, 'pending')))
      .returning({ id: appointmentPayments.id });
    if (settled && result.ok) await queuePaymentReceipt(tx, 'appointment_payment', settled.id);
  });
  const cents = payment.amountCents;
  return result.ok ? { ok: true, cents } : { ok: false, cents, reason: result.reason };
}

const noCardReason = 'No card is on file for this appointment.';
