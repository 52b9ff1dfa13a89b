// A visit booked outside Atrium: time a practitioner already owes a client the marketplace booked
// elsewhere (its old system, a call taken on paper), entered so clients cannot book over it. The
// rules of the console's form and of the API.
import * as z from 'zod/mini';
import { optionalText, refuse } from '../forms/field-rules';
import { localDate, parseTimeOfDay } from '../team/team-rules';

export const OUTSIDE_VISIT_NOTE_MAX_LENGTH = 200;
/** The longest visit: a working day's, so a typing slip cannot block a practitioner for days. */
export const OUTSIDE_VISIT_MAX_MINUTES = 12 * 60;

export const OUTSIDE_VISIT_MESSAGES = {
  practitionerRequired: 'Choose the practitioner.',
  timeInvalid: 'Enter a time such as 09:40.',
  order: 'The end must be after the start.',
  tooLong: 'A visit can last at most 12 hours.',
  taken: 'The practitioner already has an appointment at that time.',
} as const;

/** 'HH:mm' on any minute (a visit booked elsewhere keeps its own times), as minutes after midnight. */
const clockTime = z.pipe(
  z.string({ error: OUTSIDE_VISIT_MESSAGES.timeInvalid }),
  z.transform((text, context) => {
    const minutes = parseTimeOfDay(text);
    // '24:00' ends a day of hours, but no visit starts or ends on a day that has no such time.
    if (minutes === null || minutes >= 24 * 60)
      return refuse(context, text, OUTSIDE_VISIT_MESSAGES.timeInvalid);
    return minutes;
  }),
);

/** The visit's day (local to its place), start and end on that day, and a note for the team. */
export const outsideVisitForm = z
  .object({
    date: localDate,
    start: clockTime,
    end: clockTime,
    note: optionalText('The note', OUTSIDE_VISIT_NOTE_MAX_LENGTH),
  })
  .check(
    z.refine((visit) => visit.start < visit.end, { message: OUTSIDE_VISIT_MESSAGES.order, path: ['end'] }),
    z.refine((visit) => visit.end - visit.start <= OUTSIDE_VISIT_MAX_MINUTES, {
      message: OUTSIDE_VISIT_MESSAGES.tooLong,
      path: ['end'],
    }),
  );
