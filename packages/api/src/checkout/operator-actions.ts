// What a marketplace does with a request after checkout (operator actions the spec leaves out):
// confirm it (collecting what is due), complete it, decline it or cancel it.
// Confirming, declining and cancelling tell the client (services/notifications), in the transaction
// that makes the change.

import { createHash, randomBytes } from 'node:crypto';
import { APPOINTMENT_ACTION_MESSAGES, hasStarted, REASON_MESSAGES } from '@atrium/domain';
import { and, count, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import { InvalidInputError, NotFoundError } from '../kernel/errors';
import { largestId } from '../kernel/id-input';
import { packageItems } from '../memberships';
import type { NotificationSettings } from '../notifications';
import { type PaymentProcessorName, paymentInstruments, queuePaymentReceipt } from '../payments';
import { type AppointmentStatus, appointments } from '../scheduling';
import { notifyClient } from './appointment-notices/notify';
import { reminderLeadMs } from './appointment-notices/reminders';
import type { OperatorDependencies } from './ports';
import { refundPayment } from './refunds';
import { appointmentPayments, appointmentRequestProcedures, appointmentRequests } from './tables';

export type { OperatorDependencies } from './ports';

export type AppointmentPaymentRow = typeof appointmentPayments.$inferSelect;

export interface OperatorAppointmentResult {
  id: string;
  status: AppointmentStatus;
  /** Cents collected by this action. */
  charged: number;
  /** Why a charge failed (the appointment then stays PENDING). */
  failureReason: string | null;
}

/** What the operator is told when the client's bank wants them to authenticate the charge. */
export const authenticationPendingReason =
  "The client's bank asks them to authenticate this payment; we emailed them a link.";

/**
 * PENDING -> BOOKED, collecting what was due on confirmation when the request was made (the
 * marketplace's payment settings then: the total, a deposit, or nothing when paid on site).
 *
 * The attempt is recorded first (a pending appointment_payments row with its derived idempotency
 * key), then charged with that key, then settled: a crash in between leaves the pending row, and the
 * next confirmation charges again with the same key, which the processor answers with the first
 * charge. A repeated or concurrent confirmation therefore never charges twice. A failed charge
 * leaves it PENDING with the processor's reason (the next attempt gets a new key). A bank that wants
 * the client to authenticate leaves it PENDING too, and mails the client a link to the page where
 * they do (services/checkout/payment-authentication.ts books it after). The move to BOOKED queues the
 * client's confirmation (with the calendar invitation) in its transaction.
 */
export async function confirmAppointment(
  deps: OperatorDependencies,
  appointmentId: number,
  { actor = null }: { actor?: string | null } = {},
): Promise<OperatorAppointmentResult> {
  const { db, payments } = deps;
  const appointment = await findAppointment(db, appointmentId);
  assertStatus(appointment, ['PENDING'], 'confirmed');
  const [request] = await db
    .select()
    .from(appointmentRequests)
    .where(eq(appointmentRequests.appointmentId, appointmentId));
  const due = request?.dueNowCents ?? 0;

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
    const attempt = await openAttempt(db, {
      appointmentId,
      paymentInstrumentId: instrument.id,
      processor: processor.name,
      amountCents: due,
      actor,
    });
    if (attempt.status === 'requires_action') return failed(authenticationPendingReason);
    if (attempt.status === 'succeeded' && attempt.processorReference) {
      // Charged before a crash that stopped the booking: book now, without charging again.
      return bookCharged(deps, appointmentId, {
        amount: attempt.amountCents,
        reference: attempt.processorReference,
      });
    }
    return chargeAttempt(deps, attempt, instrument);
  }
  return bookCharged(deps, appointmentId, null);
}

/**
 * Charges an open attempt with its own key and settles it: succeeded books the appointment, a hold
 * for the client's bank mails them the link, a refusal leaves it PENDING with the reason. The key
 * makes a repeat (the next confirmation, or the reconciliation job after a crash) answer with the
 * first charge instead of charging again.
 */
