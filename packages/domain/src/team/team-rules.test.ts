import { describe, expect, it } from 'vitest';
import {
  dayHoursForm,
  formatTimeOfDay,
  hoursInterval,
  isPhotoUrl,
  overlappingIntervals,
  parseTimeOfDay,
  practitionerForm,
  staffInvitationForm,
  TEAM_MESSAGES,
  timeOffForm,
  weeklyHours,
} from './team-rules';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('the Team section’s rules', () => {
  it('reads and writes times of day, 24:00 ending the day', () => {
    expect(parseTimeOfDay('09:15')).toBe(555);
    expect(parseTimeOfDay('24:00')).toBe(1440);
    expect(parseTimeOfDay('24:15')).toBeNull();
    expect(parseTimeOfDay('9:15')).toBeNull();
    expect(parseTimeOfDay('09:60')).toBeNull();
    expect(formatTimeOfDay(1440)).toBe('24:00');
    expect(formatTimeOfDay(545)).toBe('09:05');
  });

  it('takes an interval on the quarter hour with its start before its end, as minutes', () => {
    expect(hoursInterval.parse({ weekday: 1, start: '09:00', end: '17:30' })).toEqual({
      weekday: 1,
      start: 540,
      end: 1050,
    });
    expect(firstMessage(hoursInterval.safeParse({ weekday: 1, start: '17:00', end: '09:00' }))).toBe(
      TEAM_MESSAGES.startBeforeEnd,
    );
    expect(firstMessage(hoursInterval.safeParse({ weekday: 1, start: '09:05', end: '10:00' }))).toBe(
      TEAM_MESSAGES.timeStep,
    );
    expect(firstMessage(hoursInterval.safeParse({ weekday: 0, start: '09:00', end: '10:00' }))).toBe(
      TEAM_MESSAGES.weekdayInvalid,
    );
  });

  it('finds intervals overlapping on the same day, touching ends allowed', () => {
    const week = [
      { weekday: 1, startMinute: 540, endMinute: 720 },
      { weekday: 1, startMinute: 720, endMinute: 900 },
      { weekday: 1, startMinute: 840, endMinute: 960 },
      { weekday: 2, startMinute: 540, endMinute: 960 },
    ];
    expect([...overlappingIntervals(week)].sort()).toEqual([1, 2]);
    expect(
      firstMessage(
        weeklyHours.safeParse([
          { weekday: 3, start: '09:00', end: '12:00' },
          { weekday: 3, start: '11:00', end: '13:00' },
        ]),
      ),
    ).toBe(TEAM_MESSAGES.overlap);
  });

  it('takes a practitioner’s name and a photo from the media or https only', () => {
    expect(practitionerForm.parse({ name: ' Eve ', photoUrl: ' ', procedureIds: ['1'] })).toEqual({
      name: 'Eve',
      photoUrl: null,
      procedureIds: ['1'],
    });
    expect(isPhotoUrl('/media/3/eve.webp')).toBe(true);
    expect(isPhotoUrl('https://cdn.example.com/eve.jpg')).toBe(true);
    expect(isPhotoUrl('http://cdn.example.com/eve.jpg')).toBe(false);
    expect(isPhotoUrl('javascript:alert(1)')).toBe(false);
    expect(firstMessage(practitionerForm.safeParse({ name: '', photoUrl: null, procedureIds: [] }))).toBe(
      TEAM_MESSAGES.nameRequired,
    );
  });

  it('takes time off ending after it starts, with an optional reason', () => {
    expect(timeOffForm.parse({ start: '2030-01-08T09:00', end: '2030-01-09T09:00', reason: '' })).toEqual({
      start: '2030-01-08T09:00',
      end: '2030-01-09T09:00',
      reason: null,
    });
    expect(firstMessage(timeOffForm.safeParse({ start: '2030-01-08T09:00', end: '2030-01-08T09:00' }))).toBe(
      TEAM_MESSAGES.timeOffOrder,
    );
    expect(firstMessage(timeOffForm.safeParse({ start: '', end: '2030-01-08T09:00' }))).toBe(
      TEAM_MESSAGES.dateTimeInvalid,
    );
  });

  it('takes a changed day: a real date and hours at any location that do not overlap; none is a day off', () => {
    expect(
      dayHoursForm.parse({
        date: '2030-01-12',
        intervals: [
          { clinicId: '7', start: '10:00', end: '12:00' },
          { clinicId: '', start: '13:00', end: '15:00' },
        ],
      }),
    ).toEqual({
      date: '2030-01-12',
      intervals: [
        { clinicId: '7', start: 600, end: 720 },
        { clinicId: null, start: 780, end: 900 },
      ],
    });
    expect(dayHoursForm.parse({ date: '2030-01-12', intervals: [] })).toEqual({
      date: '2030-01-12',
      intervals: [],
    });
    for (const date of ['2030-02-30', '12/01/2030', '']) {
      expect(firstMessage(dayHoursForm.safeParse({ date, intervals: [] }))).toBe(TEAM_MESSAGES.dateInvalid);
    }
    const overlapping = [
      { clinicId: '7', start: '10:00', end: '12:00' },
      { clinicId: '8', start: '11:00', end: '13:00' },
    ];
    expect(firstMessage(dayHoursForm.safeParse({ date: '2030-01-12', intervals: overlapping }))).toBe(
      TEAM_MESSAGES.overlap,
    );
    expect(
      firstMessage(
        dayHoursForm.safeParse({
          date: '2030-01-12',
          intervals: [{ clinicId: '7', start: '12:00', end: '10:00' }],
        }),
      ),
    ).toBe(TEAM_MESSAGES.startBeforeEnd);
  });

  it('needs a practitioner for a practitioner member', () => {
    expect(
      firstMessage(
        staffInvitationForm.safeParse({ email: 'a@b.example', role: 'practitioner', practitionerId: '' }),
      ),
    ).toBe(TEAM_MESSAGES.practitionerRequired);
    expect(staffInvitationForm.parse({ email: 'a@b.example', role: 'owner', practitionerId: '' })).toEqual({
      email: 'a@b.example',
      role: 'owner',
      practitionerId: null,
    });
    expect(firstMessage(staffInvitationForm.safeParse({ email: 'nope', role: 'owner' }))).toBe(
      TEAM_MESSAGES.emailInvalid,
    );
  });
});
