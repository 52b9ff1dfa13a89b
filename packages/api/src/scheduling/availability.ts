import { TZDate } from '@date-fns/tz';
import tzLookup from '@photostructure/tz-lookup';
import { addMonths, format, max, min, parseISO } from 'date-fns';
import type { Geocoder } from '../catalogue';
import { type Coordinates, isInsideServiceArea } from '../catalogue';
import type { Db } from '../kernel/database/database';
import { InvalidInputError, NotFoundError } from '../kernel/errors';
import { findAvailableSlots, type Slot, type SlotRules } from './engine';
import {
  loadSchedules,
  type ScheduleMarketplace,
  type ScheduleRequest,
  type Schedules,
} from './load-schedules';

export interface AvailabilityDependencies {
  db: Db;
  geocoder: Geocoder;
}

/** Where the visit happens: a clinic of the marketplace, or the client's own address. */
export type VisitPlace = { organizationId: number } | { location: Coordinates };

export interface AvailabilityRequest {
  marketplaceId: number;
  place: VisitPlace;
  /** Procedures and add-ons of the cart, each once. */
  procedureIds: number[];
  /** Local dates (yyyy-MM-dd, both included) at the place; start is not after end. */
  dateRange: { start: string; end: string };
}

export interface AvailabilityView {
  /** IANA zone that the slots' dates and times are local to. */
  timeZone: string;
  slots: Slot[];
}

// Ids are PostgreSQL `integer`s; a larger number cannot name a row.
const largestId = 2_147_483_647;

/**
 * The times at which the cart can be booked at the place, local to it (a clinic's own zone, or the
 * zone of the address's coordinates). Dates before today or beyond the marketplace's booking horizon
 * are left out; an address outside the at-home service area has no times. One database read.
 */
export async function getAvailability(
  dependencies: AvailabilityDependencies,
  request: AvailabilityRequest,
  now: Date = new Date(),
): Promise<AvailabilityView> {
  const place = await loadPlaceSchedules(dependencies, request, { appointmentStarts: false });
  const { timeZone, marketplace } = place;
  if (!place.servesPlace) return { timeZone, slots: [] };

  const dateRange = clipToBookableDates(request.dateRange, timeZone, now, marketplace.bookingHorizonMonths);
  if (!dateRange) return { timeZone, slots: [] };

  const slots = findAvailableSlots({
    ...slotRules(place, now),
    dateRange,
    practitioners: place.schedules.practitioners,
  });
  return { timeZone, slots };
}

/** A cart's schedules at a place, checked: the place is the marketplace's and the cart is offered there. */
export interface PlaceSchedules {
  marketplace: ScheduleMarketplace;
  /** IANA zone of the place. */
  timeZone: string;
  /** False for an address outside the at-home service area (or a marketplace without home visits). */
  servesPlace: boolean;
  /** The whole visit: the sum of the minimum durations of the cart. */
  durationMinutes: number;
  schedules: Schedules;
}

/**
 * Reads and checks what availability and booking both need about a cart at a place, for local dates.
 * NOT_FOUND for an unknown marketplace; BAD_USER_INPUT for another marketplace's clinic, an unknown
 * procedure, a cart of add-ons only, or a procedure not offered there. The appointments' starts,
 * which choosing a practitioner reads, are left out when `appointmentStarts` is false.
 */
