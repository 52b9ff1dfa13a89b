// Integer-cent arithmetic shared by the pricing rules.
//
// Rounding rule: an amount derived from a price (a percentage of it) is rounded to whole cents once,
// on the line it belongs to, half away from zero (Math.round on a non-negative amount). Sums and
// differences are then taken of whole cents only, so a summary always equals the sum of its lines
// and nothing drifts however many lines there are.

/** [low, high] in cents: a procedure's price list gives a range; the low end is what is charged. */
export type CentsRange = [low: number, high: number];

export const ZERO_RANGE: CentsRange = [0, 0];

/**
 * `percent` % of `cents`, rounded to whole cents (half up). Percentages may carry up to 2 decimals
 * (12.5); they are taken in basis points so the product stays an exact integer.
 */
export function percentOfCents(cents: number, percent: number): number {
  assertCents(cents);
  if (!Number.isFinite(percent) || percent < 0) throw new RangeError(`Not a percentage: ${percent}`);
  const basisPoints = Math.round(percent * 100);
  return Math.round((cents * basisPoints) / 10_000) + 0;
}

export function assertCents(cents: number): void {
  if (!Number.isInteger(cents)) throw new RangeError(`Money must be integer cents, got ${cents}`);
}

export function addRanges(...ranges: CentsRange[]): CentsRange {
  return ranges.reduce<CentsRange>((sum, range) => [sum[0] + range[0], sum[1] + range[1]], [0, 0]);
}
