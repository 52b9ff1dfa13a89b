import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarFileHref, requestCalendarFile } from './request-calendar-file';
import { clinicRequest, waitlistRequest } from './test-requests';

function parseEvent(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const [component] = events;
  if (!component) throw new Error('no event');
  return { component, event: new ICAL.Event(component) };
}

describe('the requested time as a calendar file', () => {
  it('holds one tentative event at the requested UTC instants, named for the services and the marketplace', () => {
    const ics = requestCalendarFile(clinicRequest, 'book.example');
    const { component, event } = parseEvent(ics ?? '');
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-02T18:30:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-02T20:15:00.000Z');
    expect(event.summary).toBe('Drip, Boost and Shot at Glow Mobile IV');
    expect(event.location).toBe('Glow Venice, 1 Main St, Los Angeles, CA 90291');
    expect(event.uid).toBe('atrium-request-4711@book.example');
    expect(component.getFirstPropertyValue('status')).toBe('TENTATIVE');
  });

  it('says it is a request awaiting confirmation, with the services, the total and what is due', () => {
    const { event } = parseEvent(requestCalendarFile(clinicRequest, 'book.example') ?? '');
    expect(event.description.split('\n')).toEqual([
      'Appointment request awaiting confirmation: Glow Mobile IV is working to confirm your appointment. This time is not confirmed yet.',
      '',
      'Drip (1 hr)',
      '+ Boost (15 min)',
      'Shot (30 min)',
      '',
      'Total: $199.44',
      'Due when confirmed: $25.00. Your deposit will be collected when your appointment is confirmed.',
    ]);
  });

  it('is not made for a waitlist request, which has no time yet', () => {
    expect(requestCalendarFile(waitlistRequest, 'book.example')).toBeNull();
  });

  it('downloads as text/calendar through a data: address', () => {
    const href = calendarFileHref('BEGIN:VCALENDAR\r\nEND:VCALENDAR');
    expect(href).toBe('data:text/calendar;charset=utf-8,BEGIN%3AVCALENDAR%0D%0AEND%3AVCALENDAR');
  });
});
