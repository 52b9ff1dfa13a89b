import { describe, expect, it } from 'vitest';
import { defaultPaymentChoice, NEW_CARD, savedCardLabel } from './saved-cards';

const card = (id: string, isPrimary: boolean, brand = 'VISA') => ({
  __typename: 'PaymentInstrument' as const,
  id,
  brand,
  lastFour: '4242',
  expirationMonth: 3,
  expirationYear: 2031,
  isPrimary,
});

describe('saved cards', () => {
  it("names a card by brand, last four and expiry ('Visa ending in 4242, expires 03/31')", () => {
    expect(savedCardLabel(card('1', true))).toBe('Visa ending in 4242, expires 03/31');
    expect(savedCardLabel(card('2', false, 'OTHER'))).toBe('Card ending in 4242, expires 03/31');
  });

  it('chooses the primary card, else the first, else a new card', () => {
    expect(defaultPaymentChoice([card('1', false), card('2', true)])).toBe('2');
    expect(defaultPaymentChoice([card('1', false), card('2', false)])).toBe('1');
    expect(defaultPaymentChoice([])).toBe(NEW_CARD);
  });
});
