// Practitioners, their weekly hours, days off and booked appointments for the demo marketplaces.
// Days off and appointments are placed relative to the day the seed runs (in each location's zone),
// so the demo always has a realistic two weeks ahead; the same day gives the same rows.
import { TZDate } from '@date-fns/tz';
import { addDays, format, getISODay } from 'date-fns';
import type { DemoMarketplace, DemoProcedure } from './demo-marketplace';

/** Where a practitioner works: a clinic id, or at-home visits. */
export type DemoLocation = number | 'home';

export interface DemoPractitioner {
  id: number;
  marketplaceId: number;
  name: string;
  /** Procedures and add-ons they perform. */
  procedureIds: number[];
  /** Weekly hours: ISO weekdays (1 Monday to 7 Sunday), local HH:mm to HH:mm (24:00 allowed). */
  hours: { location: DemoLocation; weekdays: number[]; from: string; to: string }[];
}

export interface DemoTimeOff {
  id: number;
  practitionerId: number;
  /** Whose zone and working days count. */
  location: DemoLocation;
  /** Starts on the practitioner's n-th working day there after the seed day (1 is the first). */
  workday: number;
  /** Whole local days it lasts, from that day (when no from/to). */
  days?: number;
  /** Part of that day only, local HH:mm. */
  from?: string;
  to?: string;
  reason: string;
}

export interface DemoSchedulingSettings {
  marketplaceId: number;
  slotStepMinutes: number;
  minimumNoticeMinutes: number;
  bookingHorizonMonths: number;
}

/** Appointments the seed owns have ids below this; sequences start above it for real bookings. */
export const demoAppointmentIdLimit = 1_000_000;

/** How many days ahead of the seed day demo appointments are placed. */
export const demoBookingDays = 14;

export const demoSchedulingSettings: DemoSchedulingSettings[] = [
  { marketplaceId: 1, slotStepMinutes: 15, minimumNoticeMinutes: 120, bookingHorizonMonths: 12 },
  { marketplaceId: 2, slotStepMinutes: 15, minimumNoticeMinutes: 180, bookingHorizonMonths: 12 },
  // Massage rooms turn over on the half hour.
  { marketplaceId: 3, slotStepMinutes: 30, minimumNoticeMinutes: 60, bookingHorizonMonths: 12 },
];

const weekdays = [1, 2, 3, 4, 5];
const tuesdayToSaturday = [2, 3, 4, 5, 6];

// Glow Mobile IV (1): clinics 101 Manhattan, 102 Chicago, 103 West Hollywood, and home visits in NYC.
const ivDrips = [1001, 1002, 1003, 1004, 1005, 1011];
const vitaminShots = [1006, 1007, 1008];
const glowAddOns = { antiNausea: 1101, glutathione: 1102, extraFluids: 1103, toradol: 1104, zinc: 1105 };
const allGlowAddOns = Object.values(glowAddOns);
const homeAddOns = [glowAddOns.antiNausea, glowAddOns.glutathione, glowAddOns.extraFluids, glowAddOns.zinc];