export async function chargeAttempt(
  deps: OperatorDependencies,
  attempt: AppointmentPaymentRow,
  instrument: typeof paymentInstruments.$inferSelect,
): Promise<OperatorAppointmentResult> {
  const { db } = deps;
  const { appointmentId } = attempt;
  const result = await deps.payments.processor.charge({
    customerReference: instrument.customerReference,
    processorReference: instrument.processorReference,
    amountCents: attempt.amountCents,
    idempotencyKey: attempt.idempotencyKey,
    description: `Appointment ${appointmentId}`,
  });
  const pendingResult = (reason: string): OperatorAppointmentResult => ({
    id: String(appointmentId),
    status: 'PENDING',
    charged: 0,
    failureReason: reason,
  });
  if (!result.ok && result.authentication) {
    await awaitAuthentication(deps, attempt.id, appointmentId, result.authentication.reference);
    return pendingResult(authenticationPendingReason);
  }
  if (!result.ok) {
    await recordFailedCharge(deps, attempt, result.reason);
    return pendingResult(result.reason);
  }
  await db.transaction(async (tx) => {
    const [paid] = await tx
      .update(appointmentPayments)
      .set({
        status: 'succeeded',
        processorReference: result.reference,
        failureReason: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(appointmentPayments.id, attempt.id), eq(appointmentPayments.status, 'pending')))
      .returning({ id: appointmentPayments.id });
    if (paid) await queuePaymentReceipt(tx, 'appointment_payment', paid.id);
  });
  return bookCharged(deps, appointmentId, { amount: attempt.amountCents, reference: result.reference });
}

/**
 * The appointment's open charge attempt: the one a crashed or concurrent confirmation left (pending,
 * or waiting for the client's authentication), one charged but not yet booked, or a new pending one
 * whose key counts the failed attempts before it. The one-open index makes concurrent callers agree.
 */
async function openAttempt(
  db: Db,
  values: {
    appointmentId: number;
    paymentInstrumentId: number;
    processor: PaymentProcessorName;
    amountCents: number;
    /** The staff member confirming (their email); null for the operator. */
    actor: string | null;
  },
) {
  const ofAppointment = eq(appointmentPayments.appointmentId, values.appointmentId);
  for (;;) {
    const [open] = await db
      .select()
      .from(appointmentPayments)
      .where(
        and(ofAppointment, inArray(appointmentPayments.status, ['pending', 'requires_action', 'succeeded'])),
      )
      .orderBy(desc(appointmentPayments.id))
      .limit(1);
    if (open) return open;
    const [attempts] = await db
      .select({ failures: count() })
      .from(appointmentPayments)
      .where(and(ofAppointment, eq(appointmentPayments.status, 'failed')));
    const [created] = await db
      .insert(appointmentPayments)
      .values({
        ...values,
        idempotencyKey: `atrium-appointment-${values.appointmentId}-confirm-${(attempts?.failures ?? 0) + 1}`,
        status: 'pending',
      })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
  }
}

/**
 * The charge waits for the client: the attempt keeps the processor's payment and the hash of a
 * random token, and the client is mailed the link carrying the token, in one transaction.
 */
export async function awaitAuthentication(
  { db, notifications }: OperatorDependencies,
  paymentId: number,
  appointmentId: number,
  processorReference: string,
) {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(appointmentPayments)
      .set({
        status: 'requires_action',
        processorReference,
        failureReason: authenticationPendingReason,
        authenticationTokenHash: hashToken(token),
        updatedAt: sql`now()`,
      })
      .where(and(eq(appointmentPayments.id, paymentId), eq(appointmentPayments.status, 'pending')))
      .returning({ id: appointmentPayments.id });
    // A concurrent confirmation got here first and mailed the link.
    if (!row) return;
    const link = await paymentLink(tx, notifications, appointmentId, token);
    await notifyClient(
      tx,
      notifications,
      'authenticate-payment',
      { appointmentId },
      { authenticationLink: link },
    );
  });
}

