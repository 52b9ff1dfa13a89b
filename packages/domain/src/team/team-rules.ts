// The rules of the console's Team section, shared by its forms and the API: a practitioner's
// details, their weekly hours per location, their time off, and a staff member's invitation.
import * as z from 'zod/mini';
import { emailAddress, limitedText, optional, optionalText, refuse } from '../forms/field-rules';
import type { StaffRole } from '../staff/permissions';
import { STAFF_ROLES } from '../staff/permissions';

export const PRACTITIONER_NAME_MAX_LENGTH = 100;
export const TIME_OFF_REASON_MAX_LENGTH = 200;
/** Working hours start and end on the quarter hour: the finest slot step a marketplace uses by default. */
export const HOURS_STEP_MINUTES = 15;

export const TEAM_MESSAGES = {
  nameRequired: 'Enter the practitioner’s name.',
  photoInvalid: 'Use an uploaded photo or an https:// address.',
  timeInvalid: 'Enter a time such as 09:00.',
  timeStep: `Use times on the quarter hour (such as 09:00, 09:15, 09:30).`,
  startBeforeEnd: 'The start must be before the end.',
  overlap: 'These hours overlap other hours on the same day.',
  weekdayInvalid: 'Choose a day of the week.',
  dateTimeInvalid: 'Enter a date and time.',
  timeOffOrder: 'The end must be after the start.',
  dateInvalid: 'Enter a date.',
  dayPast: 'Choose today or a later day.',
  emailRequired: 'Enter the email address to invite.',
  emailInvalid: 'Enter a valid email address.',
  roleInvalid: 'Choose a role.',
  practitionerRequired: 'Choose which practitioner this member is.',
} as const;

/** A practitioner's name as people see it on the booking pages. */
export const practitionerName = limitedText(TEAM_MESSAGES.nameRequired, 'Name', PRACTITIONER_NAME_MAX_LENGTH);

/** A photo stored by the marketplace's media (a /media/ path) or any https address. */
export function isPhotoUrl(value: string): boolean {
  if (/^\/media\/[^\s]+$/.test(value)) return true;
  try {
    return new URL(value).protocol === 'https:' && !/\s/.test(value);
  } catch {
    return false;
  }
}

export const photoUrl = optional(
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(2000, TEAM_MESSAGES.photoInvalid),
      z.refine(isPhotoUrl, TEAM_MESSAGES.photoInvalid),
    ),
);

/** The practitioner form: name, photo and the services (procedure ids) they perform. */
export const practitionerForm = z.object({
  name: practitionerName,
  photoUrl,
  procedureIds: z.array(z.string()),
});

/** 'HH:mm' (24-hour; '24:00' is the midnight that ends the day) as minutes after midnight, or null. */
export function parseTimeOfDay(text: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (Number(match[2]) > 59 || minutes > 24 * 60) return null;
  return minutes;
}

