import { describe, expect, it } from 'vitest';
import { normalizePromoCode } from './promo-code-field';

describe('promo code input (spec 5)', () => {
  it('is trimmed, upper-cased and at most 15 characters', () => {
    expect(normalizePromoCode('  welcome15 ')).toBe('WELCOME15');
    expect(normalizePromoCode('abcdefghijklmnopq')).toBe('ABCDEFGHIJKLMNO');
    expect(normalizePromoCode('   ')).toBe('');
  });
});
