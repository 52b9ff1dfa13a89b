// The requests inbox of the staff console: a marketplace's appointment requests with everything the
// front desk decides on, in one statement.
import { and, asc, count, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { checkoutNoteDefinitions, clinics, procedures } from '../catalogue';
import {
  appointmentPayments,
  appointmentRefunds,
  appointmentRequestProcedures,
  appointmentRequests,
  checkoutNoteAnswers,
} from '../checkout';
import { users } from '../identity';
import { paymentInstruments } from '../payments';
import type { AppointmentStatus } from '../scheduling';
import { appointments, practitioners } from '../scheduling';
import { requireStaff, type StaffAccess, type StaffContext } from './access';

export interface StaffRequestFilter {
  status: AppointmentStatus | null;
  clinicId: number | null;
  /** Only at-home visits (a clinic given with it wins). */
  atHome: boolean;
  /** yyyy-MM-dd in the appointment's own time zone. */
  date: string | null;
  /** An inclusive range of such days; either end may be open. */
  from: string | null;
  to: string | null;
}

export interface StaffRequestView {
  id: string;
  status: AppointmentStatus;
  /** ISO 8601 instants. */
  start: string;
  end: string;
  timeZone: string;
  requestedAt: string;
  /** Null for an appointment booked outside Atrium (imported, or the demo's own): no client on file. */
  client: StaffClientView | null;
  procedures: { id: string; name: string; isAddOn: boolean; price: number }[];
  practitioner: { id: string; name: string };
  clinic: { id: string; name: string } | null;
  /** The clinic's address, or the client's for an at-home visit. */
  address: string;
  notes: string | null;
  checkoutNotes: { label: string; value: string }[];
  /** Cents collected on confirmation (0 when paid on site). */
  dueOnConfirmation: number;
  /** Cents of tip the client added, part of the total. */
  tip: number;
  total: number;
  cancellationReason: string | null;
  payments: StaffPaymentView[];
  card: { id: string; brand: string; lastFour: string } | null;
}

export interface StaffClientView {
  id: string;
  givenName: string | null;
  familyName: string | null;
  email: string;
  phone: string | null;
}

/** A charge attempt of an appointment as the inbox shows it (enums as GraphQL names them). */
export interface StaffPaymentView {
  id: string;
  purpose: 'CONFIRMATION' | 'NO_SHOW_FEE';
  status: 'PENDING' | 'REQUIRES_ACTION' | 'SUCCEEDED' | 'FAILED' | 'REFUNDED';
  amount: number;
  failureReason: string | null;
  attemptedAt: string;
  attemptedBy: string | null;
  cardId: string | null;
  refunded: number;
  refundable: number;
  refunds: {
    id: string;
    amount: number;
    status: 'PENDING' | 'SUCCEEDED' | 'FAILED';
    reason: string | null;
    failureReason: string | null;
    refundedBy: string | null;
    at: string;
  }[];
}

/** A payment as paymentsJson reads it. */
interface PaymentJson {
  id: string;
  purpose: string;
  status: string;
  amount: number;
  failureReason: string | null;
  attemptedAt: string;
  attemptedBy: string | null;
  cardId: string | null;
  refunds: {
    id: string;
    amount: number;
    status: string;
    reason: string | null;
    failureReason: string | null;
    refundedBy: string | null;
    at: string;
  }[];
}

/**
 * The marketplace's appointment requests (those made at checkout), soonest first, filtered by
 * status, clinic and local date or range of dates. A practitioner sees only their own (staffPermissions 'own').
 */
export async function staffRequests(
  context: StaffContext,
  input: { marketplaceId: number; filter: StaffRequestFilter },
): Promise<StaffRequestView[]> {
  const access = await requireStaff(context, input.marketplaceId, 'viewRequests');
  const rows: StaffRequestRow[] = await requestRows(context.db, input.marketplaceId, access, input.filter);
  return rows.map(toStaffRequestView);
}

/** Requests a page of the inbox holds. */
export const REQUESTS_PAGE_SIZE = 20;

/**
 * One page of the inbox, with how many match in all (one count, one bounded read): the requests made
 * through Atrium only (appointments booked outside it hold time in the Schedule, but ask nothing).
 */
export async function staffRequestPage(
  context: StaffContext,
  input: { marketplaceId: number; filter: StaffRequestFilter; page: number },
) {
  const access = await requireStaff(context, input.marketplaceId, 'viewRequests');
  const madeHere = isNotNull(appointmentRequests.id);
  const conditions = and(...staffRequestConditions(input.marketplaceId, access, input.filter), madeHere);
  const [counted] = await context.db
    .select({ total: count() })
    .from(appointments)
    .leftJoin(appointmentRequests, eq(appointmentRequests.appointmentId, appointments.id))
    .leftJoin(clinics, eq(clinics.id, appointments.organizationId))
    .where(conditions);
  const rows = await requestRows(context.db, input.marketplaceId, access, input.filter, {
    limit: REQUESTS_PAGE_SIZE,
    offset: (input.page - 1) * REQUESTS_PAGE_SIZE,
    only: madeHere,
  });
  const total = counted?.total ?? 0;
  return {
    requests: rows.map(toStaffRequestView),
    total,
    page: input.page,
    pageSize: REQUESTS_PAGE_SIZE,
    pageCount: Math.max(1, Math.ceil(total / REQUESTS_PAGE_SIZE)),
  };
}

/**
 * The appointments (with their requests, when made through Atrium) that pass the filter, soonest
 * first; a slice of them, and only those passing `only`, when `slice` is given.
 */
function requestRows(
  db: StaffContext['db'],
  marketplaceId: number,
  access: StaffAccess,
  filter: StaffRequestFilter,
  slice?: { limit: number; offset: number; only: SQL },
): Promise<StaffRequestRow[]> {
  const query = db
    .select(staffRequestColumns())
    .from(appointments)
    .leftJoin(appointmentRequests, eq(appointmentRequests.appointmentId, appointments.id))
    .leftJoin(users, eq(users.id, appointmentRequests.clientUserId))
    .innerJoin(practitioners, eq(practitioners.id, appointments.practitionerId))
    .leftJoin(clinics, eq(clinics.id, appointments.organizationId))
    .leftJoin(paymentInstruments, eq(paymentInstruments.id, appointmentRequests.paymentInstrumentId))
    .where(and(...staffRequestConditions(marketplaceId, access, filter), slice?.only))
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
  return slice ? query.limit(slice.limit).offset(slice.offset) : query;
}

/** The marketplace's appointments the member may see (all, or their own) that pass the filter. */
function staffRequestConditions(
  marketplaceId: number,
  { member, scope }: StaffAccess,
  filter: StaffRequestFilter,
): (SQL | undefined)[] {
  const localDay = sql`(${appointments.startsAt} at time zone ${placeTimeZone})::date`;
  return [
    eq(appointments.marketplaceId, marketplaceId),
    scope === 'own' && member.practitionerId !== null
      ? eq(appointments.practitionerId, member.practitionerId)
      : undefined,
    filter.status ? eq(appointments.status, filter.status) : undefined,
    filter.clinicId ? eq(appointments.organizationId, filter.clinicId) : undefined,
    !filter.clinicId && filter.atHome ? isNull(appointments.organizationId) : undefined,
    filter.date ? sql`${localDay} = ${filter.date}::date` : undefined,
    filter.from ? sql`${localDay} >= ${filter.from}::date` : undefined,
    filter.to ? sql`${localDay} <= ${filter.to}::date` : undefined,
  ];
}

/**
 * The zone of a visit at a client's address booked outside Atrium: the marketplace's (its setup's),
 * else its first clinic's.
 */
export const homeVisitTimeZone = (marketplaceId: SQL | typeof appointments.marketplaceId) =>
  sql<string>`coalesce((select setup.time_zone from marketplace_setups setup where setup.marketplace_id = ${marketplaceId}),
    (select first.time_zone from clinics first where first.marketplace_id = ${marketplaceId}
      order by first.id limit 1), 'UTC')`;

/** The zone of the appointment's place: its request's, else (booked outside Atrium) its clinic's, else as above. */
const placeTimeZone = sql<string>`coalesce(${appointmentRequests.timeZone}, ${clinics.timeZone},
  ${homeVisitTimeZone(appointments.marketplaceId)})`;

/** One appointment request as `staffRequestColumns` reads it. */
export interface StaffRequestRow {
  id: number;
  status: AppointmentStatus;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  requestedAt: Date;
  clientId: number | null;
  givenName: string | null;
  familyName: string | null;
  email: string | null;
  phone: string | null;
  practitionerId: number;
  practitionerName: string;
  clinicId: number | null;
  clinicName: string | null;
  clinicAddress: string | null;
  homeAddress: string | null;
  notes: string | null;
  dueOnConfirmation: number;
  tip: number;
  total: number;
  cancellationReason: string | null;
  procedures: StaffRequestView['procedures'];
  checkoutNotes: StaffRequestView['checkoutNotes'];
  payments: PaymentJson[];
  cardId: number | null;
  cardBrand: string | null;
  cardLastFour: string | null;
}

/** Everything the front desk decides on, from an appointment joined to its request, client, practitioner and clinic. */
function staffRequestColumns() {
  return {
    id: appointments.id,
    status: appointments.status,
    startsAt: appointments.startsAt,
    endsAt: appointments.endsAt,
    timeZone: placeTimeZone,
    requestedAt: sql<Date>`coalesce(${appointmentRequests.createdAt}, ${appointments.createdAt})`.mapWith(
      appointments.createdAt,
    ),
    clientId: users.id,
    givenName: users.givenName,
    familyName: users.familyName,
    email: users.email,
    phone: users.phone,
    practitionerId: practitioners.id,
    practitionerName: practitioners.name,
    clinicId: clinics.id,
    clinicName: clinics.name,
    clinicAddress: clinics.address,
    homeAddress: appointments.address,
    // A visit booked outside Atrium has the team's note instead of the client's.
    notes: sql<string | null>`coalesce(${appointmentRequests.notes}, ${appointments.outsideNote})`,
    dueOnConfirmation: sql<number>`coalesce(${appointmentRequests.dueNowCents}, 0)`.mapWith(Number),
    tip: sql<number>`coalesce(${appointmentRequests.gratuityCents}, 0)`.mapWith(Number),
    total: sql<number>`coalesce(${appointmentRequests.totalCents}, 0)`.mapWith(Number),
    cancellationReason: appointments.cancellationReason,
    procedures: requestProceduresJson(),
    checkoutNotes: checkoutNotesJson(),
    payments: paymentsJson(),
    cardId: paymentInstruments.id,
    cardBrand: paymentInstruments.brand,
    cardLastFour: paymentInstruments.lastFour,
  };
}

export function toStaffRequestView(row: StaffRequestRow): StaffRequestView {
  return {
    id: String(row.id),
    status: row.status,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    timeZone: row.timeZone,
    requestedAt: row.requestedAt.toISOString(),
    client:
      row.clientId === null
        ? null
        : toStaffClientView({ ...row, clientId: row.clientId, email: row.email ?? '' }),
    procedures: row.procedures,
    practitioner: { id: String(row.practitionerId), name: row.practitionerName },
    clinic: toClinicRef(row),
    address: row.clinicAddress ?? row.homeAddress ?? '',
    notes: row.notes,
    checkoutNotes: row.checkoutNotes,
    dueOnConfirmation: row.dueOnConfirmation,
    tip: row.tip,
    total: row.total,
    cancellationReason: row.cancellationReason,
    payments: row.payments.map(toPaymentView),
    card:
      row.cardId === null
        ? null
        : { id: String(row.cardId), brand: row.cardBrand ?? '', lastFour: row.cardLastFour ?? '' },
  };
}

/** What was given back (refunds that went through) and what may still be (none pending counted). */
function toPaymentView(payment: PaymentJson): StaffPaymentView {
  const sum = (statuses: string[]) =>
    payment.refunds
      .filter((refund) => statuses.includes(refund.status))
      .reduce((cents, refund) => cents + refund.amount, 0);
  const wentThrough = payment.status === 'succeeded' || payment.status === 'refunded';
  return {
    ...payment,
    purpose: payment.purpose.toUpperCase() as StaffPaymentView['purpose'],
    status: payment.status.toUpperCase() as StaffPaymentView['status'],
    attemptedAt: new Date(payment.attemptedAt).toISOString(),
    refunded: sum(['succeeded']),
    refundable: wentThrough ? payment.amount - sum(['succeeded', 'pending']) : 0,
    refunds: payment.refunds.map((refund) => ({
      ...refund,
      status: refund.status.toUpperCase() as StaffPaymentView['refunds'][number]['status'],
      at: new Date(refund.at).toISOString(),
    })),
  };
}

/** The client of a row that reads the user as clientId and their name, email and phone. */
export function toStaffClientView(row: {
  clientId: number;
  givenName: string | null;
  familyName: string | null;
  email: string;
  phone: string | null;
}): StaffClientView {
  return {
    id: String(row.clientId),
    givenName: row.givenName,
    familyName: row.familyName,
    email: row.email,
    phone: row.phone,
  };
}

/** The clinic of a row (left-joined: null for an at-home visit). */
export function toClinicRef(row: {
  clinicId: number | null;
  clinicName: string | null;
}): StaffRequestView['clinic'] {
  return row.clinicId === null ? null : { id: String(row.clinicId), name: row.clinicName ?? '' };
}

/**
 * The answers to the marketplace's checkout notes given with a request, in order, as people read them:
 * a yes/no question's 'true' or 'false' as Yes or No.
 */
function checkoutNotesJson() {
  return sql<StaffRequestView['checkoutNotes']>`coalesce((
    select json_agg(json_build_object(
             'label', ${checkoutNoteAnswers.label},
             'value', case when ${checkoutNoteDefinitions.type} = 'BOOLEAN'
                           then case ${checkoutNoteAnswers.value} when 'true' then 'Yes' else 'No' end
                           else ${checkoutNoteAnswers.value} end)
           order by ${checkoutNoteAnswers.id})
    from ${checkoutNoteAnswers}
    left join ${checkoutNoteDefinitions} on ${checkoutNoteDefinitions.id} = ${checkoutNoteAnswers.checkoutNoteId}
    where ${checkoutNoteAnswers.requestId} = ${appointmentRequests.id}
  ), '[]'::json)`;
}

/** A request's procedures and add-ons with the prices they were requested at, in order. */
export function requestProceduresJson() {
  return sql<StaffRequestView['procedures']>`coalesce((
    select json_agg(json_build_object(
             'id', ${procedures.id}::text,
             'name', ${procedures.name},
             'isAddOn', ${procedures.isAddOn},
             'price', ${appointmentRequestProcedures.priceCents})
           order by ${appointmentRequestProcedures.position})
    from ${appointmentRequestProcedures}
    join ${procedures} on ${procedures.id} = ${appointmentRequestProcedures.procedureId}
    where ${appointmentRequestProcedures.requestId} = ${appointmentRequests.id}
  ), '[]'::json)`;
}

/** An appointment's charge attempts, oldest first, each with its refunds. */
function paymentsJson() {
  const refunds = sql`coalesce((
    select json_agg(json_build_object(
             'id', ${appointmentRefunds.id}::text,
             'amount', ${appointmentRefunds.amountCents},
             'status', ${appointmentRefunds.status},
             'reason', ${appointmentRefunds.reason},
             'failureReason', ${appointmentRefunds.failureReason},
             'refundedBy', ${appointmentRefunds.actor},
             'at', ${appointmentRefunds.createdAt})
           order by ${appointmentRefunds.id})
    from ${appointmentRefunds}
    where ${appointmentRefunds.appointmentPaymentId} = ${appointmentPayments.id}
  ), '[]'::json)`;
  return sql<PaymentJson[]>`coalesce((
    select json_agg(json_build_object(
             'id', ${appointmentPayments.id}::text,
             'purpose', ${appointmentPayments.purpose},
             'status', ${appointmentPayments.status},
             'amount', ${appointmentPayments.amountCents},
             'failureReason', ${appointmentPayments.failureReason},
             'attemptedAt', ${appointmentPayments.createdAt},
             'attemptedBy', ${appointmentPayments.actor},
             'cardId', ${appointmentPayments.paymentInstrumentId}::text,
             'refunds', ${refunds})
           order by ${appointmentPayments.id})
    from ${appointmentPayments}
    where ${appointmentPayments.appointmentId} = ${appointments.id}
  ), '[]'::json)`;
}
