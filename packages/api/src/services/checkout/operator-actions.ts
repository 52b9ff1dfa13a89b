// What a marketplace does with a request after checkout (ARCHITECTURE 5: operator actions the spec
// leaves out): confirm it (collecting what is due), complete it, or cancel it. Confirming and
// cancelling tell the client (services/notifications), in the transaction that makes the change.
import { and, count, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../adapters/database/database';
import type { PaymentsProcessor } from '../../adapters/payments/payments-processor';
import {
  appointmentPayments,
  appointmentRequestProcedures,
  appointmentRequests,
  packageItems,
  paymentInstruments,
} from '../../db/checkout-schema';
import { type AppointmentStatus, appointments } from '../../db/scheduling-schema';
import { InvalidInputError, NotFoundError } from '../errors';
import { notifyClient } from '../notifications/notify';
import { reminderLeadMs } from '../notifications/reminders';
import type { NotificationSettings } from '../notifications/settings';
import { largestId } from './cart-pricing';

export interface OperatorDependencies {
  db: Db;
  payments: { processor: PaymentsProcessor };
  notifications: NotificationSettings;
  clock: () => Date;
}

export interface OperatorAppointmentResult {
  id: string;
  status: AppointmentStatus;
  /** Cents collected by this action. */
  charged: number;
  /** Why a charge failed (the appointment then stays PENDING). */
  failureReason: string | null;
}

/**
 * PENDING -> BOOKED, collecting what was due on confirmation when the request was made (the
 * marketplace's payment settings then: the total, a deposit, or nothing when paid on site). The
 * charge's idempotency key is derived from the appointment and the attempt, so a repeated or
 * concurrent confirmation never charges twice. A failed charge leaves it PENDING and is recorded
 * with the processor's reason. The move to BOOKED queues the client's confirmation (with the calendar
 * invitation) in its transaction; one less than 24 hours ahead gets no separate reminder.
 */
export async function confirmAppointment(
  { db, payments, notifications, clock }: OperatorDependencies,
  appointmentId: number,
): Promise<OperatorAppointmentResult> {
  const appointment = await findAppointment(db, appointmentId);
  assertStatus(appointment, ['PENDING'], 'confirmed');
  const [request] = await db
    .select()
    .from(appointmentRequests)
    .where(eq(appointmentRequests.appointmentId, appointmentId));
  const due = request?.dueNowCents ?? 0;

  let charged: { amount: number; reference: string } | null = null;
  if (due > 0) {
    const failed = (reason: string) => ({
      id: String(appointmentId),
      status: 'PENDING' as const,
      charged: 0,
      failureReason: reason,
    });
    const processor = payments.processor;
    const [instrument] = request?.paymentInstrumentId
      ? await db
          .select()
          .from(paymentInstruments)
          .where(eq(paymentInstruments.id, request.paymentInstrumentId))
      : [];
    if (!instrument) return failed('No card is on file for this appointment.');
    if (instrument.processor !== processor.name) {
      return failed(
        `The card on file is held by the ${instrument.processor} processor, not ${processor.name}.`,
      );
    }
    const [attempts] = await db
      .select({ failures: count() })
      .from(appointmentPayments)
      .where(
        and(eq(appointmentPayments.appointmentId, appointmentId), eq(appointmentPayments.status, 'failed')),
      );
    const idempotencyKey = `atrium-appointment-${appointmentId}-confirm-${(attempts?.failures ?? 0) + 1}`;
    const result = await processor.charge({
      customerReference: instrument.customerReference,
      processorReference: instrument.processorReference,
      amountCents: due,
      idempotencyKey,
      description: `Appointment ${appointmentId}`,
    });
    await db
      .insert(appointmentPayments)
      .values({
        appointmentId,
        paymentInstrumentId: instrument.id,
        processor: processor.name,
        amountCents: due,
        idempotencyKey,
        status: result.ok ? 'succeeded' : 'failed',
        processorReference: result.ok ? result.reference : null,
        failureReason: result.ok ? null : result.reason,
      })
      .onConflictDoNothing();
    if (!result.ok) return failed(result.reason);
    charged = { amount: due, reference: result.reference };
  }

  const confirmedAt = clock();
  const reminderDue = new Date(confirmedAt.getTime() + reminderLeadMs);
  const booked = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(appointments)
      .set({
        status: 'BOOKED',
        updatedAt: sql`now()`,
        // The confirmation of a visit within the reminder's lead time stands in for the reminder.
        remindedAt: sql`case when ${appointments.startsAt} <= ${reminderDue.toISOString()}::timestamptz
                        then ${confirmedAt.toISOString()}::timestamptz end`,
      })
      .where(and(eq(appointments.id, appointmentId), eq(appointments.status, 'PENDING')))
      .returning({ id: appointments.id });
    if (row) await notifyClient(tx, notifications, 'confirmed', { appointmentId });
    return row;
  });
  if (booked)
    return {
      id: String(appointmentId),
      status: 'BOOKED',
      charged: charged?.amount ?? 0,
      failureReason: null,
    };

  // Someone else moved it meanwhile: a concurrent confirmation (which took the same charge), or a
  // cancellation, whose charge is given back.
  const now = await findAppointment(db, appointmentId);
  if (now.status === 'BOOKED')
    return { id: String(appointmentId), status: 'BOOKED', charged: 0, failureReason: null };
  if (charged) {
    await payments.processor.refund({
      chargeReference: charged.reference,
      idempotencyKey: `atrium-refund-${charged.reference}`,
    });
    await db
      .update(appointmentPayments)
      .set({ status: 'refunded' })
      .where(eq(appointmentPayments.processorReference, charged.reference));
  }
  throw new InvalidInputError(
    `Appointment ${appointmentId} was ${now.status} meanwhile; nothing was charged.`,
  );
}

