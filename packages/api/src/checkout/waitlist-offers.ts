// Freed time offered to waitlisted clients. The front desk offers a cancelled or declined
// appointment's time to a waitlist request (services/staff/waitlist.ts); the client's mailed link reads
// the offer and accepts it. Accepting holds the time exactly as checkout does (holdTime: the
// practitioner's advisory lock and the appointments' exclusion constraint), for the waitlist request's
// own cart, price and card, which then wait as a PENDING request for the marketplace to confirm.
import { createHash, randomBytes } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { clinics, procedures } from '../catalogue';
import type { Db } from '../kernel/database/database';
import { InvalidInputError, NotFoundError } from '../kernel/errors';
import { marketplaces } from '../kernel/tables';
import { loadPlaceSchedules, practitioners, rankPractitioners, slotRules } from '../scheduling';
import { notifyClient } from './appointment-notices/notify';
import { announceRequest } from './booking/announce-request';
import type { BookingPlace } from './booking/booking-request';
import { holdTime } from './booking/hold-time';
import { sqlState } from './booking/sql-state';
import { SlotTakenError } from './errors';
import type { CheckoutPorts } from './ports';
import {
  appointmentRequestProcedures,
  appointmentRequests,
  waitlistOffers,
  waitlistRequests,
} from './tables';

export const waitlistOfferMessages = {
  unknownLink: 'This offer link is not valid. Please use the link in your latest email.',
  expired: 'This offer has expired.',
  accepted: 'This offer has already been accepted.',
  taken: 'This time has just been taken. We will let you know when another time opens up.',
  closed: 'This waitlist request is no longer open.',
} as const;

/** How long an offer's link works (never past the offered start). */
export const waitlistOfferLifetimeMs = 24 * 60 * 60 * 1000;

// Tokens are 32 random bytes in base64url; anything else names nothing.
const tokenFormat = /^[A-Za-z0-9_-]{43}$/;
const uniqueViolation = '23505';

export type WaitlistOfferStatus = 'OPEN' | 'TAKEN' | 'EXPIRED' | 'ACCEPTED' | 'CLOSED';

export interface WaitlistOfferView {
  status: WaitlistOfferStatus;
  marketplaceName: string;
  procedures: { id: string; name: string; isAddOn: boolean }[];
  clinicName: string | null;
  address: string;
  timeZone: string;
  start: string;
  end: string;
  practitionerName: string;
  total: number;
  dueOnConfirmation: number;
  expiresAt: string;
  appointmentId: string | null;
}

/** A waitlist request as an offer needs it: who, what, where, and its request's price. */
export interface WaitlistRequestForOffer {
  id: number;
  status: 'WAITLISTED' | 'BOOKED' | 'CANCELLED';
  requestId: number;
  marketplaceId: number;
  clientUserId: number;
  place: BookingPlace;
  /** IANA zone of the place, as the request was made. */
  timeZone: string;
  procedureIds: number[];
}

export async function loadWaitlistRequestForOffer(
  db: Db,
  waitlistRequestId: number,
): Promise<WaitlistRequestForOffer | null> {
  const [row] = await db
    .select({
      id: waitlistRequests.id,
      status: waitlistRequests.status,
      requestId: appointmentRequests.id,
      marketplaceId: appointmentRequests.marketplaceId,
      clientUserId: appointmentRequests.clientUserId,
      timeZone: appointmentRequests.timeZone,
      organizationId: appointmentRequests.organizationId,
      address: appointmentRequests.address,
      latitude: appointmentRequests.latitude,
      longitude: appointmentRequests.longitude,
      procedureIds: sql<number[]>`array(
        select ${appointmentRequestProcedures.procedureId} from ${appointmentRequestProcedures}
        where ${appointmentRequestProcedures.requestId} = ${appointmentRequests.id}
        order by ${appointmentRequestProcedures.position})`,
    })
    .from(waitlistRequests)
    .innerJoin(appointmentRequests, eq(appointmentRequests.id, waitlistRequests.requestId))
    .where(eq(waitlistRequests.id, waitlistRequestId));
  if (!row) return null;
  const place: BookingPlace =
    row.organizationId !== null
      ? { organizationId: row.organizationId }
      : {
          address: row.address ?? '',
          location: { latitude: row.latitude ?? 0, longitude: row.longitude ?? 0 },
        };
  return { ...row, procedureIds: row.procedureIds.map(Number), place };
}

