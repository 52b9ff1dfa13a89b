/** How a card brand of the API (VISA, MASTERCARD, AMEX, DISCOVER, OTHER) reads on screen. */
const brandNames: Record<string, string> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  AMEX: 'American Express',
  DISCOVER: 'Discover',
};

/** 'Visa', 'Mastercard', ...; 'Card' for a brand without a name of its own. */
export const cardBrandName = (brand: string): string => brandNames[brand] ?? 'Card';

/** A card's expiry as printed on it: MM/YY. */
export const cardExpiry = (card: { expirationMonth: number; expirationYear: number }): string =>
  `${String(card.expirationMonth).padStart(2, '0')}/${String(card.expirationYear).slice(-2)}`;
