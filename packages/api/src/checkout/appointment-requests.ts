// createAppointmentRequest (spec 7): a cart and a time, or a waitlist, become a PENDING appointment
// holding a practitioner's time, or a waitlist request. Everything is checked and the card verified
// before anything is written; then one transaction writes it all, the client's 'request received'
// messages included, and the database's exclusion constraint has the last word on the practitioner's time.

import { dueNow } from '@atrium/domain';
import { TZDate } from '@date-fns/tz';
import { addMonths, format } from 'date-fns';
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Coordinates } from '../catalogue';
import { clinics } from '../catalogue';
import type { RequestSession } from '../identity';
import { findUserByEmail, findUserById, insertUser, type UserRow } from '../identity';
import type { Db } from '../kernel/database/database';
import { InvalidInputError } from '../kernel/errors';
import { fingerprint, withIdempotencyKey } from '../kernel/idempotency';
import { loadMarketplace } from '../kernel/marketplaces';
import { packageItems } from '../memberships';
import type { CardIdentity, SavedCard } from '../payments';
import { paymentInstruments, saveInstrument, verifyNewCard } from '../payments';
import {
  appointments,
  choosePractitioner,
  clipToBookableDates,
  loadPlaceSchedules,
  type PractitionerSchedule,
  practitioners,
  rankPractitioners,
  slotRules,
} from '../scheduling';
import { notifyClient } from './appointment-notices/notify';
import { loadCart, loadClientBenefits, noBenefits, priceCart, toStoredSummary } from './cart-pricing';
import { type CheckoutNoteAnswer, checkNoteAnswers } from './checkout-notes';
import { SlotTakenError } from './errors';
import type { CheckoutPorts } from './ports';
import {
  findPromoCode,
  normalizePromoCode,
  promoMessages,
  promoProblem,
  redeemPromoCode,
  toPromoRule,
} from './promo-codes';
import {
  appointmentRequestProcedures,
  appointmentRequests,
  checkoutNoteAnswers,
  marketingConsents,
  waitlistRequestRanges,
  waitlistRequests,
} from './tables';

export type BookingPlace = { organizationId: number } | { address: string; location: Coordinates };

/** A single local time, or waitlist ranges (local dates and HH:mm times of day at the place). */
export type BookingTime =
  | { kind: 'time'; date: string; time: string }
  | { kind: 'waitlist'; ranges: { date: string; start: string; end: string }[] };

export type BookingPayment =
  | { paymentInstrumentId: number }
  | { card: { token: string; identity: CardIdentity } }
  | null;

export interface RegisterUserRequest {
  email: string;
  profile: {
    givenName: string;
    familyName: string;
    /** E.164 */
    phone: string;
    /** yyyy-MM-dd */
    dob: string;
    tzid: string;
    emailOptIn: boolean;
    phoneOptIn: boolean;
  };
}

export interface MarketingConsentRequest {
  channel: 'SMS' | 'EMAIL';
  consent: boolean;
  source: string;
  phone: string | null;
  email: string | null;
}

export interface AppointmentRequestInput {
  marketplaceId: number;
  idempotencyKey: string;
  place: BookingPlace;
  /** Procedures and add-ons, each once. */
  procedureIds: number[];
  membershipDefinitionId: number | null;
  payment: BookingPayment;
  when: BookingTime;
  gratuityCents: number;
  notes: string | null;
  checkoutNotes: CheckoutNoteAnswer[];
  promoCode: string | null;
  marketingConsents: MarketingConsentRequest[];
  registerUser: RegisterUserRequest | null;
}

export interface AppointmentRequestView {
  /** The appointment's id for a PENDING request, the waitlist request's for a WAITLISTED one. */
  id: string;
  status: 'PENDING' | 'WAITLISTED';
  practitioner: { id: string; name: string } | null;
  dueOnConfirmation: number;
  /** Absent only from answers stored under an idempotency key before recaps were recorded. */
  recap?: AppointmentRequestRecap;
}