/**
 * The request's cart at its place with the practitioner at `startsAt`, by checkout's own rules
 * (working hours, time off, other appointments, notice, the step grid): the schedules and rules to
 * hold it with, and the visit's span; `free` is null when the practitioner cannot take it then.
 */
export async function practitionerFreeFor(
  ports: Pick<CheckoutPorts, 'db' | 'geocoder'>,
  request: WaitlistRequestForOffer,
  practitionerId: number,
  startsAt: Date,
  now: Date,
) {
  const local = new TZDate(startsAt.getTime(), request.timeZone);
  const slot = { date: format(local, 'yyyy-MM-dd'), time: format(local, 'HH:mm') };
  const place = await loadPlaceSchedules(ports, {
    marketplaceId: request.marketplaceId,
    place: placeForAvailability(request.place),
    procedureIds: request.procedureIds,
    dateRange: { start: slot.date, end: slot.date },
  });
  const rules = slotRules(place, now);
  const candidates = place.schedules.practitioners.filter(
    (practitioner) => practitioner.id === practitionerId,
  );
  const [free] = place.servesPlace ? rankPractitioners({ ...rules, slot, practitioners: candidates }) : [];
  return { place, rules, slot, candidates, free: free ?? null };
}

function placeForAvailability(place: BookingPlace) {
  return 'organizationId' in place ? place : { location: place.location };
}

export function hashOfferToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new offer's token (for the link) and the values to store; only the token's hash is kept. */
export function newOfferToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashOfferToken(token) };
}

/**
 * Records an offer of the practitioner's time at `startsAt` to the waitlist request and queues the
 * client's "a time opened up" mail with its link, in one transaction. The caller has checked who
 * offers it and that the request may be offered this time.
 */
export async function createWaitlistOffer(
  ports: CheckoutPorts,
  offer: {
    marketplaceId: number;
    request: WaitlistRequestForOffer;
    freedAppointmentId: number;
    practitioner: { id: number; name: string };
    startsAt: Date;
    endsAt: Date;
    offeredByUserId: number;
  },
) {
  const now = ports.clock();
  const expiresAt = new Date(Math.min(now.getTime() + waitlistOfferLifetimeMs, offer.startsAt.getTime()));
  const { token, tokenHash } = newOfferToken();
  return ports.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(waitlistOffers)
      .values({
        marketplaceId: offer.marketplaceId,
        waitlistRequestId: offer.request.id,
        freedAppointmentId: offer.freedAppointmentId,
        practitionerId: offer.practitioner.id,
        startsAt: offer.startsAt,
        endsAt: offer.endsAt,
        tokenHash,
        expiresAt,
        offeredByUserId: offer.offeredByUserId,
        createdAt: now,
      })
      .returning({ id: waitlistOffers.id });
    if (!row) throw new Error('The waitlist offer was not created.');
    const link = `${ports.notifications.webOrigin}/${offer.marketplaceId}/waitlist-offer?token=${token}`;
    await notifyClient(
      tx,
      ports.notifications,
      'waitlist-offer',
      { requestId: offer.request.requestId },
      {
        waitlistOffer: {
          link,
          startsAt: offer.startsAt,
          expiresAt,
          practitioner: offer.practitioner.name,
        },
      },
    );
    return {
      id: String(row.id),
      waitlistRequestId: String(offer.request.id),
      start: offer.startsAt.toISOString(),
      end: offer.endsAt.toISOString(),
      expiresAt: expiresAt.toISOString(),
      practitioner: { id: String(offer.practitioner.id), name: offer.practitioner.name },
    };
  });
}

type OfferRow = NonNullable<Awaited<ReturnType<typeof findOffer>>>;