const glowPractitioners: DemoPractitioner[] = [
  {
    id: 151,
    marketplaceId: 1,
    name: 'Dana Whitfield, RN',
    procedureIds: [...ivDrips, ...vitaminShots, ...allGlowAddOns],
    hours: [{ location: 101, weekdays, from: '09:00', to: '17:00' }],
  },
  {
    id: 152,
    marketplaceId: 1,
    name: 'Marcus Oyelaran, NP',
    procedureIds: [1009, 1010, ...vitaminShots],
    hours: [{ location: 101, weekdays: tuesdayToSaturday, from: '10:00', to: '19:00' }],
  },
  {
    id: 153,
    marketplaceId: 1,
    name: 'Priya Raman, RN',
    procedureIds: [1001, 1002, 1003, 1005, ...vitaminShots, ...homeAddOns],
    hours: [
      { location: 'home', weekdays: [1, 3, 5], from: '08:00', to: '16:00' },
      { location: 101, weekdays: [2, 4], from: '12:00', to: '20:00' },
    ],
  },
  {
    id: 154,
    marketplaceId: 1,
    name: 'Elena Brooks, PA-C',
    procedureIds: [...ivDrips, ...vitaminShots, 1009, 1010, ...allGlowAddOns],
    hours: [
      { location: 101, weekdays: [1, 3, 4], from: '12:00', to: '20:00' },
      { location: 101, weekdays: [6], from: '10:00', to: '16:00' },
    ],
  },
  {
    id: 155,
    marketplaceId: 1,
    name: 'Jordan Kim, RN',
    procedureIds: [...ivDrips, ...vitaminShots, ...homeAddOns],
    hours: [{ location: 'home', weekdays: tuesdayToSaturday, from: '10:00', to: '19:00' }],
  },
  {
    id: 156,
    marketplaceId: 1,
    name: 'Sam Alvarez, RN',
    procedureIds: [
      1001,
      1002,
      1003,
      1005,
      1006,
      1007,
      glowAddOns.antiNausea,
      glowAddOns.extraFluids,
      glowAddOns.zinc,
    ],
    hours: [
      { location: 'home', weekdays: [1, 2, 3, 4], from: '15:00', to: '20:00' },
      { location: 'home', weekdays: [7], from: '10:00', to: '16:00' },
    ],
  },
  {
    id: 157,
    marketplaceId: 1,
    name: 'Grace Kowalski, RN',
    procedureIds: [1001, 1002, 1004, 1006, 1008, 1011, 1101, 1102, 1103, 1104],
    hours: [{ location: 102, weekdays, from: '09:00', to: '17:00' }],
  },
  {
    id: 158,
    marketplaceId: 1,
    name: 'Tomás Rivera, RN',
    procedureIds: [1001, 1002, 1006, 1008, 1011, 1012, 1101, 1103, 1104],
    hours: [{ location: 102, weekdays: tuesdayToSaturday, from: '10:00', to: '19:00' }],
  },
  {
    id: 159,
    marketplaceId: 1,
    name: 'Aisha Bello',
    procedureIds: [1002, 1011, 1012, 1101, 1103],
    hours: [
      { location: 102, weekdays: [1, 3, 5], from: '12:00', to: '20:00' },
      { location: 102, weekdays: [6], from: '09:00', to: '14:00' },
    ],
  },
  {
    id: 160,
    marketplaceId: 1,
    name: 'Olivia Chen, NP',
    procedureIds: [1001, 1002, 1003, 1005, 1007, 1009, 1010, 1101, 1103, 1104, 1105],
    hours: [{ location: 103, weekdays, from: '09:00', to: '17:00' }],
  },
  {
    id: 161,
    marketplaceId: 1,
    name: 'Ryan Park, RN',
    procedureIds: [1001, 1002, 1003, 1005, 1007, 1012, 1101, 1103, 1104, 1105],
    hours: [{ location: 103, weekdays: tuesdayToSaturday, from: '10:00', to: '19:00' }],
  },
  {
    id: 162,
    marketplaceId: 1,
    name: 'Mia Torres',
    procedureIds: [1009, 1010, 1012],
    hours: [{ location: 103, weekdays: [3, 4, 5, 6, 7], from: '11:00', to: '20:00' }],
  },
];

// Nocturne Aesthetics (2): twelve clinics (201-212). Clinics with body treatments have an injector and
// an aesthetician; the others one practitioner who does everything offered there. Ala Moana (212)
// offers no injectables.
const nocturneAddOns = [2101, 2102];
const injectorProcedures = [2001, 2002, 2003, 2005, ...nocturneAddOns];
const aestheticianProcedures = [2004, 2005, 2006, 2007, 2008, ...nocturneAddOns];
const soloProcedures = [2001, 2002, 2003, 2004, 2005, 2006, ...nocturneAddOns];

