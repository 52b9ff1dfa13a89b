import { formatCents } from './format-cents';

/** The price that is shown and used: the minimum; undefined when there is none. */
export function minPrice(prices: readonly number[]): number | undefined {
  return prices.length === 0 ? undefined : Math.min(...prices);
}

/**
 * Starting price of a procedure on /services: the minimum, with a `+` when the price range is wider.
 * Null when the procedure has no price at all, so the caller decides what to show.
 */
export function priceLabel(prices: readonly number[]): string | null {
  const min = minPrice(prices);
  if (min === undefined) return null;
  const max = Math.max(...prices);
  return max > min ? `${formatCents(min)}+` : formatCents(min);
}
