import { describe, expect, it } from 'vitest';
import {
  computeCheckoutSummary,
  EMPTY_CHECKOUT_SUMMARY,
  type PricedProcedure,
  promoText,
  splitProportionally,
} from './checkout-summary';

// Glow Mobile IV's catalogue, trimmed: two IV drips (one with a price range), a shot and an add-on.
const myers: PricedProcedure = { id: '1001', prices: [19900], groupId: '11' };
const nad: PricedProcedure = { id: '1004', prices: [25000, 45000], groupId: '11' };
const b12: PricedProcedure = { id: '1006', prices: [3500], groupId: '12' };
const zinc: PricedProcedure = { id: '1105', prices: [2500], groupId: null };

describe('computeCheckoutSummary: procedures and totals', () => {
  it('returns zero totals with no procedures, even with a tip and a travel fee', () => {
    expect(computeCheckoutSummary({ procedures: [], gratuityCents: 500, travelFeeCents: 2500 })).toEqual(
      EMPTY_CHECKOUT_SUMMARY,
    );
    expect(EMPTY_CHECKOUT_SUMMARY.total).toEqual([0, 0]);
  });

  it('sums each price list as a [min, max] range; the minimum is what is charged', () => {
    const summary = computeCheckoutSummary({ procedures: [myers, nad, zinc] });
    expect(summary.procedures).toEqual([19900 + 25000 + 2500, 19900 + 45000 + 2500]);
    expect(summary.total).toEqual([47400, 67400]);
    expect(summary.lines.map((line) => line.price)).toEqual([
      [19900, 19900],
      [25000, 45000],
      [2500, 2500],
    ]);
  });

  it('uses the minimum and maximum of an unsorted price list', () => {
    const summary = computeCheckoutSummary({
      procedures: [{ id: '9', prices: [55000, 30000, 75000], groupId: '13' }],
    });
    expect(summary.procedures).toEqual([30000, 75000]);
  });

  it('counts a repeated procedure once', () => {
    expect(computeCheckoutSummary({ procedures: [myers, myers] }).procedures).toEqual([19900, 19900]);
  });

  it('adds the travel fee and the gratuity to both ends of the total', () => {
    const summary = computeCheckoutSummary({ procedures: [nad], travelFeeCents: 2500, gratuityCents: 1234 });
    expect(summary.travelFee).toEqual([2500, 2500]);
    expect(summary.gratuity).toBe(1234);
    expect(summary.total).toEqual([25000 + 2500 + 1234, 45000 + 2500 + 1234]);
  });

  it('has no discount, membership, credit or promo without them', () => {
    const summary = computeCheckoutSummary({ procedures: [myers] });
    expect([summary.membership, summary.credit, summary.discount, summary.promoCode]).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    expect(summary.promoCodeText).toBeNull();
    expect(summary.travelFee).toEqual([0, 0]);
  });

  it('refuses fractional cents and negative amounts', () => {
    expect(() => computeCheckoutSummary({ procedures: [myers], gratuityCents: 10.5 })).toThrow(RangeError);
    expect(() => computeCheckoutSummary({ procedures: [myers], travelFeeCents: -1 })).toThrow(RangeError);
    expect(() => computeCheckoutSummary({ procedures: [{ id: '1', prices: [], groupId: '1' }] })).toThrow(
      'Procedure 1 has no price',
    );
  });
});