const nocturneStaff: [number, string, number[], DemoPractitioner['hours'][number]][] = [
  [251, 'Camille Laurent, NP', injectorProcedures, { location: 201, weekdays, from: '10:00', to: '19:00' }],
  [
    252,
    'Noor Haddad',
    aestheticianProcedures,
    { location: 201, weekdays: tuesdayToSaturday, from: '11:00', to: '20:00' },
  ],
  [
    253,
    'Ethan Caldwell, PA-C',
    soloProcedures,
    { location: 202, weekdays: [1, 2, 3, 4, 5, 6], from: '10:00', to: '18:00' },
  ],
  [254, 'Valentina Ruiz, RN', injectorProcedures, { location: 203, weekdays, from: '09:00', to: '17:00' }],
  [
    255,
    'Isabel Duarte',
    aestheticianProcedures,
    { location: 203, weekdays: tuesdayToSaturday, from: '10:00', to: '19:00' },
  ],
  [
    256,
    'Simone Baptiste, NP',
    soloProcedures,
    { location: 204, weekdays: [1, 2, 3, 4, 5, 6], from: '10:00', to: '18:00' },
  ],
  [257, 'Hannah Novak, RN', injectorProcedures, { location: 205, weekdays, from: '10:00', to: '19:00' }],
  [
    258,
    'Lauren Fitzgerald',
    aestheticianProcedures,
    { location: 205, weekdays: tuesdayToSaturday, from: '10:00', to: '18:00' },
  ],
  [259, 'Brooke Sandoval, NP', injectorProcedures, { location: 206, weekdays, from: '09:00', to: '17:00' }],
  [
    260,
    'Kendra Ellis',
    aestheticianProcedures,
    { location: 206, weekdays: tuesdayToSaturday, from: '11:00', to: '20:00' },
  ],
  [
    261,
    'Reza Farahani, PA-C',
    soloProcedures,
    { location: 207, weekdays: [1, 2, 3, 4, 5, 6], from: '10:00', to: '18:00' },
  ],
  [262, 'Whitney Albright, RN', injectorProcedures, { location: 208, weekdays, from: '09:00', to: '17:00' }],
  [
    263,
    'Tessa Lindgren',
    aestheticianProcedures,
    { location: 208, weekdays: tuesdayToSaturday, from: '10:00', to: '19:00' },
  ],
  [
    264,
    'Marisol Vega, NP',
    soloProcedures,
    { location: 209, weekdays: [1, 2, 3, 4, 5, 6], from: '09:00', to: '17:00' },
  ],
  [265, 'Ava Sinclair, NP', injectorProcedures, { location: 210, weekdays, from: '10:00', to: '19:00' }],
  [
    266,
    'Jasmine Okafor',
    aestheticianProcedures,
    { location: 210, weekdays: tuesdayToSaturday, from: '11:00', to: '20:00' },
  ],
  [
    267,
    'Claire Whitaker, RN',
    soloProcedures,
    { location: 211, weekdays: [1, 2, 3, 4, 5, 6], from: '10:00', to: '18:00' },
  ],
  [
    268,
    'Leilani Kahale',
    [2004, 2005, 2006, ...nocturneAddOns],
    { location: 212, weekdays: [1, 2, 3, 4, 5, 6], from: '09:00', to: '17:00' },
  ],
];

const nocturnePractitioners: DemoPractitioner[] = nocturneStaff.map(([id, name, procedureIds, hours]) => ({
  id,
  marketplaceId: 2,
  name,
  procedureIds,
  hours: [hours],
}));