/**
 * A refused charge is kept (its reason, and who tried) and the client is mailed a link to the payment
 * page, where they add another card for the marketplace to confirm again with; one transaction, so
 * the mail goes only with the record. The link's token is stored hashed, like an authentication link's.
 */
async function recordFailedCharge(
  { db, notifications }: OperatorDependencies,
  attempt: AppointmentPaymentRow,
  reason: string,
) {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(appointmentPayments)
      .set({
        status: 'failed',
        failureReason: reason,
        authenticationTokenHash: hashToken(token),
        updatedAt: sql`now()`,
      })
      .where(and(eq(appointmentPayments.id, attempt.id), eq(appointmentPayments.status, 'pending')))
      .returning({ id: appointmentPayments.id });
    if (!row) return;
    const link = await paymentLink(tx, notifications, attempt.appointmentId, token);
    await notifyClient(
      tx,
      notifications,
      'payment-failed',
      { appointmentId: attempt.appointmentId },
      {
        paymentLink: link,
        failureReason: reason,
      },
    );
  });
}

/** The client's link to the payment page of an appointment's charge. */
async function paymentLink(
  tx: Db,
  notifications: NotificationSettings,
  appointmentId: number,
  token: string,
) {
  const [appointment] = await tx
    .select({ marketplaceId: appointments.marketplaceId })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  return `${notifications.webOrigin}/${appointment?.marketplaceId}/payment/authenticate?token=${token}`;
}

/** SHA-256 (hex) of an authentication link's token: the database never holds the token itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * PENDING -> BOOKED after its charge (if any) succeeded, queueing the client's confirmation in the
 * same transaction. When someone else moved it meanwhile: a concurrent confirmation (which took the
 * same charge) is fine; a cancellation gets the charge given back.
 */
export async function bookCharged(
  { db, payments, notifications, clock }: OperatorDependencies,
  appointmentId: number,
  charged: { amount: number; reference: string } | null,
): Promise<OperatorAppointmentResult> {
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
    if (row) {
      await notifyClient(
        tx,
        notifications,
        'confirmed',
        { appointmentId },
        {
          charged: charged ? { cents: charged.amount, card: await chargedCard(tx, charged.reference) } : null,
        },
      );
    }
    return row;
  });
  if (booked)
    return {
      id: String(appointmentId),
      status: 'BOOKED',
      charged: charged?.amount ?? 0,
      failureReason: null,
    };

  const now = await findAppointment(db, appointmentId);
  if (now.status === 'BOOKED')
    return { id: String(appointmentId), status: 'BOOKED', charged: 0, failureReason: null };
  if (charged) {
    const [payment] = await db
      .select({ id: appointmentPayments.id })
      .from(appointmentPayments)
      .where(eq(appointmentPayments.processorReference, charged.reference));
    if (payment) {
      await refundPayment({ db, payments, notifications, clock }, payment.id, {
        amountCents: charged.amount,
        requestKey: 'cancelled-before-booking',
        actor: null,
      });
    }
  }
  throw new InvalidInputError(
    `Appointment ${appointmentId} was ${now.status} meanwhile; nothing was charged.`,
  );
}

/** The card a charge of an appointment was made to (by the processor's reference), for its mail. */
async function chargedCard(db: Db, reference: string) {
  const [card] = await db
    .select({ brand: paymentInstruments.brand, lastFour: paymentInstruments.lastFour })
    .from(appointmentPayments)
    .innerJoin(paymentInstruments, eq(paymentInstruments.id, appointmentPayments.paymentInstrumentId))
    .where(eq(appointmentPayments.processorReference, reference));
  return card ?? null;
}

/**
 * BOOKED -> COMPLETE, noting when (the client's past appointments show it); a completed visit keeps
 * its time (availability counts it). Staff complete a visit only once it has begun (one not begun yet
 * cannot have happened); the operator's back-office call (operator key, CLI) may pass
 * `onlyOnceBegun: false`.
 */
