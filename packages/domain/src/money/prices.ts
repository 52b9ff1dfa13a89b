import { formatCents } from './format-cents';

/** The price that is shown and used (spec 3: "the minimum is shown and used"); undefined when there is none. */
export function minPrice(prices: readonly number[]): number | undefined {
  return prices.length === 0 ? undefined : Math.min(...prices);
}

/**
 * Starting price of a procedure: the minimum, with a `+` when the price range is wider
 * (spec 2 /services). Null when the procedure has no price at all, so the caller decides what to show.
 */
export function priceLabel(prices: readonly number[]): string | null {
  const min = minPrice(prices);
  if (min === undefined) return null;
  const max = Math.max(...prices);
  return max > min ? `${formatCents(min)}+` : formatCents(min);
}