/** What was requested, as the client is shown it once sent (the /success recap). */
export interface AppointmentRequestRecap {
  marketplaceName: string;
  procedures: { id: string; name: string; isAddOn: boolean; duration: number[] }[];
  clinicName: string | null;
  /** The clinic's address, or the client's own. */
  address: string;
  timeZone: string;
  /** ISO instants of the held time; null for a waitlist request. */
  start: string | null;
  end: string | null;
  waitlistWindows: { start: string; end: string }[];
  /** Cents. */
  total: number;
}

export const messages = {
  whoIsBooking: 'Please sign in or enter your contact details to book.',
  outsideServiceArea: 'This address is outside the area this marketplace serves.',
  paymentMethodRequired: 'Please select a payment method before proceeding.',
  notYourCard: 'This payment method is not available. Please choose another card.',
  waitlistInPast: 'Waitlist times must be in the future.',
  waitlistTooFar: 'Waitlist dates must be within the booking window.',
  creditsChanged: 'Your package credits have changed. Please review your order and try again.',
} as const;

/**
 * Creates the appointment request, once per idempotency key of the caller (a repeat of the same
 * request gets the first answer; another request with the key is refused). A signed-in client of the
 * marketplace's group books as themselves; otherwise registerUser registers the guest (or, when the
 * email is already a client's, books for that client without changing them or signing anyone in).
 */
export async function createAppointmentRequest(
  ports: CheckoutPorts,
  session: RequestSession,
  input: AppointmentRequestInput,
): Promise<AppointmentRequestView> {
  const marketplace = await loadMarketplace(ports.db, input.marketplaceId);
  const { idempotencyKey: key, ...request } = input;
  return withIdempotencyKey<AppointmentRequestView>(
    ports.db,
    ports.clock,
    {
      marketplaceId: marketplace.id,
      caller: await idempotencyCaller(session, marketplace.mgId, input),
      key,
      requestHash: fingerprint(request),
    },
    (complete) => book(ports, session, input, marketplace, complete),
  );
}

/**
 * Whose idempotency key it is, as `book` decides who books: the signed-in client of the marketplace's
 * group, or else the guest named in the request (by their email, lowercased and hashed), so no one
 * else's key ever answers them.
 */
async function idempotencyCaller(
  session: RequestSession,
  mgId: number,
  input: AppointmentRequestInput,
): Promise<string> {
  const current = await session.current();
  if (current && current.mgId === mgId) return `user:${current.userId}`;
  if (input.registerUser) return `guest:${fingerprint(input.registerUser.email.toLowerCase())}`;
  throw new InvalidInputError(messages.whoIsBooking);
}

type Complete = (tx: Db, result: AppointmentRequestView) => Promise<void>;