async function findOffer(db: Db, token: string) {
  if (!tokenFormat.test(token)) return null;
  const [row] = await db
    .select({
      id: waitlistOffers.id,
      waitlistRequestId: waitlistOffers.waitlistRequestId,
      freedAppointmentId: waitlistOffers.freedAppointmentId,
      practitionerId: waitlistOffers.practitionerId,
      practitionerName: practitioners.name,
      startsAt: waitlistOffers.startsAt,
      endsAt: waitlistOffers.endsAt,
      expiresAt: waitlistOffers.expiresAt,
      acceptedAt: waitlistOffers.acceptedAt,
      appointmentId: waitlistOffers.appointmentId,
      requestStatus: waitlistRequests.status,
      marketplaceName: marketplaces.name,
      timeZone: appointmentRequests.timeZone,
      clinicName: clinics.name,
      clinicAddress: clinics.address,
      homeAddress: appointmentRequests.address,
      total: appointmentRequests.totalCents,
      dueOnConfirmation: appointmentRequests.dueNowCents,
      procedures: sql<WaitlistOfferView['procedures']>`coalesce((
        select json_agg(json_build_object('id', ${procedures.id}::text, 'name', ${procedures.name},
                                          'isAddOn', ${procedures.isAddOn})
               order by ${appointmentRequestProcedures.position})
        from ${appointmentRequestProcedures}
        join ${procedures} on ${procedures.id} = ${appointmentRequestProcedures.procedureId}
        where ${appointmentRequestProcedures.requestId} = ${appointmentRequests.id}
      ), '[]'::json)`,
      // Another offer of the same freed time was accepted first.
      takenByAnother: sql<boolean>`exists (
        select 1 from waitlist_offers other
        where other.freed_appointment_id = ${waitlistOffers.freedAppointmentId}
          and other.id <> ${waitlistOffers.id} and other.accepted_at is not null)`,
    })
    .from(waitlistOffers)
    .innerJoin(waitlistRequests, eq(waitlistRequests.id, waitlistOffers.waitlistRequestId))
    .innerJoin(appointmentRequests, eq(appointmentRequests.id, waitlistRequests.requestId))
    .innerJoin(marketplaces, eq(marketplaces.id, waitlistOffers.marketplaceId))
    .innerJoin(practitioners, eq(practitioners.id, waitlistOffers.practitionerId))
    .leftJoin(clinics, eq(clinics.id, appointmentRequests.organizationId))
    .where(eq(waitlistOffers.tokenHash, hashOfferToken(token)));
  return row ?? null;
}

function view(row: OfferRow, status: WaitlistOfferStatus): WaitlistOfferView {
  return {
    status,
    marketplaceName: row.marketplaceName,
    procedures: row.procedures,
    clinicName: row.clinicName,
    address: row.clinicAddress ?? row.homeAddress ?? '',
    timeZone: row.timeZone,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    practitionerName: row.practitionerName,
    total: row.total,
    dueOnConfirmation: row.dueOnConfirmation,
    expiresAt: row.expiresAt.toISOString(),
    appointmentId: row.appointmentId === null ? null : String(row.appointmentId),
  };
}

