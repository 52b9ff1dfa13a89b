import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatCents } from './format-cents';

describe('formatCents (cents divided by 100, USD with 2 decimals)', () => {
  it('formats thousands with a separator and 2 decimals', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
  });

  it('formats negative amounts with a leading minus', () => {
    expect(formatCents(-500)).toBe('-$5.00');
  });

  it('formats zero (and negative zero) as $0.00', () => {
    expect([formatCents(0), formatCents(-0)]).toEqual(['$0.00', '$0.00']);
  });

  it('formats single cents', () => {
    expect(formatCents(7)).toBe('$0.07');
  });

  it('refuses fractional cents', () => {
    expect(() => formatCents(10.5)).toThrow('Money must be integer cents, got 10.5');
  });
});

describe('dollarsToCents (gratuity is amount times 100, rounded)', () => {
  it('converts whole and decimal dollars', () => {
    expect([dollarsToCents(20), dollarsToCents(19.99), dollarsToCents(0.1 + 0.2)]).toEqual([2000, 1999, 30]);
  });

  it('rounds fractions of a cent', () => {
    expect(dollarsToCents(12.345)).toBe(1235);
  });

  it('throws on NaN', () => {
    expect(() => dollarsToCents(Number.NaN)).toThrow('Cannot convert NaN dollars to cents');
  });
});
