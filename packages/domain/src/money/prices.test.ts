import { describe, expect, it } from 'vitest';
import { minPrice, priceLabel } from './prices';

describe('minPrice (the minimum price is shown and used)', () => {
  it('returns the lowest price in cents', () => {
    expect(minPrice([15000, 9900, 12000])).toBe(9900);
  });

  it('returns undefined for no prices', () => {
    expect(minPrice([])).toBeUndefined();
  });
});

describe('priceLabel (starting price, a plus sign when the price range is wider)', () => {
  it('shows a single price as is', () => {
    expect(priceLabel([9900])).toBe('$99.00');
  });

  it('shows equal prices without a plus', () => {
    expect(priceLabel([9900, 9900])).toBe('$99.00');
  });

  it('adds a plus to the minimum when prices differ', () => {
    expect(priceLabel([15000, 9900])).toBe('$99.00+');
  });

  it('is null when there is no price', () => {
    expect(priceLabel([])).toBeNull();
  });
});
