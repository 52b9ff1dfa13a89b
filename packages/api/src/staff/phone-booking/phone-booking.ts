// The front desk books for a client (a phone-in client): the guard, then checkout's own booking for
// a client (bookOnBehalf: the same rules, held time, request, mails and idempotency as a client's
// booking) with its activity-log row in the booking's transaction, then "Confirm now" as the staff's
// own confirm action. Also the client's cards on file (brand and last four) and the price to tell them.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  appointmentPayments,
  type BookingPlace,
  bookOnBehalf,
  type CheckoutNoteAnswer,
  type CheckoutPorts,
  type OnBehalfBookingView,
  type OnBehalfPayment,
  type OnBehalfQuote,
  type OperatorAppointmentResult,
  quoteOnBehalf,
} from '../../checkout';
import type { RequestSession } from '../../identity';
import type { Db } from '../../kernel/database/database';
import { paymentInstruments } from '../../payments';
import { appointments } from '../../scheduling';
import { requireStaff, type StaffAccess } from '../access';
import { staffAppointmentAction } from '../actions';
import { logActivity } from '../changes';
import { clientDetails } from '../clients';

export type PhoneBookingContext = CheckoutPorts & { session: RequestSession };

export interface StaffBookingInput {
  marketplaceId: number;
  idempotencyKey: string;
  client:
    | { clientId: number }
    | { newClient: { givenName: string; familyName: string; email: string; phone: string } };
  place: BookingPlace;
  /** Services and add-ons, each once. */
  procedureIds: number[];
  /** A local date and HH:mm time at the place. */
  slot: { date: string; time: string };
  payment: OnBehalfPayment;
  notes: string | null;
  checkoutNotes: CheckoutNoteAnswer[];
  confirmNow: boolean;
}

export interface StaffBookingView {
  id: string;
  status: OperatorAppointmentResult['status'];
  client: OnBehalfBookingView['client'];
  practitioner: { id: string; name: string };
  start: string;
  end: string;
  timeZone: string;
  clinicName: string | null;
  address: string;
  total: number;
  dueOnConfirmation: number;
  charged: number;
  confirmationFailure: string | null;
}

/**
 * Books for a client of the marketplace (NOT_FOUND for anyone who never sent it a request) or a new
 * client, owner and front desk only; with confirmNow, confirms it as staffConfirmAppointment does.
 */
export async function staffCreateBooking(
  context: PhoneBookingContext,
  input: StaffBookingInput,
): Promise<StaffBookingView> {
  const access = await requireStaff(context, input.marketplaceId, 'createBooking');
  if ('clientId' in input.client)
    await assertClientOf(context.db, input.marketplaceId, input.client.clientId);
  const { client, confirmNow, ...booking } = input;
  const booked = await bookOnBehalf(
    context,
    {
      ...booking,
      bookedByUserId: access.member.userId,
      client: 'clientId' in client ? { userId: client.clientId } : client,
    },
    (tx, view) => logBooking(tx, access, input, view),
  );
  const confirmation = confirmNow ? await confirmBooking(context, input.marketplaceId, booked) : null;
  return bookingView(booked, confirmation);
}

/** The cards on file of a client of the marketplace with the processor in use, the primary first. */
export async function staffClientCards(
  context: PhoneBookingContext,
  input: { marketplaceId: number; clientId: number },
): Promise<{ id: string; brand: string; lastFour: string }[]> {
  await requireStaff(context, input.marketplaceId, 'createBooking');
  await assertClientOf(context.db, input.marketplaceId, input.clientId);
  const rows = await context.db
    .select({
      id: paymentInstruments.id,
      brand: paymentInstruments.brand,
      lastFour: paymentInstruments.lastFour,
    })
    .from(paymentInstruments)
    .where(
      and(
        eq(paymentInstruments.userId, input.clientId),
        eq(paymentInstruments.processor, context.payments.processor.name),
        isNull(paymentInstruments.deletedAt),
      ),
    )
    .orderBy(
      desc(paymentInstruments.isPrimary),
      desc(paymentInstruments.createdAt),
      desc(paymentInstruments.id),
    );
  return rows.map((row) => ({ ...row, id: String(row.id) }));
}

