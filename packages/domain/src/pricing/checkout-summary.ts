// The checkout summary: what a cart costs, range by range, in integer cents.
// The API computes it from the database; the browser shows what the API returns. The rounding rule
// is in ./cents.ts: every derived amount is rounded once, on its line.
import { formatCents } from '../money/format-cents';
import { addRanges, assertCents, type CentsRange, percentOfCents, ZERO_RANGE } from './cents';

/** A procedure or add-on of the cart with what pricing needs to know about it. */
export interface PricedProcedure {
  id: string;
  /** Its price list in cents; the minimum is shown and charged, the maximum bounds the range. */
  prices: readonly number[];
  /** Its category (procedure group); null for add-ons, which no membership or package covers. */
  groupId: string | null;
}

/** A membership discount: a percentage off procedures of some categories. */
export interface MembershipDiscount {
  percentage: number;
  procedureGroupIds: readonly string[];
}

/** A package item of the client: its remaining points cover procedures of some categories. */
export interface PackageCredit {
  id: string;
  /** Points left; each covers one procedure. */
  balance: number;
  procedureGroupIds: readonly string[];
}

export type PromoKind = 'percentage' | 'fixed';

/** A usable promo code's rule. */
export interface PromoRule {
  kind: PromoKind;
  /** Percent for `percentage` (e.g. 15), cents for `fixed` (e.g. 2000). */
  value: number;
  /** The procedures (and add-ons) it is limited to; null when it applies to the whole cart. */
  procedureIds: readonly string[] | null;
}

export interface CheckoutSummaryInput {
  /** The cart's procedures and add-ons, in cart order; a repeated id counts once. */
  procedures: readonly PricedProcedure[];
  membershipDiscounts?: readonly MembershipDiscount[];
  /** In the order points are used (e.g. soonest to expire first). */
  packageCredits?: readonly PackageCredit[];
  promo?: PromoRule | null;
  /** The marketplace's at-home travel fee; pass it only for a visit at the client's address. */
  travelFeeCents?: number;
  gratuityCents?: number;
}

/** One cart line and what was taken off it. */
export interface CheckoutLine {
  procedureId: string;
  price: CentsRange;
  membership: CentsRange;
  credit: CentsRange;
  /** The package item whose point covers the line, or null. */
  packageCreditId: string | null;
  promo: CentsRange;
  /** What is left to pay for the line: price - membership - credit - promo. */
  net: CentsRange;
}

export interface CheckoutSummary {
  lines: CheckoutLine[];
  procedures: CentsRange;
  membership: CentsRange;
  credit: CentsRange;
  /** Other discounts: none exist yet, so always [0, 0]; kept so the total's formula is complete. */
  discount: CentsRange;
  promoCode: CentsRange;
  /** What the promo gives ('15% off', '$20.00 off'); null without a promo that applies to the cart. */
  promoCodeText: string | null;
  gratuity: number;
  travelFee: CentsRange;
  /** procedures - membership - credit - discount - promoCode + travelFee + gratuity, never below 0. */
  total: CentsRange;
}

/** The empty cart's summary: every amount zero, whatever tip or fee was passed. */
export const EMPTY_CHECKOUT_SUMMARY: CheckoutSummary = {
  lines: [],
  procedures: ZERO_RANGE,
  membership: ZERO_RANGE,
  credit: ZERO_RANGE,
  discount: ZERO_RANGE,
  promoCode: ZERO_RANGE,
  promoCodeText: null,
  gratuity: 0,
  travelFee: ZERO_RANGE,
  total: ZERO_RANGE,
};

/**
 * The checkout summary of a cart.
 *
 * Per line, in this order:
 * 1. price: [min, max] of its price list;
 * 2. package credit: while a package item of its category has points left (items in the given
 *    order, lines in cart order), one point covers the line: its whole price is credited;
 * 3. membership: otherwise the best membership percentage for its category, of its price;
 * 4. promo: of what is left after 2 and 3, on the lines the promo applies to: a percentage per line,
 *    or a fixed amount capped at what is left and split over those lines in proportion to it (the
 *    cent left over by the split goes to the line with the largest remainder, the earlier on a tie).
 * So no discount ever exceeds what it applies to and no line goes below zero.
 * Each end of a range is computed on its own: the low end from minimum prices, the high from maximum.
 */
