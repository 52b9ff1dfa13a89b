import { describe, expect, it } from 'vitest';
import { completeAddress } from './autofill-address';

describe('completing a located address that has no street', () => {
  it('puts the street line before the city and ZIP code', () => {
    expect(completeAddress('350 5th Ave', 'New York, NY 10118')).toBe('350 5th Ave, New York, NY 10118');
  });

  it('tidies spaces and stray commas around what was typed', () => {
    expect(completeAddress('  350   5th Ave,  ', 'New York, NY 10118')).toBe(
      '350 5th Ave, New York, NY 10118',
    );
  });

  it('gives nothing while no street is typed', () => {
    expect(completeAddress('', 'New York, NY 10118')).toBeNull();
    expect(completeAddress(' , ', 'New York, NY 10118')).toBeNull();
  });

  it('does not repeat the area when the whole address was typed', () => {
    expect(completeAddress('350 5th Ave, new york, NY 10118', 'New York, NY 10118')).toBe(
      '350 5th Ave, new york, NY 10118',
    );
  });
});
