import { describe, expect, it } from 'vitest';
import { bookingLocationSchema, selectedDateTimeSchema, waitlistEntrySchema } from './schemas';

describe('bookingLocationSchema', () => {
  it('keeps a clinic with its organizationId', () => {
    const clinic = { organizationId: '12', name: 'Uptown', address: '1 Main St', phone: '+15555550100' };
    expect(bookingLocationSchema.parse(clinic)).toEqual(clinic);
  });

  it('keeps a home address without organizationId', () => {
    const home = { address: '5 Elm St, Austin, TX', latitude: 30.27, longitude: -97.74 };
    expect(bookingLocationSchema.parse(home)).toEqual(home);
  });

  it('refuses a home address without coordinates', () => {
    expect(bookingLocationSchema.safeParse({ address: '5 Elm St' }).success).toBe(false);
  });
});

describe('selectedDateTimeSchema', () => {
  it('accepts yyyy-MM-dd and HH:mm', () => {
    expect(selectedDateTimeSchema.safeParse({ date: '2025-03-09', time: '14:30' }).success).toBe(true);
  });

  it('refuses other date and time formats', () => {
    expect([
      selectedDateTimeSchema.safeParse({ date: '03/09/2025', time: '14:30' }).success,
      selectedDateTimeSchema.safeParse({ date: '2025-03-09', time: '2:30 PM' }).success,
      selectedDateTimeSchema.safeParse({ date: '2025-03-09', time: '14:30:00' }).success,
    ]).toEqual([false, false, false]);
  });
});

describe('waitlistEntrySchema', () => {
  it('accepts an entry still without a date', () => {
    expect(waitlistEntrySchema.parse({ date: null, timesOfDay: [] })).toEqual({ date: null, timesOfDay: [] });
  });

  it('refuses a time of day outside morning, afternoon, evening', () => {
    expect(waitlistEntrySchema.safeParse({ date: '2025-03-09', timesOfDay: ['night'] }).success).toBe(false);
  });
});