// Solace Wellness Studio (3): one studio in Denver, closed on Sundays.
const aromatherapy = 3101;
const solacePractitioners: DemoPractitioner[] = [
  {
    id: 351,
    marketplaceId: 3,
    name: 'Hannah Lindqvist, LMT',
    procedureIds: [3001, 3002, 3003, aromatherapy],
    hours: [{ location: 301, weekdays, from: '09:00', to: '17:00' }],
  },
  {
    id: 352,
    marketplaceId: 3,
    name: 'Diego Navarro, LMT',
    procedureIds: [3001, 3002, aromatherapy],
    hours: [
      { location: 301, weekdays: [2, 3, 4, 5], from: '12:00', to: '20:00' },
      { location: 301, weekdays: [6], from: '09:00', to: '17:00' },
    ],
  },
  {
    id: 353,
    marketplaceId: 3,
    name: 'Quinn Harper',
    procedureIds: [3004, 3005],
    hours: [{ location: 301, weekdays: [1, 2, 3, 4, 5, 6], from: '09:00', to: '18:00' }],
  },
  {
    id: 354,
    marketplaceId: 3,
    name: 'Leah Morgan, LMT',
    procedureIds: [3001, 3003, 3004, aromatherapy],
    hours: [
      { location: 301, weekdays: [1, 3, 5], from: '10:00', to: '18:00' },
      { location: 301, weekdays: [6], from: '10:00', to: '16:00' },
    ],
  },
];

export const demoPractitioners: DemoPractitioner[] = [
  ...glowPractitioners,
  ...nocturnePractitioners,
  ...solacePractitioners,
];

export const demoTimeOff: DemoTimeOff[] = [
  { id: 1, practitionerId: 151, location: 101, workday: 3, reason: 'Personal day' },
  { id: 2, practitionerId: 158, location: 102, workday: 4, days: 3, reason: 'Vacation' },
  { id: 3, practitionerId: 160, location: 103, workday: 2, from: '13:00', to: '17:00', reason: 'Training' },
  { id: 4, practitionerId: 155, location: 'home', workday: 6, reason: 'Personal day' },
  { id: 5, practitionerId: 253, location: 202, workday: 4, reason: 'Conference' },
  { id: 6, practitionerId: 265, location: 210, workday: 2, from: '10:00', to: '14:00', reason: 'Dentist' },
  { id: 7, practitionerId: 351, location: 301, workday: 2, reason: 'Personal day' },
  {
    id: 8,
    practitionerId: 353,
    location: 301,
    workday: 5,
    from: '09:00',
    to: '13:00',
    reason: 'Maintenance of the float suite',
  },
];

/** Clients' addresses for the demo home visits, all in the NYC service area. */
const homeAddresses = [
  { address: '350 5th Ave, New York, NY 10118', latitude: 40.7484, longitude: -73.9857 },
  { address: '200 Eastern Pkwy, Brooklyn, NY 11238', latitude: 40.6712, longitude: -73.9636 },
  { address: '2 Lincoln Sq, New York, NY 10023', latitude: 40.7736, longitude: -73.9826 },
  { address: '31-00 47th Ave, Long Island City, NY 11101', latitude: 40.7433, longitude: -73.9357 },
  { address: '100 Bay St, Jersey City, NJ 07302', latitude: 40.7149, longitude: -74.0359 },
];

/** The home-visit zone: the NYC service area's. */
const homeTimeZone = 'America/New_York';

export interface DemoAppointment {
  id: number;
  marketplaceId: number;
  practitionerId: number;
  organizationId: number | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  startsAt: Date;
  endsAt: Date;
  /** The same time as the console enters it: the local day and minutes after its midnight. */
  date: string;
  start: number;
  end: number;
  note: string;
}

/** The note on every demo visit (booked outside Atrium), by which the seed knows its own. */
export const demoVisitNote = 'Demo visit';

export interface DemoScheduleRows {
  workingHours: {
    id: number;
    marketplaceId: number;
    practitionerId: number;
    organizationId: number | null;
    weekday: number;
    startMinute: number;
    endMinute: number;
  }[];
  timeOff: { id: number; practitionerId: number; startsAt: Date; endsAt: Date; reason: string }[];
  appointments: DemoAppointment[];
}

