import { describe, expect, it } from 'vitest';
import { cardBrandName, cardLabel } from './card-brand';

describe('card names', () => {
  it('reads each brand of the API by its own name, and any other as Card', () => {
    expect(['VISA', 'MASTERCARD', 'AMEX', 'DISCOVER', 'OTHER'].map(cardBrandName)).toEqual([
      'Visa',
      'Mastercard',
      'American Express',
      'Discover',
      'Card',
    ]);
  });

  it('names a card by its brand and last four', () => {
    expect(cardLabel({ brand: 'VISA', lastFour: '4242' })).toBe('Visa ending in 4242');
    expect(cardLabel({ brand: 'OTHER', lastFour: '0005' })).toBe('Card ending in 0005');
  });
});
