// How a card is named wherever a client reads it: the wallet, checkout, the payment history and the
// receipts the API mails. One rule, so a receipt and the page it points to say the same.

/** How a card brand of the API (VISA, MASTERCARD, AMEX, DISCOVER, OTHER) reads. */
const brandNames: Record<string, string> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  AMEX: 'American Express',
  DISCOVER: 'Discover',
};

/** 'Visa', 'Mastercard', ...; 'Card' for a brand without a name of its own. */
export const cardBrandName = (brand: string): string => brandNames[brand] ?? 'Card';

/** 'Visa ending in 4242'. */
export const cardLabel = (card: { brand: string; lastFour: string }): string =>
  `${cardBrandName(card.brand)} ending in ${card.lastFour}`;