// Appointments per working day, cycled, and where they start after the window opens (minutes). Starts
// are two hours apart, longer than any demo visit, so a practitioner's appointments never overlap.
const appointmentsPerDay = [2, 1, 3, 0, 2, 1, 1, 3, 0, 2, 4];
const startOffsets = [0, 120, 240, 360, 480];

const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/**
 * The concrete rows of the demo schedules for a seed run at `now`: working hours, and days off and
 * appointments within the next two weeks, each in its location's zone.
 */
export function demoScheduleRows(demos: DemoMarketplace[], now: Date): DemoScheduleRows {
  const calendar = demoCalendar(demos, now);
  return {
    workingHours: demoWorkingHours(),
    timeOff: demoTimeOff.map((off) => timeOffRow(off, calendar)),
    appointments: demoAppointments(demos, calendar),
  };
}

/** The days ahead of the seed day at the demo locations, each in its own zone. */
interface DemoCalendar {
  /** The practitioner's next working days at a location after today there, with that day's window. */
  workingDays(
    practitioner: DemoPractitioner,
    location: DemoLocation,
  ): { date: string; from: string; to: string }[];
  /** The instant of a local day's minute at a location (minutes past 24:00 run into the next days). */
  instant(location: DemoLocation, date: string, minute: number): Date;
}

function demoCalendar(demos: DemoMarketplace[], now: Date): DemoCalendar {
  const zoneOf = new Map<DemoLocation, string>([['home', homeTimeZone]]);
  for (const clinic of demos.flatMap((demo) => demo.clinics)) zoneOf.set(clinic.id, clinic.timeZone);
  const zone = (location: DemoLocation) => {
    const timeZone = zoneOf.get(location);
    if (!timeZone) throw new Error(`Demo location ${location} has no time zone.`);
    return timeZone;
  };
  return {
    workingDays(practitioner, location) {
      const today = new TZDate(now, zone(location));
      const days: { date: string; from: string; to: string }[] = [];
      for (let offset = 1; offset <= demoBookingDays; offset++) {
        const day = addDays(today, offset);
        const window = practitioner.hours.find(
          (hours) => hours.location === location && hours.weekdays.includes(getISODay(day)),
        );
        if (window) days.push({ date: format(day, 'yyyy-MM-dd'), from: window.from, to: window.to });
      }
      return days;
    },
    instant(location, date, minute) {
      const [year = 0, month = 0, day = 0] = date.split('-').map(Number);
      return new TZDate(year, month - 1, day + Math.floor(minute / 1440), 0, minute % 1440, zone(location));
    },
  };
}

/** One row per practitioner, location window and weekday, with an id made of the three. */
function demoWorkingHours(): DemoScheduleRows['workingHours'] {
  return demoPractitioners.flatMap((practitioner) =>
    practitioner.hours.flatMap((hours, index) =>
      hours.weekdays.map((weekday) => ({
        id: practitioner.id * 100 + index * 10 + weekday,
        marketplaceId: practitioner.marketplaceId,
        practitionerId: practitioner.id,
        organizationId: hours.location === 'home' ? null : hours.location,
        weekday,
        startMinute: minutesOf(hours.from),
        endMinute: minutesOf(hours.to),
      })),
    ),
  );
}

/** A day off (or part of one) on the practitioner's n-th working day at the location. */
function timeOffRow(off: DemoTimeOff, calendar: DemoCalendar): DemoScheduleRows['timeOff'][number] {
  const practitioner = demoPractitioners.find((candidate) => candidate.id === off.practitionerId);
  const day = practitioner && calendar.workingDays(practitioner, off.location)[off.workday - 1];
  if (!day) throw new Error(`Demo time off ${off.id} has no working day ${off.workday}.`);
  const startsAt = calendar.instant(off.location, day.date, off.from ? minutesOf(off.from) : 0);
  const endsAt = off.to
    ? calendar.instant(off.location, day.date, minutesOf(off.to))
    : calendar.instant(off.location, day.date, (off.days ?? 1) * 1440);
  return { id: off.id, practitionerId: off.practitionerId, startsAt, endsAt, reason: off.reason };
}

