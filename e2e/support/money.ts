/**
 * Money as the pages show it, for the specs' expectations: the app's own formatter is `formatCents` in
 * @atrium/domain; the specs keep to what a client reads ('$1,234.50') and what the API answers (cents).
 */

/** Whole cents as a page shows them: 700 → '$7.00'. */
export const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Whole cents as a CSV export writes them: 700 → '7.00'. */
export const decimalAmount = (cents: number) => (cents / 100).toFixed(2);

/** A shown amount in whole cents: '$1,234.50' → 123450. */
export const centsOf = (shown: string) => Math.round(Number(shown.replace(/[$,]/g, '')) * 100);