async function book(
  ports: CheckoutPorts,
  session: RequestSession,
  input: AppointmentRequestInput,
  marketplace: Awaited<ReturnType<typeof loadMarketplace>>,
  complete: Complete,
): Promise<AppointmentRequestView> {
  const { db, payments } = ports;
  const now = ports.clock();

  // Who books.
  const current = await session.current();
  const signedIn =
    current && current.mgId === marketplace.mgId ? await findUserById(db, current.userId) : null;
  let client: { user: UserRow; signedIn: boolean } | { register: RegisterUserRequest };
  if (signedIn) client = { user: signedIn, signedIn: true };
  else if (input.registerUser) {
    const existing = await findUserByEmail(db, marketplace.mgId, input.registerUser.email);
    client = existing ? { user: existing, signedIn: false } : { register: input.registerUser };
  } else throw new InvalidInputError(messages.whoIsBooking);

  // Where and when: the cart is offered at the place, and the time is free (or the waitlist sound).
  const firstDate = input.when.kind === 'time' ? input.when.date : (input.when.ranges[0]?.date ?? '');
  const place = await loadPlaceSchedules(ports, {
    marketplaceId: marketplace.id,
    place: 'organizationId' in input.place ? input.place : { location: input.place.location },
    procedureIds: input.procedureIds,
    dateRange: { start: firstDate, end: firstDate },
  });
  if (!place.servesPlace) throw new InvalidInputError(messages.outsideServiceArea);
  const rules = slotRules(place, now);
  const { when } = input;
  let waitlist: { startsAt: Date; endsAt: Date; localStart: string; localEnd: string }[] = [];
  if (when.kind === 'time') {
    const bookable = clipToBookableDates(
      { start: when.date, end: when.date },
      place.timeZone,
      now,
      place.marketplace.bookingHorizonMonths,
    );
    const choice = bookable
      ? choosePractitioner({
          ...rules,
          slot: { date: when.date, time: when.time },
          practitioners: place.schedules.practitioners,
        })
      : null;
    if (!choice) throw new SlotTakenError();
  } else {
    waitlist = waitlistRanges(when.ranges, place.timeZone, now, place.marketplace.bookingHorizonMonths);
  }

  // What it costs: the client's own benefits only when signed in; a guest gets none.
  const cart = await loadCart(db, marketplace.id, input.procedureIds);
  const benefits =
    'user' in client && client.signedIn
      ? await loadClientBenefits(db, {
          userId: client.user.id,
          marketplaceId: marketplace.id,
          membershipDefinitionId: input.membershipDefinitionId,
          now,
        })
      : noBenefits;
  let promo: Awaited<ReturnType<typeof findPromoCode>> = null;
  if (input.promoCode !== null) {
    const code = normalizePromoCode(input.promoCode);
    promo = code ? await findPromoCode(db, marketplace.id, code) : null;
    if (!promo) throw new InvalidInputError(promoMessages.invalid);
    const problem = promoProblem(promo, now, input.procedureIds);
    if (problem) throw new InvalidInputError(problem);
  }
  const summary = priceCart({
    cart,
    benefits,
    promo: promo ? toPromoRule(promo) : null,
    travelFeeCents: 'address' in input.place && marketplace.providesAtHome ? marketplace.travelFeeCents : 0,
    gratuityCents: input.gratuityCents,
  });
  const due = dueNow(summary.total[0], summary.gratuity, marketplace);
  const answers = await checkNoteAnswers(db, marketplace.id, input.checkoutNotes);

  // How it is paid: a saved card of the signed-in client, or a new card verified now.
  let instrumentId: number | null = null;
  let newCard: SavedCard | null = null;
  const { payment } = input;
  if (payment && 'paymentInstrumentId' in payment) {
    if (!('user' in client) || !client.signedIn) throw new InvalidInputError(messages.notYourCard);
    instrumentId = await ownInstrument(
      db,
      client.user.id,
      payment.paymentInstrumentId,
      payments.processor.name,
    );
  } else if (payment) {
    newCard = await verifyNewCard(db, payments, 'user' in client ? client.user.id : null, payment.card);
  } else if (due > 0) {
    throw new InvalidInputError(messages.paymentMethodRequired);
  }

  const clinic = 'organizationId' in input.place ? await clinicOf(db, input.place.organizationId) : null;
  const recapOf = (held: { startsAt: Date; endsAt: Date } | null): AppointmentRequestRecap => ({
    marketplaceName: marketplace.name,
    procedures: cart.map((line) => ({
      id: String(line.id),
      name: line.name,
      isAddOn: line.isAddOn,
      duration: line.durations,
    })),
    clinicName: clinic?.name ?? null,
    address: clinic ? clinic.address : 'address' in input.place ? input.place.address : '',
    timeZone: place.timeZone,
    start: held?.startsAt.toISOString() ?? null,
    end: held?.endsAt.toISOString() ?? null,
    waitlistWindows: waitlist.map((range) => ({
      start: range.startsAt.toISOString(),
      end: range.endsAt.toISOString(),
    })),
    total: summary.total[0],
  });

  return db.transaction(async (tx) => {
    const user =
      'user' in client ? client.user : await registerGuest(tx, marketplace.mgId, client.register, now);
    // A card entered as a guest for someone else's existing account is kept for this request only.
    const listedInWallet = !('user' in client) || client.signedIn;
    if (newCard)
      instrumentId = (
        await saveInstrument(tx, user.id, payments.processor.name, newCard, listedInWallet, now)
      ).id;
    if (promo && !(await redeemPromoCode(tx, promo.id, now)))
      throw new InvalidInputError(promoMessages.usedUp);
    for (const line of summary.lines) {
      if (line.packageCreditId === null) continue;
      const used = await tx
        .update(packageItems)
        .set({ balance: sql`${packageItems.balance} - 1` })
        .where(and(eq(packageItems.id, Number(line.packageCreditId)), gte(packageItems.balance, 1)))
        .returning({ id: packageItems.id });
      if (used.length === 0) throw new InvalidInputError(messages.creditsChanged);
    }

    let held: Awaited<ReturnType<typeof holdTime>> | null = null;
    if (when.kind === 'time') {
      held = await holdTime(tx, {
        marketplaceId: marketplace.id,
        place: input.place,
        clientUserId: user.id,
        slot: { date: when.date, time: when.time },
        rules,
        candidates: place.schedules.practitioners,
        now,
      });
    }

    const [request] = await tx
      .insert(appointmentRequests)
      .values({
        marketplaceId: marketplace.id,
        clientUserId: user.id,
        appointmentId: held?.appointmentId ?? null,
        ...placeColumns(input.place),
        timeZone: place.timeZone,
        notes: input.notes,
        gratuityCents: summary.gratuity,
        promoCodeId: promo?.id ?? null,
        membershipId: benefits.membershipId,
        paymentInstrumentId: instrumentId,
        priceSummary: toStoredSummary(summary),
        totalCents: summary.total[0],
        dueNowCents: due,
        createdAt: now,
      })
      .returning({ id: appointmentRequests.id });
    if (!request) throw new Error('The appointment request was not created.');
    await tx.insert(appointmentRequestProcedures).values(
      summary.lines.map((line, position) => ({
        requestId: request.id,
        procedureId: Number(line.procedureId),
        position,
        priceCents: line.price[0],
        packageItemId: line.packageCreditId === null ? null : Number(line.packageCreditId),
      })),
    );
    if (answers.length > 0) {
      await tx
        .insert(checkoutNoteAnswers)
        .values(answers.map((answer) => ({ ...answer, requestId: request.id })));
    }
    if (input.marketingConsents.length > 0) {
      await tx.insert(marketingConsents).values(
        input.marketingConsents.map((consent) => ({
          ...consent,
          userId: user.id,
          marketplaceId: marketplace.id,
          requestId: request.id,
          createdAt: now,
        })),
      );
    }

    let result: AppointmentRequestView;
    if (held) {
      result = {
        id: String(held.appointmentId),
        status: 'PENDING',
        practitioner: { id: String(held.practitioner.id), name: held.practitioner.name },
        dueOnConfirmation: due,
        recap: recapOf(held),
      };
    } else {
      const [entry] = await tx
        .insert(waitlistRequests)
        .values({ requestId: request.id, createdAt: now })
        .returning({ id: waitlistRequests.id });
      if (!entry) throw new Error('The waitlist request was not created.');
      await tx
        .insert(waitlistRequestRanges)
        .values(waitlist.map((range, position) => ({ ...range, waitlistRequestId: entry.id, position })));
      result = {
        id: String(entry.id),
        status: 'WAITLISTED',
        practitioner: null,
        dueOnConfirmation: due,
        recap: recapOf(null),
      };
    }
    // 'Request received', by mail (and text when the client agreed to texts): only if this commits.
    await notifyClient(tx, ports.notifications, 'received', { requestId: request.id });
    await complete(tx, result);
    return result;
  });
}

