import { describe, expect, it } from 'vitest';
import { clientChangeWindow } from './client-changes';

const start = new Date('2030-03-10T15:00:00Z');
const online = { mode: 'online', cutoffHours: 24 } as const;

describe('clientChangeWindow', () => {
  it('closes online changes the cut-off’s hours before the visit, that instant still allowed', () => {
    const until = new Date('2030-03-09T15:00:00Z');
    expect(clientChangeWindow(online, { status: 'BOOKED', start }, until)).toEqual({ until, refusal: null });
    expect(clientChangeWindow(online, { status: 'PENDING', start }, new Date(until.getTime() + 1))).toEqual({
      until,
      refusal: 'cutoffPassed',
    });
  });

  it('leaves changes to the phone when the marketplace says so (the spec’s default)', () => {
    expect(
      clientChangeWindow({ mode: 'phone', cutoffHours: 24 }, { status: 'BOOKED', start }, new Date(0)),
    ).toEqual({ until: null, refusal: 'byPhone' });
  });

  it('never lets a client change a visit that is neither pending nor booked', () => {
    expect(clientChangeWindow(online, { status: 'COMPLETE', start }, new Date(0)).refusal).toBe(
      'notChangeable',
    );
    expect(clientChangeWindow(online, { status: 'CANCELLED', start }, new Date(0)).refusal).toBe(
      'notChangeable',
    );
  });
});