export async function completeAppointment(
  { db, clock }: Pick<OperatorDependencies, 'db' | 'clock'>,
  appointmentId: number,
  { onlyOnceBegun = true }: { onlyOnceBegun?: boolean } = {},
): Promise<OperatorAppointmentResult> {
  if (!onlyOnceBegun) {
    return transition(db, appointmentId, ['BOOKED'], 'COMPLETE', 'completed', { completedAt: sql`now()` });
  }
  // An id past the column's range is NOT_FOUND below.
  const [appointment] =
    appointmentId > largestId
      ? []
      : await db
          .select({ startsAt: appointments.startsAt, status: appointments.status })
          .from(appointments)
          .where(eq(appointments.id, appointmentId));
  if (appointment?.status === 'BOOKED' && !hasStarted(appointment.startsAt, clock())) {
    throw new InvalidInputError(APPOINTMENT_ACTION_MESSAGES.completeBeforeStart);
  }
  return transition(db, appointmentId, ['BOOKED'], 'COMPLETE', 'completed', { completedAt: sql`now()` });
}

/**
 * PENDING or BOOKED -> CANCELLED: the practitioner's time is free again (the exclusion constraint
 * and availability only count PENDING and BOOKED), and package points the request used are given
 * back. Money already collected is not refunded here (refunds.ts's cancelWithRefund gives back what
 * staff chose first, and passes the amount for the client's notice). The client is told, with the
 * reason when there is one (and, when it was BOOKED, the calendar invitation's withdrawal).
 */
export async function cancelAppointment(
  deps: Pick<OperatorDependencies, 'db' | 'notifications'>,
  appointmentId: number,
  options: { reason?: string | null; refundedCents?: number } = {},
): Promise<OperatorAppointmentResult> {
  return release(deps, appointmentId, {
    from: ['PENDING', 'BOOKED'],
    verb: 'cancelled',
    notice: 'cancelled',
    reason: options.reason,
    refundedCents: options.refundedCents,
  });
}

/** Throws as cancelAppointment would when the appointment cannot be cancelled (checked before a refund). */
export async function assertCancellable(db: Db, appointmentId: number): Promise<void> {
  assertStatus(await findAppointment(db, appointmentId), ['PENDING', 'BOOKED'], 'cancelled');
}

/**
 * PENDING -> CANCELLED with a reason: the marketplace turns a request down. The same as a
 * cancellation (time freed, package points given back), but the client is told their request was
 * declined, and why.
 */
export async function declineAppointment(
  deps: Pick<OperatorDependencies, 'db' | 'notifications'>,
  appointmentId: number,
  reason: string,
): Promise<OperatorAppointmentResult> {
  if (!reason.trim()) throw new InvalidInputError(REASON_MESSAGES.required);
  return release(deps, appointmentId, { from: ['PENDING'], verb: 'declined', notice: 'declined', reason });
}

/** Moves an appointment to CANCELLED, frees what it held and queues the client's notice. */
async function release(
  { db, notifications }: Pick<OperatorDependencies, 'db' | 'notifications'>,
  appointmentId: number,
  how: {
    from: AppointmentStatus[];
    verb: string;
    notice: 'cancelled' | 'declined';
    reason?: string | null;
    refundedCents?: number;
  },
): Promise<OperatorAppointmentResult> {
  return db.transaction(async (tx) => {
    // Locked first, so what it was (PENDING or BOOKED) is what is cancelled.
    const before = await findAppointment(tx, appointmentId, { lock: true });
    const result = await transition(tx, appointmentId, how.from, 'CANCELLED', how.verb, {
      cancellationReason: how.reason?.trim() || null,
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
      how.notice,
      { appointmentId },
      { wasBooked: before.status === 'BOOKED', refundedCents: how.refundedCents },
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