// Arbitrary but fixed: the first key of the practitioner locks below (the second is the practitioner).
export const practitionerLockSpace = 727_105_006;
const maxDeadlockRetries = 3;

type RankedChoice = ReturnType<typeof rankPractitioners>[number];

/**
 * The order in which to try the practitioners free at the slot: fewest appointments that day first
 * (as `choosePractitioner`), the equally booked in random order. Concurrent bookings read the same
 * schedules, so a fixed order would send them all to the same practitioner first.
 */
function tryOrder(ranked: RankedChoice[], random: () => number): RankedChoice[] {
  const keyed = ranked.map((choice) => ({ choice, tieBreak: random() }));
  keyed.sort((a, b) => a.choice.booked - b.choice.booked || a.tieBreak - b.tieBreak);
  return keyed.map(({ choice }) => choice);
}

/**
 * Inserts the PENDING appointment with one of the practitioners free at the slot. When the
 * exclusion constraint refuses it (someone took that practitioner's time since the schedules were
 * read), the next is tried; none left is the slot-taken message.
 *
 * Bookings of one practitioner take turns (a transaction-level advisory lock, released with the
 * savepoint when the practitioner is refused): two overlapping PENDING rows inserted at once would
 * each wait for the other inside the exclusion check, a deadlock PostgreSQL only breaks after a
 * second. So that bookings do not queue on one practitioner while others are free, the first pass
 * only takes a lock that is free (`pg_try_advisory_xact_lock`), skipping practitioners being booked
 * by another transaction right now; a second pass waits for the skipped ones in turn. A transaction
 * holds at most one of these locks at a time (a refused one goes with its savepoint), so waiting
 * cannot deadlock. A deadlock that happens anyway (other writers) is retried with the same practitioner.
 * Accepting a waitlist offer holds its time the same way, with the offered practitioner only.
 */