function demoAppointments(demos: DemoMarketplace[], calendar: DemoCalendar): DemoAppointment[] {
  const procedureById = new Map(demos.flatMap((demo) => demo.procedures.map((p) => [p.id, p])));
  return demoPractitioners.flatMap((practitioner) =>
    practitionerAppointments(practitioner, procedureById, calendar),
  );
}

/**
 * A practitioner's appointments on their working days ahead at each of their locations. Their n-th
 * appointment (over all locations) decides whether it was called off and, at home, the client's address.
 */
function practitionerAppointments(
  practitioner: DemoPractitioner,
  procedureById: Map<number, DemoProcedure>,
  calendar: DemoCalendar,
): DemoAppointment[] {
  const appointments: DemoAppointment[] = [];
  const sequenceOf = { next: 0 };
  const locations = [...new Set(practitioner.hours.map((hours) => hours.location))];
  locations.forEach((location, locationIndex) => {
    const offered = practitioner.procedureIds
      .map((id) => procedureById.get(id))
      .filter((procedure) => procedure !== undefined)
      .filter((procedure) =>
        location === 'home' ? procedure.offeredAtHome : procedure.clinicIds.includes(location),
      );
    calendar.workingDays(practitioner, location).forEach((day, dayIndex) => {
      for (const visit of dayVisits(practitioner.id, dayIndex, day, offered)) {
        const sequence = sequenceOf.next++;
        // Every seventh is left out: a gap in the day that clients can book.
        if (sequence % 7 === 6) continue;
        const home = homeAddresses[sequence % homeAddresses.length] ?? homeAddresses[0];
        appointments.push({
          id: practitioner.id * 1000 + locationIndex * 200 + dayIndex * 10 + visit.n,
          marketplaceId: practitioner.marketplaceId,
          practitionerId: practitioner.id,
          organizationId: location === 'home' ? null : location,
          address: location === 'home' ? (home?.address ?? null) : null,
          latitude: location === 'home' ? (home?.latitude ?? null) : null,
          longitude: location === 'home' ? (home?.longitude ?? null) : null,
          startsAt: calendar.instant(location, day.date, visit.start),
          endsAt: calendar.instant(location, day.date, visit.end),
          date: day.date,
          start: visit.start,
          end: visit.end,
          note: demoVisitNote,
        });
      }
    });
  });
  return appointments;
}

/**
 * The visits of a practitioner's dayIndex-th working day at a location, as local minutes: how many,
 * which procedure (every third with an add-on) and when, all cycled from the practitioner's id and the day.
 */
export function dayVisits(
  practitionerId: number,
  dayIndex: number,
  day: { from: string; to: string },
  offered: DemoProcedure[],
): { n: number; start: number; end: number }[] {
  const bookable = offered.filter((procedure) => !procedure.isAddOn);
  const count = appointmentsPerDay[(practitionerId + dayIndex) % appointmentsPerDay.length] ?? 0;
  const visits: { n: number; start: number; end: number }[] = [];
  for (let n = 0; n < count; n++) {
    const procedure = bookable[(practitionerId + dayIndex + n) % bookable.length];
    if (!procedure) continue;
    const addOnIds = [...(procedure.addOns?.featured ?? []), ...(procedure.addOns?.other ?? [])];
    const addOn = (dayIndex + n) % 3 === 0 ? offered.find((item) => addOnIds.includes(item.id)) : undefined;
    const duration = Math.min(...procedure.durations) + (addOn ? Math.min(...addOn.durations) : 0);
    const offset = startOffsets[(practitionerId + dayIndex + n) % startOffsets.length] ?? 0;
    const start = minutesOf(day.from) + offset;
    // Starts are spread over the day; one that would run past closing is left out.
    if (start + duration > minutesOf(day.to)) continue;
    visits.push({ n, start, end: start + duration });
  }
  return visits;
}