/** Where an offer stands without availability: null when it is still to be decided by the schedule. */
function settledStatus(row: OfferRow, now: Date): WaitlistOfferStatus | null {
  if (row.acceptedAt) return 'ACCEPTED';
  if (row.requestStatus !== 'WAITLISTED') return 'CLOSED';
  if (row.takenByAnother) return 'TAKEN';
  if (row.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return null;
}

/** What a link offers and whether it can be booked now. NOT_FOUND for a token that names no offer. */
export async function getWaitlistOffer(ports: CheckoutPorts, token: string): Promise<WaitlistOfferView> {
  const row = await findOffer(ports.db, token);
  if (!row) throw new NotFoundError(waitlistOfferMessages.unknownLink);
  const now = ports.clock();
  const settled = settledStatus(row, now);
  if (settled) return view(row, settled);
  const request = await loadWaitlistRequestForOffer(ports.db, row.waitlistRequestId);
  if (!request) throw new NotFoundError(waitlistOfferMessages.unknownLink);
  const { free } = await practitionerFreeFor(ports, request, row.practitionerId, row.startsAt, now);
  return view(row, free ? 'OPEN' : 'TAKEN');
}

/**
 * Books the offered time for the waitlisted client: a PENDING appointment with the offered
 * practitioner, which the waitlist request's own appointment request now names (its cart, price,
 * card and notes stand), the waitlist request BOOKED, the offer accepted, and the client's
 * 'request received' mail, in one transaction. Of several clients accepting one time, one wins; the
 * others get `taken`.
 */
export async function acceptWaitlistOffer(ports: CheckoutPorts, token: string): Promise<WaitlistOfferView> {
  const { db } = ports;
  const row = await findOffer(db, token);
  if (!row) throw new NotFoundError(waitlistOfferMessages.unknownLink);
  const now = ports.clock();
  const refusal = refusalOf(settledStatus(row, now));
  if (refusal) throw new InvalidInputError(refusal);
  const request = await loadWaitlistRequestForOffer(db, row.waitlistRequestId);
  if (!request) throw new NotFoundError(waitlistOfferMessages.unknownLink);
  const { rules, slot, candidates, free } = await practitionerFreeFor(
    ports,
    request,
    row.practitionerId,
    row.startsAt,
    now,
  );
  if (!free) throw new InvalidInputError(waitlistOfferMessages.taken);

  try {
    await db.transaction(async (tx) => {
      // The request and the offer are decided once: a second acceptance waits here, then sees them.
      const [locked] = await tx
        .select({ status: waitlistRequests.status })
        .from(waitlistRequests)
        .where(eq(waitlistRequests.id, request.id))
        .for('update');
      if (locked?.status !== 'WAITLISTED') throw new InvalidInputError(waitlistOfferMessages.closed);
      const [offer] = await tx
        .select({ acceptedAt: waitlistOffers.acceptedAt })
        .from(waitlistOffers)
        .where(eq(waitlistOffers.id, row.id))
        .for('update');
      if (offer?.acceptedAt) throw new InvalidInputError(waitlistOfferMessages.accepted);
      const [taken] = await tx
        .select({ id: waitlistOffers.id })
        .from(waitlistOffers)
        .where(
          and(
            eq(waitlistOffers.freedAppointmentId, row.freedAppointmentId),
            ne(waitlistOffers.id, row.id),
            isNotNull(waitlistOffers.acceptedAt),
          ),
        );
      if (taken) throw new InvalidInputError(waitlistOfferMessages.taken);

      const held = await holdTime(tx, {
        marketplaceId: request.marketplaceId,
        place: request.place,
        clientUserId: request.clientUserId,
        slot,
        rules,
        candidates,
        now,
      });
      await tx
        .update(appointmentRequests)
        .set({ appointmentId: held.appointmentId })
        .where(eq(appointmentRequests.id, request.requestId));
      await tx.update(waitlistRequests).set({ status: 'BOOKED' }).where(eq(waitlistRequests.id, request.id));
      await tx
        .update(waitlistOffers)
        .set({ acceptedAt: now, appointmentId: held.appointmentId })
        .where(eq(waitlistOffers.id, row.id));
      await announceRequest(
        tx,
        ports.notifications,
        { appointmentId: held.appointmentId },
        held.appointmentId,
      );
    });
  } catch (error) {
    if (error instanceof SlotTakenError) throw new InvalidInputError(waitlistOfferMessages.taken);
    // The one-acceptance index: another offer of this time was accepted at the same moment.
    if (sqlState(error) === uniqueViolation) throw new InvalidInputError(waitlistOfferMessages.taken);
    throw error;
  }
  const accepted = await findOffer(db, token);
  if (!accepted) throw new Error('The accepted offer vanished.');
  return view(accepted, 'ACCEPTED');
}

function refusalOf(status: WaitlistOfferStatus | null): string | null {
  if (status === 'ACCEPTED') return waitlistOfferMessages.accepted;
  if (status === 'CLOSED') return waitlistOfferMessages.closed;
  if (status === 'TAKEN') return waitlistOfferMessages.taken;
  if (status === 'EXPIRED') return waitlistOfferMessages.expired;
  return null;
}

/** The practitioner's name, for an offer's mail. */
export async function practitionerName(db: Db, practitionerId: number): Promise<string> {
  const [row] = await db
    .select({ name: practitioners.name })
    .from(practitioners)
    .where(eq(practitioners.id, practitionerId));
  return row?.name ?? '';
}