export async function holdTime(
  tx: Db,
  request: {
    marketplaceId: number;
    place: BookingPlace;
    clientUserId: number;
    slot: { date: string; time: string };
    rules: ReturnType<typeof slotRules>;
    candidates: PractitionerSchedule[];
    now: Date;
  },
  random: () => number = Math.random,
): Promise<{
  appointmentId: number;
  practitioner: { id: number; name: string };
  startsAt: Date;
  endsAt: Date;
}> {
  const ranked = rankPractitioners({
    ...request.rules,
    slot: request.slot,
    practitioners: request.candidates,
  });
  const busyElsewhere: RankedChoice[] = [];

  /** The appointment's id; null when `wait` is false and another transaction holds the lock. */
  const attempt = (choice: RankedChoice, wait: boolean) =>
    // A savepoint, so a refused insert leaves the rest of the transaction usable.
    tx.transaction(async (savepoint) => {
      const lock = [practitionerLockSpace, choice.practitionerId];
      if (wait) {
        await savepoint.execute(sql`select pg_advisory_xact_lock(${lock[0]}, ${lock[1]})`);
      } else {
        const { rows } = (await savepoint.execute(
          sql`select pg_try_advisory_xact_lock(${lock[0]}, ${lock[1]}) as locked`,
        )) as unknown as { rows: { locked: boolean }[] };
        if (!rows[0]?.locked) return null;
      }
      const [row] = await savepoint
        .insert(appointments)
        .values({
          marketplaceId: request.marketplaceId,
          practitionerId: choice.practitionerId,
          ...placeColumns(request.place),
          startsAt: choice.startsAt,
          endsAt: choice.endsAt,
          status: 'PENDING',
          clientUserId: request.clientUserId,
          createdAt: request.now,
          updatedAt: request.now,
        })
        .returning({ id: appointments.id });
      if (!row) throw new Error('The appointment was not created.');
      return row.id;
    });

  for (const [wait, choices] of [
    [false, tryOrder(ranked, random)],
    [true, busyElsewhere],
  ] as const) {
    for (const choice of choices) {
      let appointmentId: number | null = null;
      for (let deadlocks = 0; ; deadlocks++) {
        try {
          appointmentId = await attempt(choice, wait);
          if (appointmentId === null) busyElsewhere.push(choice);
          break;
        } catch (error) {
          if (sqlState(error) === deadlockDetected && deadlocks < maxDeadlockRetries) continue;
          if (sqlState(error) !== exclusionViolation) throw error;
          break;
        }
      }
      if (appointmentId === null) continue;
      const [practitioner] = await tx
        .select({ id: practitioners.id, name: practitioners.name })
        .from(practitioners)
        .where(eq(practitioners.id, choice.practitionerId));
      if (!practitioner) throw new Error(`Practitioner ${choice.practitionerId} vanished.`);
      return { appointmentId, practitioner, startsAt: choice.startsAt, endsAt: choice.endsAt };
    }
  }
  throw new SlotTakenError();
}

