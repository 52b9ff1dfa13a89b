// The request's rows, written in the booking's transaction once its time is held: the request with
// its price, its procedures, the checkout notes' answers, the marketing consents, and for a waitlist
// request its ranges.
import { sql } from 'drizzle-orm';
import type { Db } from '../../kernel/database/database';
import { toStoredSummary } from '../cart-pricing';
import type { CheckedAnswer } from '../checkout-notes';
import {
  appointmentRequestProcedures,
  appointmentRequests,
  checkoutNoteAnswers,
  marketingConsents,
  waitlistRequestRanges,
  waitlistRequests,
} from '../tables';
import { type AppointmentRequestInput, placeColumns } from './booking-request';
import type { WaitlistRange } from './place-and-time';
import type { BookingPrice } from './price';

export interface RequestToWrite {
  marketplaceId: number;
  clientUserId: number;
  /** The appointment holding the time; null for a waitlist request. */
  appointmentId: number | null;
  request: Pick<AppointmentRequestInput, 'place' | 'notes' | 'marketingConsents'>;
  timeZone: string;
  price: Pick<BookingPrice, 'promo' | 'benefits' | 'summary' | 'due'>;
  paymentInstrumentId: number | null;
  answers: CheckedAnswer[];
  now: Date;
}

/** Writes the appointment request and what belongs to it; returns its id. */
export async function writeRequest(tx: Db, booking: RequestToWrite): Promise<number> {
  const requestId = await insertRequestWithLines(tx, booking);
  if (booking.answers.length > 0) {
    await tx.insert(checkoutNoteAnswers).values(booking.answers.map((answer) => ({ ...answer, requestId })));
  }
  const consents = booking.request.marketingConsents;
  if (consents.length > 0) {
    await tx.insert(marketingConsents).values(
      consents.map((consent) => ({
        ...consent,
        userId: booking.clientUserId,
        marketplaceId: booking.marketplaceId,
        requestId,
        createdAt: booking.now,
      })),
    );
  }
  return requestId;
}

/** The request and its procedures in cart order, in one statement; the request's id. */
async function insertRequestWithLines(tx: Db, booking: RequestToWrite): Promise<number> {
  const { price } = booking;
  const request = tx
    .insert(appointmentRequests)
    .values({
      marketplaceId: booking.marketplaceId,
      clientUserId: booking.clientUserId,
      appointmentId: booking.appointmentId,
      ...placeColumns(booking.request.place),
      timeZone: booking.timeZone,
      notes: booking.request.notes,
      gratuityCents: price.summary.gratuity,
      promoCodeId: price.promo?.id ?? null,
      membershipId: price.benefits.membershipId,
      paymentInstrumentId: booking.paymentInstrumentId,
      priceSummary: toStoredSummary(price.summary),
      totalCents: price.summary.total[0],
      dueNowCents: price.due,
      createdAt: booking.now,
    })
    .returning({ id: appointmentRequests.id });
  const lines = price.summary.lines.map((line, position) => ({
    procedure_id: Number(line.procedureId),
    position,
    price_cents: line.price[0],
    package_item_id: line.packageCreditId === null ? null : Number(line.packageCreditId),
  }));
  const { rows } = (await tx.execute(sql`
    with request as (${request.getSQL()}),
    lines as (
      insert into ${appointmentRequestProcedures} (request_id, procedure_id, position, price_cents, package_item_id)
      select request.id, line.procedure_id, line.position, line.price_cents, line.package_item_id
      from request,
           jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
             as line (procedure_id integer, position smallint, price_cents integer, package_item_id integer)
    )
    select id from request`)) as unknown as { rows: { id: number }[] };
  const [row] = rows;
  if (!row) throw new Error('The appointment request was not created.');
  return row.id;
}

/** Puts the request on the waitlist with its ranges in order; returns the waitlist request's id. */
export async function writeWaitlistRequest(
  tx: Db,
  requestId: number,
  ranges: WaitlistRange[],
  now: Date,
): Promise<number> {
  const [entry] = await tx
    .insert(waitlistRequests)
    .values({ requestId, createdAt: now })
    .returning({ id: waitlistRequests.id });
  if (!entry) throw new Error('The waitlist request was not created.');
  await tx
    .insert(waitlistRequestRanges)
    .values(ranges.map((range, position) => ({ ...range, waitlistRequestId: entry.id, position })));
  return entry.id;
}
