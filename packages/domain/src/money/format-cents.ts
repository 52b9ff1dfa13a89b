let usd: Intl.NumberFormat | undefined;

// Built on first use, not at import: the domain package stays free of work at load time.
function usdFormatter(): Intl.NumberFormat {
  usd ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return usd;
}

/** Integer cents as US dollars with 2 decimals: 123450 -> `$1,234.50`, -500 -> `-$5.00`. */
export function formatCents(cents: number): string {
  if (!Number.isInteger(cents)) {
    throw new Error(`Money must be integer cents, got ${cents}`);
  }
  // `+ 0` turns -0 into 0 so zero never prints as "-$0.00".
  return usdFormatter().format(cents / 100 + 0);
}

/**
 * Dollars to cents as the spec sends tips: amount times 100, rounded (12.345 -> 1235).
 * Throws on NaN or infinity, which would otherwise reach the server as a bogus amount.
 */
export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) {
    throw new Error(`Cannot convert ${dollars} dollars to cents`);
  }
  return Math.round(dollars * 100) + 0;
}