/** BOOKED -> COMPLETE, noting when (the client's past appointments show it). */
export async function completeAppointment(
  { db }: Pick<OperatorDependencies, 'db'>,
  appointmentId: number,
): Promise<OperatorAppointmentResult> {
  return transition(db, appointmentId, ['BOOKED'], 'COMPLETE', 'completed', { completedAt: sql`now()` });
}

/**
 * PENDING or BOOKED -> CANCELLED: the practitioner's time is free again (the exclusion constraint
 * and availability only count PENDING and BOOKED), and package points the request used are given
 * back. Money already collected is not refunded automatically (the marketplace's policy decides).
 * The client is told, with the reason when there is one (and, when it was BOOKED, the calendar
 * invitation's withdrawal).
 */
export async function cancelAppointment(
  { db, notifications }: Pick<OperatorDependencies, 'db' | 'notifications'>,
  appointmentId: number,
  options: { reason?: string | null } = {},
): Promise<OperatorAppointmentResult> {
  return db.transaction(async (tx) => {
    // Locked first, so what it was (PENDING or BOOKED) is what is cancelled.
    const before = await findAppointment(tx, appointmentId, { lock: true });
    const result = await transition(tx, appointmentId, ['PENDING', 'BOOKED'], 'CANCELLED', 'cancelled', {
      cancellationReason: options.reason?.trim() || null,
    });
    const used = await tx
      .select({ packageItemId: appointmentRequestProcedures.packageItemId })
      .from(appointmentRequestProcedures)
      .innerJoin(appointmentRequests, eq(appointmentRequests.id, appointmentRequestProcedures.requestId))
      .where(
        and(
          eq(appointmentRequests.appointmentId, appointmentId),
          isNotNull(appointmentRequestProcedures.packageItemId),
        ),
      );
    const itemIds = used.map((row) => row.packageItemId).filter((id): id is number => id !== null);
    for (const itemId of itemIds) {
      await tx
        .update(packageItems)
        .set({ balance: sql`least(${packageItems.balance} + 1, ${packageItems.totalPoints})` })
        .where(inArray(packageItems.id, [itemId]));
    }
    await notifyClient(
      tx,
      notifications,
      'cancelled',
      { appointmentId },
      { wasBooked: before.status === 'BOOKED' },
    );
    return result;
  });
}

async function transition(
  db: Db,
  appointmentId: number,
  from: AppointmentStatus[],
  to: AppointmentStatus,
  verb: string,
  alsoSet: { completedAt?: SQL; cancellationReason?: string | null } = {},
): Promise<OperatorAppointmentResult> {
  const appointment = await findAppointment(db, appointmentId);
  assertStatus(appointment, from, verb);
  const [row] = await db
    .update(appointments)
    .set({ ...alsoSet, status: to, updatedAt: sql`now()` })
    .where(and(eq(appointments.id, appointmentId), inArray(appointments.status, from)))
    .returning({ id: appointments.id });
  if (!row) {
    // Moved by someone else between the read and the update.
    assertStatus(await findAppointment(db, appointmentId), [], verb);
  }
  return { id: String(appointmentId), status: to, charged: 0, failureReason: null };
}

async function findAppointment(db: Db, appointmentId: number, options: { lock?: boolean } = {}) {
  const notFound = new NotFoundError(`Appointment ${appointmentId} was not found.`);
  if (appointmentId > largestId) throw notFound;
  const query = db
    .select({ id: appointments.id, status: appointments.status })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound;
  return row;
}

function assertStatus(
  appointment: { id: number; status: AppointmentStatus },
  allowed: AppointmentStatus[],
  verb: string,
) {
  if (allowed.includes(appointment.status)) return;
  const which =
    allowed.length > 0 ? `only ${allowed.join(' or ')} appointments can be ${verb}` : `it cannot be ${verb}`;
  throw new InvalidInputError(`Appointment ${appointment.id} is ${appointment.status}; ${which}.`);
}