/** Minutes after midnight as 'HH:mm'. */
export function formatTimeOfDay(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const timeOfDay = z.pipe(
  z.string({ error: TEAM_MESSAGES.timeInvalid }),
  z.transform((text, context) => {
    const minutes = parseTimeOfDay(text);
    if (minutes === null) return refuse(context, text, TEAM_MESSAGES.timeInvalid);
    if (minutes % HOURS_STEP_MINUTES !== 0) return refuse(context, text, TEAM_MESSAGES.timeStep);
    return minutes;
  }),
);

/** One interval of a weekday's hours as typed ('09:00' to '17:00'): minutes out, start before end. */
export const hoursInterval = z
  .object({
    weekday: z
      .number({ error: TEAM_MESSAGES.weekdayInvalid })
      .check(
        z.int(TEAM_MESSAGES.weekdayInvalid),
        z.gte(1, TEAM_MESSAGES.weekdayInvalid),
        z.lte(7, TEAM_MESSAGES.weekdayInvalid),
      ),
    start: timeOfDay,
    end: timeOfDay,
  })
  .check(
    z.refine((interval) => interval.start < interval.end, {
      message: TEAM_MESSAGES.startBeforeEnd,
      path: ['end'],
    }),
  );

export interface WeeklyInterval {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

/** The indices of intervals that overlap another on the same day (touching ends do not overlap). */
export function overlappingIntervals(intervals: readonly WeeklyInterval[]): Set<number> {
  const found = new Set<number>();
  intervals.forEach((a, i) => {
    intervals.forEach((b, j) => {
      if (i < j && a.weekday === b.weekday && a.startMinute < b.endMinute && b.startMinute < a.endMinute) {
        found.add(i);
        found.add(j);
      }
    });
  });
  return found;
}

/** Marks each interval that overlaps another on the same day (`dayOf` says which day it is on). */
const noOverlap = <Interval extends { start: number; end: number }>(dayOf: (interval: Interval) => number) =>
  z.superRefine((intervals: Interval[], context) => {
    const minutes = intervals.map((i) => ({ weekday: dayOf(i), startMinute: i.start, endMinute: i.end }));
    for (const index of overlappingIntervals(minutes)) {
      context.issues.push({
        code: 'custom',
        message: TEAM_MESSAGES.overlap,
        input: intervals,
        path: [index, 'start'],
      });
    }
  });

/** A location's week: its intervals, none overlapping another. */
export const weeklyHours = z.array(hoursInterval).check(noOverlap((interval) => interval.weekday));

const localDateTime = z.pipe(
  z.string({ error: TEAM_MESSAGES.dateTimeInvalid }),
  z.transform((text, context) => {
    const value = text.trim();
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}:00Z`))) {
      return refuse(context, text, TEAM_MESSAGES.dateTimeInvalid);
    }
    return value;
  }),
);

/** Time off as typed: local date-times ('yyyy-MM-ddTHH:mm' in the practitioner's zone) and an optional reason. */
export const timeOffForm = z
  .object({
    start: localDateTime,
    end: localDateTime,
    reason: optionalText('The reason', TIME_OFF_REASON_MAX_LENGTH),
  })
  .check(
    z.refine((range) => range.start < range.end, { message: TEAM_MESSAGES.timeOffOrder, path: ['end'] }),
  );

/** A day as typed, yyyy-MM-dd, that exists in the calendar. */
export const localDate = z.pipe(
  z.string({ error: TEAM_MESSAGES.dateInvalid }),
  z.transform((text, context) => {
    const value = text.trim();
    const parsed = new Date(`${value}T00:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(parsed.getTime())) {
      return refuse(context, text, TEAM_MESSAGES.dateInvalid);
    }
    // 2026-02-30 parses as March 2nd: only a date that reads back the same is real.
    if (parsed.toISOString().slice(0, 10) !== value) return refuse(context, text, TEAM_MESSAGES.dateInvalid);
    return value;
  }),
);

/** One interval of a changed day: where (a clinic's id, or null for at-home visits) and when. */
export const dayHoursInterval = z
  .object({ clinicId: optional(z.string()), start: timeOfDay, end: timeOfDay })
  .check(
    z.refine((interval) => interval.start < interval.end, {
      message: TEAM_MESSAGES.startBeforeEnd,
      path: ['end'],
    }),
  );

/**
 * A one-off change of a practitioner's day: the date (local to each location) and the hours that
 * replace their weekly ones that day, at any of their locations, none overlapping another. No hours
 * is a day not worked.
 */
export const dayHoursForm = z.object({
  date: localDate,
  // A day holds at most one interval per quarter hour; more must overlap.
  intervals: z.array(dayHoursInterval).check(
    z.maxLength(96, TEAM_MESSAGES.overlap),
    noOverlap(() => 0),
  ),
});

const staffRole = z.pipe(
  z.string({ error: TEAM_MESSAGES.roleInvalid }),
  z.transform((text, context) =>
    (STAFF_ROLES as readonly string[]).includes(text)
      ? (text as StaffRole)
      : refuse(context, text, TEAM_MESSAGES.roleInvalid),
  ),
);

/** A role and, for a practitioner member, the practitioner (an id) they are. */
export const staffRoleChoice = z.object({ role: staffRole, practitionerId: optional(z.string()) }).check(
  z.refine((choice) => choice.role !== 'practitioner' || choice.practitionerId !== null, {
    message: TEAM_MESSAGES.practitionerRequired,
    path: ['practitionerId'],
  }),
);

/** The invitation form: the address to invite, the role and, for a practitioner, who they are. */
export const staffInvitationForm = z
  .object({
    email: emailAddress({ required: TEAM_MESSAGES.emailRequired, invalid: TEAM_MESSAGES.emailInvalid }),
    role: staffRole,
    practitionerId: optional(z.string()),
  })
  .check(
    z.refine((choice) => choice.role !== 'practitioner' || choice.practitionerId !== null, {
      message: TEAM_MESSAGES.practitionerRequired,
      path: ['practitionerId'],
    }),
  );