export function computeCheckoutSummary(input: CheckoutSummaryInput): CheckoutSummary {
  const procedures = uniqueById(input.procedures);
  if (procedures.length === 0) return EMPTY_CHECKOUT_SUMMARY;
  const travelFee = input.travelFeeCents ?? 0;
  const gratuity = input.gratuityCents ?? 0;
  assertNonNegativeCents(travelFee, 'travel fee');
  assertNonNegativeCents(gratuity, 'gratuity');

  const points = new Map((input.packageCredits ?? []).map((credit) => [credit.id, credit.balance]));
  const lines: CheckoutLine[] = procedures.map((procedure) => {
    const price = priceRange(procedure);
    const covering =
      procedure.groupId === null
        ? undefined
        : (input.packageCredits ?? []).find(
            (credit) =>
              (points.get(credit.id) ?? 0) >= 1 &&
              credit.procedureGroupIds.includes(procedure.groupId as string),
          );
    if (covering) {
      points.set(covering.id, (points.get(covering.id) ?? 0) - 1);
      return line(procedure.id, price, ZERO_RANGE, price, covering.id);
    }
    const percentage = membershipPercentage(procedure.groupId, input.membershipDiscounts ?? []);
    const membership: CentsRange = [
      percentOfCents(price[0], percentage),
      percentOfCents(price[1], percentage),
    ];
    return line(procedure.id, price, membership, ZERO_RANGE, null);
  });

  const promo = input.promo ?? null;
  const promoLines = promo ? lines.filter((item) => promoAppliesTo(promo, item.procedureId)) : [];
  if (promo && promoLines.length > 0) applyPromo(promo, promoLines);

  const sum = (pick: (item: CheckoutLine) => CentsRange) => addRanges(...lines.map(pick));
  const summary = {
    procedures: sum((item) => item.price),
    membership: sum((item) => item.membership),
    credit: sum((item) => item.credit),
    discount: ZERO_RANGE,
    promoCode: sum((item) => item.promo),
  };
  const totalEnd = (end: 0 | 1) =>
    Math.max(
      0,
      summary.procedures[end] -
        summary.membership[end] -
        summary.credit[end] -
        summary.discount[end] -
        summary.promoCode[end] +
        travelFee +
        gratuity,
    );
  return {
    lines,
    ...summary,
    promoCodeText: promo && promoLines.length > 0 ? promoText(promo) : null,
    gratuity,
    travelFee: [travelFee, travelFee],
    total: [totalEnd(0), totalEnd(1)],
  };
}

/** Whether a promo's procedure list (if any) includes a procedure. */
export function promoAppliesTo(promo: PromoRule, procedureId: string): boolean {
  return promo.procedureIds === null || promo.procedureIds.includes(procedureId);
}

/** '15% off' or '$20.00 off'. */
export function promoText(promo: PromoRule): string {
  return promo.kind === 'percentage' ? `${promo.value}% off` : `${formatCents(promo.value)} off`;
}

function line(
  procedureId: string,
  price: CentsRange,
  membership: CentsRange,
  credit: CentsRange,
  packageCreditId: string | null,
): CheckoutLine {
  return {
    procedureId,
    price,
    membership,
    credit,
    packageCreditId,
    promo: ZERO_RANGE,
    net: [price[0] - membership[0] - credit[0], price[1] - membership[1] - credit[1]],
  };
}

/** Sets each line's promo (and net) in place; `lines` are the lines the promo applies to. */
function applyPromo(promo: PromoRule, lines: CheckoutLine[]): void {
  if (!Number.isFinite(promo.value) || promo.value < 0)
    throw new RangeError(`Not a promo value: ${promo.value}`);
  const amounts = ([0, 1] as const).map((end) => {
    const bases = lines.map((item) => item.net[end]);
    if (promo.kind === 'percentage') {
      return bases.map((base) => Math.min(base, percentOfCents(base, Math.min(promo.value, 100))));
    }
    assertCents(promo.value);
    const total = bases.reduce((a, b) => a + b, 0);
    return splitProportionally(Math.min(promo.value, total), bases);
  });
  lines.forEach((item, index) => {
    const promoRange: CentsRange = [amounts[0]?.[index] ?? 0, amounts[1]?.[index] ?? 0];
    item.promo = promoRange;
    item.net = [item.net[0] - promoRange[0], item.net[1] - promoRange[1]];
  });
}

/**
 * Splits whole cents over weights in proportion, exactly: each share is rounded down, then the cents
 * left over go one each to the largest remainders (the earlier weight on a tie).
 */
export function splitProportionally(amount: number, weights: readonly number[]): number[] {
  assertCents(amount);
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || amount <= 0) return weights.map(() => 0);
  const shares = weights.map((weight) => Math.floor((amount * weight) / total));
  const remainders = weights
    .map((weight, index) => ({ index, remainder: (amount * weight) % total }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  let left = amount - shares.reduce((a, b) => a + b, 0);
  for (const { index } of remainders) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left--;
  }
  return shares;
}

function membershipPercentage(groupId: string | null, discounts: readonly MembershipDiscount[]): number {
  if (groupId === null) return 0;
  // Several discounts of one membership for the same category do not stack: the best one counts.
  return discounts
    .filter((discount) => discount.procedureGroupIds.includes(groupId))
    .reduce((best, discount) => Math.max(best, Math.min(100, Math.max(0, discount.percentage))), 0);
}

function priceRange(procedure: PricedProcedure): CentsRange {
  if (procedure.prices.length === 0) throw new RangeError(`Procedure ${procedure.id} has no price`);
  for (const price of procedure.prices) assertNonNegativeCents(price, `price of procedure ${procedure.id}`);
  return [Math.min(...procedure.prices), Math.max(...procedure.prices)];
}

function uniqueById(procedures: readonly PricedProcedure[]): PricedProcedure[] {
  const seen = new Set<string>();
  return procedures.filter((procedure) => {
    if (seen.has(procedure.id)) return false;
    seen.add(procedure.id);
    return true;
  });
}

function assertNonNegativeCents(cents: number, what: string): void {
  if (!Number.isInteger(cents) || cents < 0)
    throw new RangeError(`The ${what} must be whole cents >= 0, got ${cents}`);
}
