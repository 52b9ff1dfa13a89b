import { describe, expect, it } from 'vitest';
import { canCheckout, reachableSteps } from './booking-progress';

const empty = { hasLocation: false, cartSize: 0, hasDateTime: false, waitlist: [] };

describe('reachableSteps', () => {
  it('allows only Services with an empty cart', () => {
    expect(reachableSteps(empty)).toEqual({ services: true, schedule: false, confirm: false });
  });

  it('allows Date & Time once the cart has a procedure', () => {
    expect(reachableSteps({ ...empty, cartSize: 1 })).toEqual({
      services: true,
      schedule: true,
      confirm: false,
    });
  });

  it('allows Confirm with a date and time', () => {
    expect(reachableSteps({ ...empty, cartSize: 1, hasDateTime: true }).confirm).toBe(true);
  });

  it('allows Confirm with a complete waitlist but not an incomplete one', () => {
    expect(
      reachableSteps({ ...empty, cartSize: 1, waitlist: [{ date: '2026-12-01', timesOfDay: ['morning'] }] })
        .confirm,
    ).toBe(true);
    expect(
      reachableSteps({ ...empty, cartSize: 1, waitlist: [{ date: '2026-12-01', timesOfDay: [] }] }).confirm,
    ).toBe(false);
  });
});

describe('canCheckout', () => {
  const ready = { hasLocation: true, cartSize: 2, hasDateTime: true, waitlist: [] };

  it('needs a location, a procedure and a date and time', () => {
    expect(canCheckout(ready)).toBe(true);
  });

  it('is refused without a location', () => {
    expect(canCheckout({ ...ready, hasLocation: false })).toBe(false);
  });

  it('is refused with an empty cart', () => {
    expect(canCheckout({ ...ready, cartSize: 0 })).toBe(false);
  });

  it('is refused without a date and time or a complete waitlist', () => {
    expect(canCheckout({ ...ready, hasDateTime: false })).toBe(false);
    expect(
      canCheckout({
        ...ready,
        hasDateTime: false,
        waitlist: [{ date: '2026-12-01', timesOfDay: ['evening'] }],
      }),
    ).toBe(true);
  });
});
