import { describe, expect, it } from 'vitest';
import { tipPresets, tipToCents } from './tips';

describe('tipPresets (10%, 15%, 20% of the cart minimum price)', () => {
  it('gives the three presets in cents', () => {
    expect(tipPresets(23400)).toEqual([
      { percent: 10, cents: 2340 },
      { percent: 15, cents: 3510 },
      { percent: 20, cents: 4680 },
    ]);
  });

  it('rounds each preset to whole cents, half up', () => {
    // 10% of 19995 = 1999.5 -> 2000; 15% = 2999.25 -> 2999; 20% = 3999.
    expect(tipPresets(19995).map((preset) => preset.cents)).toEqual([2000, 2999, 3999]);
  });

  it('is zero for an empty cart', () => {
    expect(tipPresets(0).map((preset) => preset.cents)).toEqual([0, 0, 0]);
  });
});

describe('tipToCents (digits, at most 2 decimals, below 10000)', () => {
  it('converts dollars to cents', () => {
    expect(tipToCents('20')).toBe(2000);
    expect(tipToCents('19.99')).toBe(1999);
    expect(tipToCents('0.1')).toBe(10);
    expect(tipToCents(' 7.5 ')).toBe(750);
    expect(tipToCents('.5')).toBe(50);
    expect(tipToCents('12.')).toBe(1200);
    expect(tipToCents('9999.99')).toBe(999999);
    expect(tipToCents(12.34)).toBe(1234);
  });

  it('refuses more than 2 decimals, signs, letters and empty text', () => {
    for (const text of ['1.234', '-5', '+5', '5e2', 'abc', '', ' ', '1,000', '.']) {
      expect(tipToCents(text)).toBeNull();
    }
    expect(tipToCents(Number.NaN)).toBeNull();
  });

  it('refuses 10000 dollars and more', () => {
    expect(tipToCents('10000')).toBeNull();
    expect(tipToCents('10000.00')).toBeNull();
    expect(tipToCents('123456')).toBeNull();
  });
});