/** What the booking would cost the client and what confirming it would charge. */
export async function staffBookingQuote(
  context: PhoneBookingContext,
  input: {
    marketplaceId: number;
    clientId: number | null;
    place: BookingPlace;
    procedureIds: number[];
    collectOnSite: boolean;
  },
): Promise<OnBehalfQuote> {
  await requireStaff(context, input.marketplaceId, 'createBooking');
  if (input.clientId !== null) await assertClientOf(context.db, input.marketplaceId, input.clientId);
  return quoteOnBehalf(context, {
    marketplaceId: input.marketplaceId,
    clientUserId: input.clientId,
    place: input.place,
    procedureIds: input.procedureIds,
    onSite: input.collectOnSite,
  });
}

/** NOT_FOUND unless the user sent this marketplace a request (as the console's client search finds them). */
async function assertClientOf(db: Db, marketplaceId: number, clientId: number): Promise<void> {
  await clientDetails({ db, marketplaceId, clientId });
}

/** The activity log's row: who booked, for whom, when and how it is paid. */
function logBooking(tx: Db, access: StaffAccess, input: StaffBookingInput, view: OnBehalfBookingView) {
  const { member } = access;
  const payment =
    'onSite' in input.payment ? 'on site' : 'card' in input.payment ? 'new card' : 'card on file';
  return logActivity(
    tx,
    {
      marketplaceId: input.marketplaceId,
      staffMemberId: member.id,
      actor: member.email,
      action: 'appointment.book',
    },
    {
      subject: `Appointment ${view.id}`,
      before: null,
      after: {
        client: view.client.name,
        clientId: view.client.id,
        start: view.recap?.start ?? null,
        practitionerId: view.practitioner?.id ?? null,
        procedureIds: input.procedureIds.map(String),
        totalCents: view.recap?.total ?? null,
        dueOnConfirmationCents: view.dueOnConfirmation,
        payment,
      },
    },
  );
}

/**
 * Confirm now: the staff's confirm action (its guard, charge, mail and log row). A repeat of the
 * booking finds it already confirmed and reports it so, with what that charged, without a second attempt.
 */
async function confirmBooking(
  context: PhoneBookingContext,
  marketplaceId: number,
  booked: OnBehalfBookingView,
): Promise<OperatorAppointmentResult> {
  const appointmentId = Number(booked.id);
  const [row] = await context.db
    .select({ status: appointments.status })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  if (row && row.status !== 'PENDING') {
    const [paid] = await context.db
      .select({ cents: sql<number>`coalesce(sum(${appointmentPayments.amountCents}), 0)::int` })
      .from(appointmentPayments)
      .where(
        and(
          eq(appointmentPayments.appointmentId, appointmentId),
          eq(appointmentPayments.purpose, 'confirmation'),
          inArray(appointmentPayments.status, ['succeeded', 'refunded']),
        ),
      );
    return { id: booked.id, status: row.status, charged: Number(paid?.cents ?? 0), failureReason: null };
  }
  return staffAppointmentAction(context, 'confirm', { marketplaceId, appointmentId });
}

function bookingView(
  booked: OnBehalfBookingView,
  confirmation: OperatorAppointmentResult | null,
): StaffBookingView {
  const { recap, practitioner } = booked;
  // A booking for a client always holds a time and records its recap.
  if (!recap?.start || !recap.end || !practitioner) throw new Error(`Booking ${booked.id} holds no time.`);
  return {
    id: booked.id,
    status: confirmation?.status ?? 'PENDING',
    client: booked.client,
    practitioner,
    start: recap.start,
    end: recap.end,
    timeZone: recap.timeZone,
    clinicName: recap.clinicName,
    address: recap.address,
    total: recap.total,
    dueOnConfirmation: booked.dueOnConfirmation,
    charged: confirmation?.charged ?? 0,
    confirmationFailure: confirmation?.failureReason ?? null,
  };
}
