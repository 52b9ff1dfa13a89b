// A card's brand is named by the domain's one rule (the API's receipts use it too).
export { cardBrandName } from '@atrium/domain';

/** A card's expiry as printed on it: MM/YY. */
export const cardExpiry = (card: { expirationMonth: number; expirationYear: number }): string =>
  `${String(card.expirationMonth).padStart(2, '0')}/${String(card.expirationYear).slice(-2)}`;
