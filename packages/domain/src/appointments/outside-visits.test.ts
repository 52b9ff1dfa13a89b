import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { OUTSIDE_VISIT_MESSAGES, outsideVisitForm } from './outside-visits';

const problems = (input: unknown) =>
  (outsideVisitForm.safeParse(input).error?.issues ?? []).map((issue) => [
    issue.path.join('.'),
    issue.message,
  ]);

describe('outsideVisitForm', () => {
  it('reads a visit on any minute as minutes after midnight, the note trimmed', () => {
    expect(
      z.parse(outsideVisitForm, { date: '2026-12-01', start: '09:40', end: '10:25', note: ' Ana ' }),
    ).toEqual({
      date: '2026-12-01',
      start: 580,
      end: 625,
      note: 'Ana',
    });
    expect(
      z.parse(outsideVisitForm, { date: '2026-12-01', start: '09:40', end: '10:25', note: '' }).note,
    ).toBeNull();
  });

  it('refuses a bad day, a bad time, an end not after the start and a visit over 12 hours', () => {
    expect(problems({ date: '2026-02-30', start: '09:00', end: '10:00' })).toEqual([
      ['date', 'Enter a date.'],
    ]);
    expect(problems({ date: '2026-12-01', start: '9am', end: '24:00' })).toEqual([
      ['start', OUTSIDE_VISIT_MESSAGES.timeInvalid],
      ['end', OUTSIDE_VISIT_MESSAGES.timeInvalid],
    ]);
    expect(problems({ date: '2026-12-01', start: '10:00', end: '10:00' })).toEqual([
      ['end', OUTSIDE_VISIT_MESSAGES.order],
    ]);
    expect(problems({ date: '2026-12-01', start: '07:00', end: '19:01' })).toEqual([
      ['end', OUTSIDE_VISIT_MESSAGES.tooLong],
    ]);
    expect(problems({ date: '2026-12-01', start: '07:00', end: '19:00', note: 'x'.repeat(201) })).toEqual([
      ['note', 'The note must be at most 200 characters.'],
    ]);
  });
});
