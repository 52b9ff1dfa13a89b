import { describe, expect, it } from 'vitest';
import { cartLineTotal } from './cart-line';

describe('cartLineTotal', () => {
  const service = { id: '1', price: [45000, 25000], duration: [60, 45] };
  const addOns = [
    { id: '10', price: [3500], duration: [15] },
    { id: '11', price: [5000, 4000], duration: null },
  ];

  it('is the lowest price and shortest duration of the service without add-ons', () => {
    expect(cartLineTotal(service, addOns, [])).toEqual({ cents: 25000, minutes: 45 });
  });

  it('adds the lowest price and shortest duration of each chosen add-on, in cents and minutes', () => {
    expect(cartLineTotal(service, addOns, ['10', '11'])).toEqual({ cents: 32500, minutes: 60 });
  });

  it('ignores ids that are not add-ons of the service', () => {
    expect(cartLineTotal(service, addOns, ['99'])).toEqual({ cents: 25000, minutes: 45 });
  });
});