describe('computeCheckoutSummary: membership discounts', () => {
  const member = [{ percentage: 15, procedureGroupIds: ['11'] }];

  it('takes the percentage off procedures of its categories only, per line', () => {
    const summary = computeCheckoutSummary({ procedures: [myers, nad, b12], membershipDiscounts: member });
    // 15% of 19900 = 2985; of 25000 = 3750 (45000: 6750); the shot is in another category.
    expect(summary.lines.map((line) => line.membership)).toEqual([
      [2985, 2985],
      [3750, 6750],
      [0, 0],
    ]);
    expect(summary.membership).toEqual([6735, 9735]);
    expect(summary.total).toEqual([19900 + 25000 + 3500 - 6735, 19900 + 45000 + 3500 - 9735]);
  });

  it('rounds each line to whole cents, half up, before summing', () => {
    // 15% of 3333 = 499.95 -> 500 on each line.
    const a = { id: 'a', prices: [3333], groupId: 'g' };
    const b = { id: 'b', prices: [3333], groupId: 'g' };
    expect(
      computeCheckoutSummary({
        procedures: [a, b],
        membershipDiscounts: [{ percentage: 15, procedureGroupIds: ['g'] }],
      }).membership,
    ).toEqual([1000, 1000]);
    // 12.5% of 1004 = 125.5 -> 126 per line; two lines 252, where rounding the sum (251) would drift.
    const c = { id: 'c', prices: [1004], groupId: 'g' };
    const d = { id: 'd', prices: [1004], groupId: 'g' };
    expect(
      computeCheckoutSummary({
        procedures: [c, d],
        membershipDiscounts: [{ percentage: 12.5, procedureGroupIds: ['g'] }],
      }).membership,
    ).toEqual([252, 252]);
  });

  it('uses the best percentage when several discounts cover a category (no stacking)', () => {
    const summary = computeCheckoutSummary({
      procedures: [myers],
      membershipDiscounts: [
        { percentage: 10, procedureGroupIds: ['11', '12'] },
        { percentage: 20, procedureGroupIds: ['11'] },
      ],
    });
    expect(summary.membership).toEqual([3980, 3980]);
  });

  it('never discounts add-ons, which have no category', () => {
    const summary = computeCheckoutSummary({ procedures: [zinc], membershipDiscounts: member });
    expect(summary.membership).toEqual([0, 0]);
  });

  it('caps a percentage at 100', () => {
    const summary = computeCheckoutSummary({
      procedures: [myers],
      membershipDiscounts: [{ percentage: 150, procedureGroupIds: ['11'] }],
    });
    expect(summary.membership).toEqual([19900, 19900]);
    expect(summary.total).toEqual([0, 0]);
  });
});

describe('computeCheckoutSummary: package credits', () => {
  it("credits a covered procedure's whole price, one point each, while points remain", () => {
    const second = { id: '1002', prices: [14900], groupId: '11' };
    const summary = computeCheckoutSummary({
      procedures: [myers, second, b12],
      packageCredits: [{ id: 'p1', balance: 1, procedureGroupIds: ['11'] }],
    });
    expect(summary.lines.map((line) => [line.credit, line.packageCreditId])).toEqual([
      [[19900, 19900], 'p1'],
      [[0, 0], null],
      [[0, 0], null],
    ]);
    expect(summary.credit).toEqual([19900, 19900]);
    expect(summary.total).toEqual([14900 + 3500, 14900 + 3500]);
  });

  it("credits both ends of a price range: the line's net is zero", () => {
    const summary = computeCheckoutSummary({
      procedures: [nad],
      packageCredits: [{ id: 'p1', balance: 3, procedureGroupIds: ['11'] }],
    });
    expect(summary.credit).toEqual([25000, 45000]);
    expect(summary.lines[0]?.net).toEqual([0, 0]);
    expect(summary.total).toEqual([0, 0]);
  });

  it('uses items in the order given, moving to the next when one runs out', () => {
    const second = { id: '1002', prices: [14900], groupId: '11' };
    const summary = computeCheckoutSummary({
      procedures: [myers, second, b12],
      packageCredits: [
        { id: 'soon', balance: 1, procedureGroupIds: ['11', '12'] },
        { id: 'later', balance: 5, procedureGroupIds: ['11', '12'] },
      ],
    });
    expect(summary.lines.map((line) => line.packageCreditId)).toEqual(['soon', 'later', 'later']);
    expect(summary.total).toEqual([0, 0]);
  });

  it('gives no membership discount on top of a credited line, but does on the others', () => {
    const summary = computeCheckoutSummary({
      procedures: [myers, nad],
      membershipDiscounts: [{ percentage: 10, procedureGroupIds: ['11'] }],
      packageCredits: [{ id: 'p1', balance: 1, procedureGroupIds: ['11'] }],
    });
    expect(summary.credit).toEqual([19900, 19900]);
    expect(summary.membership).toEqual([2500, 4500]);
    expect(summary.total).toEqual([22500, 40500]);
  });

  it('ignores items without points and categories they do not cover', () => {
    const summary = computeCheckoutSummary({
      procedures: [myers, zinc],
      packageCredits: [
        { id: 'empty', balance: 0, procedureGroupIds: ['11'] },
        { id: 'other', balance: 2, procedureGroupIds: ['12'] },
      ],
    });
    expect(summary.credit).toEqual([0, 0]);
  });
});