export async function loadPlaceSchedules(
  { db, geocoder }: AvailabilityDependencies,
  request: AvailabilityRequest,
  { appointmentStarts }: Pick<ScheduleRequest, 'appointmentStarts'> = { appointmentStarts: true },
): Promise<PlaceSchedules> {
  const { marketplaceId, place } = request;
  if (marketplaceId > largestId) throw new NotFoundError(`Marketplace ${marketplaceId} was not found.`);
  const clinicId = 'organizationId' in place ? place.organizationId : null;
  if (clinicId !== null && clinicId > largestId) throw notOneOfItsClinics(clinicId, marketplaceId);
  const unknownProcedure = request.procedureIds.find((id) => id > largestId);
  if (unknownProcedure !== undefined) throw procedureNotFound(unknownProcedure, marketplaceId);

  const homeTimeZone =
    'location' in place ? tzLookup(place.location.latitude, place.location.longitude) : null;
  const schedules = await loadSchedules(db, {
    marketplaceId,
    clinicId,
    homeTimeZone,
    procedureIds: request.procedureIds,
    dateRange: request.dateRange,
    appointmentStarts,
  });

  const { marketplace } = schedules;
  if (!marketplace) throw new NotFoundError(`Marketplace ${marketplaceId} was not found.`);
  if (clinicId !== null && !schedules.clinic) throw notOneOfItsClinics(clinicId, marketplaceId);
  const timeZone = schedules.timeZone ?? homeTimeZone;
  if (!timeZone) throw new Error('No time zone for the place.');

  const found = new Map(schedules.procedures.map((procedure) => [procedure.id, procedure]));
  for (const id of request.procedureIds) {
    if (!found.has(id)) throw procedureNotFound(id, marketplaceId);
  }
  if (schedules.procedures.every((procedure) => procedure.isAddOn)) {
    throw new InvalidInputError('An add-on can only be booked together with a procedure.');
  }

  const servesPlace = 'location' in place ? await servesAddress(marketplace, place.location, geocoder) : true;
  if (servesPlace) {
    const notOffered = schedules.procedures.find((procedure) => !procedure.offered);
    if (notOffered) throw new InvalidInputError(`${notOffered.name} is not offered at this location.`);
  }
  return {
    marketplace,
    timeZone,
    servesPlace,
    durationMinutes: schedules.procedures.reduce((total, procedure) => total + procedure.minimumDuration, 0),
    schedules,
  };
}

/** How slots are laid out at a place: the same for offering times and for choosing who takes one. */
export function slotRules(place: PlaceSchedules, now: Date): SlotRules {
  return {
    timeZone: place.timeZone,
    durationMinutes: place.durationMinutes,
    stepMinutes: place.marketplace.slotStepMinutes,
    noticeMinutes: place.marketplace.minimumNoticeMinutes,
    now,
  };
}

/** The part of the range from today through today plus the horizon, local to the place; null if none. */
export function clipToBookableDates(
  range: { start: string; end: string },
  timeZone: string,
  now: Date,
  horizonMonths: number,
): { start: string; end: string } | null {
  const today = new TZDate(now, timeZone);
  const first = format(today, 'yyyy-MM-dd');
  const last = format(addMonths(today, horizonMonths), 'yyyy-MM-dd');
  // Calendar dates without a zone: compared as local midnights, printed back the same.
  const start = format(max([parseISO(range.start), parseISO(first)]), 'yyyy-MM-dd');
  const end = format(min([parseISO(range.end), parseISO(last)]), 'yyyy-MM-dd');
  return start <= end ? { start, end } : null;
}

async function servesAddress(
  marketplace: ScheduleMarketplace,
  location: Coordinates,
  geocoder: Geocoder,
): Promise<boolean> {
  if (!marketplace.providesAtHome) return false;
  const center =
    marketplace.serviceAreaLatitude !== null && marketplace.serviceAreaLongitude !== null
      ? { latitude: marketplace.serviceAreaLatitude, longitude: marketplace.serviceAreaLongitude }
      : null;
  return isInsideServiceArea(
    { center, radiusKm: marketplace.serviceAreaRadiusKm, zipCodes: marketplace.serviceAreaZipCodes },
    location,
    (point) => geocoder.zipCodeAt(point),
  );
}

function notOneOfItsClinics(organizationId: number, marketplaceId: number): InvalidInputError {
  return new InvalidInputError(
    `Organization ${organizationId} is not a clinic of marketplace ${marketplaceId}.`,
  );
}

function procedureNotFound(procedureId: number, marketplaceId: number): InvalidInputError {
  return new InvalidInputError(`Procedure ${procedureId} was not found in marketplace ${marketplaceId}.`);
}
