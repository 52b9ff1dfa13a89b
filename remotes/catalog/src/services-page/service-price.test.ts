import { describe, expect, it } from 'vitest';
import { serviceTotal } from './service-price';

describe('serviceTotal', () => {
  const procedure = { id: '1', price: [45000, 25000] };
  const addOns = [
    { id: '10', price: [3500] },
    { id: '11', price: [5000, 4000] },
  ];

  it('is the lowest price of the service without add-ons', () => {
    expect(serviceTotal(procedure, addOns, [])).toBe(25000);
  });

  it('adds the lowest price of each chosen add-on, in cents', () => {
    expect(serviceTotal(procedure, addOns, ['10', '11'])).toBe(32500);
  });

  it('ignores ids that are not add-ons of the service', () => {
    expect(serviceTotal(procedure, addOns, ['99'])).toBe(25000);
  });
});
