// The tip on /confirm: presets and the custom tip.
import { dollarsToCents } from '../money/format-cents';
import { percentOfCents } from './cents';

/** The preset tips, as percentages of the cart's minimum price. */
export const TIP_PERCENTAGES = [10, 15, 20] as const;

/** A custom tip must be below this many dollars. */
export const MAX_TIP_DOLLARS = 10_000;

export interface TipPreset {
  percent: (typeof TIP_PERCENTAGES)[number];
  /** The tip in cents, rounded to whole cents (half up). */
  cents: number;
}

/** 10%, 15% and 20% of the cart's minimum price (cents). */
export function tipPresets(cartMinimumCents: number): TipPreset[] {
  const base = Math.max(0, cartMinimumCents);
  return TIP_PERCENTAGES.map((percent) => ({ percent, cents: percentOfCents(base, percent) }));
}

/**
 * A custom tip typed in dollars to cents (digits with at most 2 decimals, below 10000; amount
 * times 100, rounded). Null when the text is not such an amount. Surrounding spaces
 * are ignored; '12.' and '.5' are accepted as 12 and 0.50 dollars.
 */
export function tipToCents(dollars: string | number): number | null {
  const text =
    typeof dollars === 'number' ? (Number.isFinite(dollars) ? String(dollars) : '') : dollars.trim();
  if (!/^(\d+\.?\d{0,2}|\.\d{1,2})$/.test(text)) return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value >= MAX_TIP_DOLLARS) return null;
  return dollarsToCents(value);
}
