import { describe, expect, it } from 'vitest';
import { availabilityInput, firstDay } from './first-day';

const clinic = { organizationId: '101', name: 'Midtown', address: '1 Main St', phone: '+12125550100' };
const home = { address: '350 5th Ave, New York, NY 10118', latitude: 40.75, longitude: -73.99 };
const cart = [{ id: '1006', addOnIds: ['1103'] }];

describe('the first day /schedule shows', () => {
  it('is the chosen date, else none while a waitlist is set, else today', () => {
    expect(firstDay({ date: '2030-01-08', time: '10:00' }, [], '2030-01-01')).toBe('2030-01-08');
    expect(firstDay(null, [{ date: '2030-01-09', timesOfDay: ['morning'] }], '2030-01-01')).toBeNull();
    expect(firstDay(null, [], '2030-01-01')).toBe('2030-01-01');
  });
});

describe('the availability asked for', () => {
  it('is the cart with its add-ons at the clinic on the day', () => {
    expect(availabilityInput('1', clinic, cart, '2030-01-08')).toEqual({
      marketplaceId: '1',
      organizationId: '101',
      procedureIds: ['1006', '1103'],
      dateRange: { start: '2030-01-08', end: '2030-01-08' },
    });
  });

  it("is at the client's own address by its coordinates", () => {
    expect(availabilityInput('1', home, cart, '2030-01-08')).toMatchObject({
      location: { latitude: 40.75, longitude: -73.99 },
    });
  });

  it('is nothing without a location or a day', () => {
    expect(availabilityInput('1', null, cart, '2030-01-08')).toBeNull();
    expect(availabilityInput('1', clinic, cart, null)).toBeNull();
  });
});
