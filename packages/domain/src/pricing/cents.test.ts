import { describe, expect, it } from 'vitest';
import { addRanges, percentOfCents } from './cents';

describe('percentOfCents (round once, half up, to whole cents)', () => {
  it('takes exact percentages', () => {
    expect(percentOfCents(19900, 15)).toBe(2985);
    expect(percentOfCents(25000, 20)).toBe(5000);
  });

  it('rounds half a cent up and less than half down', () => {
    expect(percentOfCents(1001, 50)).toBe(501);
    expect(percentOfCents(1003, 15)).toBe(150);
    expect(percentOfCents(3333, 15)).toBe(500);
  });

  it('takes percentages with decimals exactly (basis points)', () => {
    expect(percentOfCents(1004, 12.5)).toBe(126);
    expect(percentOfCents(10000, 33.33)).toBe(3333);
  });

  it('refuses fractional cents and negative percentages', () => {
    expect(() => percentOfCents(10.5, 10)).toThrow(RangeError);
    expect(() => percentOfCents(100, -1)).toThrow(RangeError);
  });
});

describe('addRanges', () => {
  it('adds each end', () => {
    expect(addRanges([1, 2], [3, 4], [0, 10])).toEqual([4, 16]);
    expect(addRanges()).toEqual([0, 0]);
  });
});
