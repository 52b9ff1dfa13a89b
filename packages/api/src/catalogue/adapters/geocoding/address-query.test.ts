import { describe, expect, it } from 'vitest';
import { parseAddressQuery } from './address-query';

describe('parseAddressQuery', () => {
  it('reads a city prefix', () => {
    expect(parseAddressQuery('Aus')).toEqual({ street: null, city: 'Aus', state: null, zip: null });
  });

  it('reads a city with a state, with or without a comma', () => {
    expect(parseAddressQuery('Austin, tx')).toEqual({ street: null, city: 'Austin', state: 'TX', zip: null });
    expect(parseAddressQuery('Austin TX')).toEqual({ street: null, city: 'Austin', state: 'TX', zip: null });
  });

  it('takes two last letters for a state only when they are one ("New Yo" is a city being typed)', () => {
    expect(parseAddressQuery('New Yo')).toEqual({ street: null, city: 'New Yo', state: null, zip: null });
    expect(parseAddressQuery('New York, Yo')).toMatchObject({ city: 'New York, Yo', state: null });
  });

  it('reads a street line, city, state and ZIP+4', () => {
    expect(parseAddressQuery(' 350  5th Ave, New York, NY 10118-0110 ')).toEqual({
      street: '350 5th Ave',
      city: 'New York',
      state: 'NY',
      zip: '10118',
    });
  });

  it('keeps a street line with no city yet as the city text', () => {
    expect(parseAddressQuery('350 5th Ave')).toEqual({
      street: null,
      city: '350 5th Ave',
      state: null,
      zip: null,
    });
  });
});