/** An EXCLUSION constraint refused the row (here: the practitioner is taken). */
const exclusionViolation = '23P01';
const deadlockDetected = '40P01';

/** The SQLSTATE of a database error, also when wrapped (Drizzle puts the driver's error in `cause`). */
export function sqlState(error: unknown): string | null {
  for (let cause: unknown = error; typeof cause === 'object' && cause !== null; ) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    cause = (cause as { cause?: unknown }).cause;
  }
  return null;
}

function placeColumns(place: BookingPlace) {
  return 'organizationId' in place
    ? { organizationId: place.organizationId, address: null, latitude: null, longitude: null }
    : {
        organizationId: null,
        address: place.address,
        latitude: place.location.latitude,
        longitude: place.location.longitude,
      };
}

/** Waitlist ranges as instants at the place; each must end in the future and start within the horizon. */
function waitlistRanges(
  ranges: { date: string; start: string; end: string }[],
  timeZone: string,
  now: Date,
  horizonMonths: number,
) {
  const lastDate = format(addMonths(new TZDate(now, timeZone), horizonMonths), 'yyyy-MM-dd');
  return ranges.map((range) => {
    const startsAt = localInstant(range.date, range.start, timeZone);
    const endsAt = localInstant(range.date, range.end, timeZone);
    if (endsAt.getTime() <= now.getTime()) throw new InvalidInputError(messages.waitlistInPast);
    if (range.date > lastDate) throw new InvalidInputError(messages.waitlistTooFar);
    return {
      startsAt,
      endsAt,
      localStart: `${range.date}T${range.start}`,
      localEnd: `${range.date}T${range.end}`,
    };
  });
}

function localInstant(date: string, time: string, timeZone: string): Date {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(new TZDate(year, month - 1, day, hours, minutes, timeZone).getTime());
}

/** The clinic's name and address (loadPlaceSchedules has checked it is the marketplace's). */
async function clinicOf(db: Db, clinicId: number): Promise<{ name: string; address: string }> {
  const [row] = await db
    .select({ name: clinics.name, address: clinics.address })
    .from(clinics)
    .where(eq(clinics.id, clinicId));
  if (!row) throw new Error(`Clinic ${clinicId} vanished.`);
  return row;
}

async function registerGuest(
  tx: Db,
  mgId: number,
  register: RegisterUserRequest,
  now: Date,
): Promise<UserRow> {
  const user =
    (await insertUser(tx, { mgId, email: register.email, now, profile: register.profile })) ??
    // Another request registered the same address a moment ago: book for that client.
    (await findUserByEmail(tx, mgId, register.email));
  if (!user) throw new Error('The client could not be registered.');
  return user;
}

async function ownInstrument(
  db: Db,
  userId: number,
  instrumentId: number,
  processor: string,
): Promise<number> {
  const [row] = await db
    .select({ id: paymentInstruments.id, processor: paymentInstruments.processor })
    .from(paymentInstruments)
    .where(
      and(
        eq(paymentInstruments.id, instrumentId),
        eq(paymentInstruments.userId, userId),
        isNull(paymentInstruments.deletedAt),
      ),
    );
  if (!row || row.processor !== processor) throw new InvalidInputError(messages.notYourCard);
  return row.id;
}
