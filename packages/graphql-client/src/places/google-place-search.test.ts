import { describe, expect, it } from 'vitest';
import { hasStreetIn } from './google-place-search';

describe("Google's address parts", () => {
  it('make a street address with a house number and a street', () => {
    expect(
      hasStreetIn([
        { types: ['street_number'] },
        { types: ['route'] },
        { types: ['locality', 'political'] },
        { types: ['postal_code'] },
      ]),
    ).toBe(true);
  });

  it('do not with a street alone, a city and ZIP code, or none', () => {
    expect(hasStreetIn([{ types: ['route'] }, { types: ['locality', 'political'] }])).toBe(false);
    expect(hasStreetIn([{ types: ['locality', 'political'] }, { types: ['postal_code'] }])).toBe(false);
    expect(hasStreetIn([])).toBe(false);
    expect(hasStreetIn(undefined)).toBe(false);
  });
});