describe('computeCheckoutSummary: promo codes', () => {
  it('takes a percentage off every line, rounded per line', () => {
    const summary = computeCheckoutSummary({
      procedures: [myers, b12],
      promo: { kind: 'percentage', value: 15, procedureIds: null },
    });
    // 15% of 19900 = 2985, of 3500 = 525.
    expect(summary.lines.map((line) => line.promo)).toEqual([
      [2985, 2985],
      [525, 525],
    ]);
    expect(summary.promoCode).toEqual([3510, 3510]);
    expect(summary.promoCodeText).toBe('15% off');
    expect(summary.total).toEqual([23400 - 3510, 23400 - 3510]);
  });

  it('applies after membership and credits, to what is left of each line', () => {
    const summary = computeCheckoutSummary({
      procedures: [myers, nad],
      membershipDiscounts: [{ percentage: 10, procedureGroupIds: ['11'] }],
      packageCredits: [{ id: 'p1', balance: 1, procedureGroupIds: ['11'] }],
      promo: { kind: 'percentage', value: 15, procedureIds: null },
    });
    // Myers is credited (nothing left); NAD: 25000 - 2500 = 22500 -> 3375; 45000 - 4500 = 40500 -> 6075.
    expect(summary.lines.map((line) => line.promo)).toEqual([
      [0, 0],
      [3375, 6075],
    ]);
    expect(summary.total).toEqual([22500 - 3375, 40500 - 6075]);
  });

  it('limits a promo to its procedures', () => {
    const summary = computeCheckoutSummary({
      procedures: [myers, b12],
      promo: { kind: 'percentage', value: 10, procedureIds: ['1001', '1004'] },
    });
    expect(summary.lines.map((line) => line.promo)).toEqual([
      [1990, 1990],
      [0, 0],
    ]);
    expect(summary.promoCodeText).toBe('10% off');
  });

  it('gives nothing, and no text, when the promo applies to none of the cart', () => {
    const summary = computeCheckoutSummary({
      procedures: [b12],
      promo: { kind: 'percentage', value: 10, procedureIds: ['1001'] },
    });
    expect(summary.promoCode).toEqual([0, 0]);
    expect(summary.promoCodeText).toBeNull();
  });

  it('takes a fixed amount off once, split over the lines in proportion', () => {
    const summary = computeCheckoutSummary({
      procedures: [myers, b12],
      promo: { kind: 'fixed', value: 2000, procedureIds: null },
    });
    // 2000 x 19900/23400 = 1700.85 -> 1700 (+1 for the larger remainder); 2000 x 3500/23400 = 299.1 -> 299.
    expect(summary.lines.map((line) => line.promo)).toEqual([
      [1701, 1701],
      [299, 299],
    ]);
    expect(summary.promoCode).toEqual([2000, 2000]);
    expect(summary.promoCodeText).toBe('$20.00 off');
    expect(summary.total).toEqual([21400, 21400]);
  });

  it('never takes off more than what a fixed promo applies to', () => {
    const summary = computeCheckoutSummary({
      procedures: [b12, myers],
      promo: { kind: 'fixed', value: 5000, procedureIds: ['1006'] },
    });
    expect(summary.promoCode).toEqual([3500, 3500]);
    expect(summary.total).toEqual([19900, 19900]);
  });

  it('caps a fixed promo at each end of the range separately', () => {
    const summary = computeCheckoutSummary({
      procedures: [{ id: 'r', prices: [1500, 9000], groupId: 'g' }],
      promo: { kind: 'fixed', value: 2000, procedureIds: null },
    });
    expect(summary.promoCode).toEqual([1500, 2000]);
    expect(summary.total).toEqual([0, 7000]);
  });

  it('keeps the tip and the travel fee when discounts cover every procedure', () => {
    const summary = computeCheckoutSummary({
      procedures: [b12],
      promo: { kind: 'fixed', value: 10000, procedureIds: null },
      travelFeeCents: 2500,
      gratuityCents: 700,
    });
    expect(summary.total).toEqual([3200, 3200]);
  });

  it('a 100% promo makes the procedures free', () => {
    const summary = computeCheckoutSummary({
      procedures: [myers, nad],
      promo: { kind: 'percentage', value: 100, procedureIds: null },
    });
    expect(summary.total).toEqual([0, 0]);
  });

  it('the total equals procedures - membership - credit - discount - promo + travel fee + gratuity', () => {
    const summary = computeCheckoutSummary({
      procedures: [myers, nad, b12, zinc],
      membershipDiscounts: [{ percentage: 15, procedureGroupIds: ['12'] }],
      packageCredits: [{ id: 'p', balance: 1, procedureGroupIds: ['11'] }],
      promo: { kind: 'fixed', value: 1999, procedureIds: null },
      travelFeeCents: 2500,
      gratuityCents: 333,
    });
    for (const end of [0, 1] as const) {
      expect(summary.total[end]).toBe(
        summary.procedures[end] -
          summary.membership[end] -
          summary.credit[end] -
          summary.discount[end] -
          summary.promoCode[end] +
          summary.travelFee[end] +
          summary.gratuity,
      );
      const lineSum = summary.lines.reduce((sum, line) => sum + line.net[end], 0);
      expect(summary.total[end]).toBe(lineSum + 2500 + 333);
    }
    // Myers credited 19900; b12 15% = 525; promo 1999 over NAD 25000, b12 2975, zinc 2500.
    expect(summary.credit).toEqual([19900, 19900]);
    expect(summary.membership).toEqual([525, 525]);
    expect(summary.promoCode).toEqual([1999, 1999]);
    expect(summary.total).toEqual([25000 + 2975 + 2500 - 1999 + 2833, 45000 + 2975 + 2500 - 1999 + 2833]);
  });
});

describe('splitProportionally', () => {
  it('splits exactly, the leftover cents going to the largest remainders', () => {
    expect(splitProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitProportionally(10, [3, 3, 4])).toEqual([3, 3, 4]);
    expect(splitProportionally(1, [1, 2])).toEqual([0, 1]);
  });

  it('gives nothing when there is nothing to split or no weight', () => {
    expect(splitProportionally(0, [5, 5])).toEqual([0, 0]);
    expect(splitProportionally(10, [0, 0])).toEqual([0, 0]);
  });
});

describe('promoText', () => {
  it('says what a promo gives', () => {
    expect(promoText({ kind: 'percentage', value: 15, procedureIds: null })).toBe('15% off');
    expect(promoText({ kind: 'fixed', value: 2000, procedureIds: null })).toBe('$20.00 off');
    expect(promoText({ kind: 'fixed', value: 1050, procedureIds: ['1'] })).toBe('$10.50 off');
  });
});
