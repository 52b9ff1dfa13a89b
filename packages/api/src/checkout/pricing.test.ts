import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brooklyn,
  type CheckoutTestContext,
  checkoutOperations,
  createCheckoutTestContext,
  ids,
} from '../test/checkout';
import { testDatabases } from '../test/databases';
import { postGraphQL } from '../test/graphql';

interface Summary {
  procedures: number[];
  membership: number[];
  credit: number[];
  discount: number[];
  promoCode: number[];
  promoCodeText: string | null;
  gratuity: number;
  travelFee: number[];
  total: number[];
}

interface PromoValidation {
  valid: boolean;
  error: string | null;
  discountAmount: number;
  itemDiscounts: { procedureBaseDefId: string; discountAmount: number }[];
}

const m = ids(80);
const zero = [0, 0];

describe.each(testDatabases)('checkout pricing on $name', (factory) => {
  let context: CheckoutTestContext;
  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
  });
  afterAll(() => context.handle.dispose());

  const summary = async (input: Record<string, unknown>) => {
    const response = await postGraphQL<{ checkoutSummary: Summary }>(
      context.app,
      checkoutOperations.summary,
      {
        input: { marketplaceId: m.marketplace, ...input },
      },
    );
    expect(response.body.errors).toBeUndefined();
    return response.body.data?.checkoutSummary;
  };

  const validate = async (code: string, procedureIds: string[], marketplaceId = m.marketplace) => {
    const response = await postGraphQL<{ validatePromoCode: PromoValidation }>(
      context.app,
      checkoutOperations.validatePromo,
      { input: { code, marketplaceId, procedureIds, bookingAmount: 0 } },
    );
    expect(response.body.errors).toBeUndefined();
    return response.body.data?.validatePromoCode;
  };

  describe('checkoutSummary', () => {
    it('prices a clinic cart with a tip given in dollars, ranges as [low, high] cents', async () => {
      expect(
        await summary({ organizationId: m.clinic, procedureIds: [m.drip, m.boost, m.drip], gratuity: 10.5 }),
      ).toEqual({
        procedures: [14344, 16999],
        membership: zero,
        credit: zero,
        discount: zero,
        promoCode: zero,
        promoCodeText: null,
        gratuity: 1050,
        travelFee: zero,
        total: [15394, 18049],
      });
    });

    it('takes a percentage promo per line, rounded half up', async () => {
      expect(
        await summary({
          organizationId: m.clinic,
          procedureIds: [m.drip, m.boost],
          gratuity: 10.5,
          promoCode: 'welcome15',
        }),
      ).toMatchObject({ promoCode: [2152, 2550], promoCodeText: '15% off', total: [13242, 15499] });
    });

    it('adds the travel fee for an at-home visit', async () => {
      expect(await summary({ address: brooklyn, procedureIds: [m.drip] })).toEqual({
        procedures: [12345, 15000],
        membership: zero,
        credit: zero,
        discount: zero,
        promoCode: zero,
        promoCodeText: null,
        gratuity: 0,
        travelFee: [2500, 2500],
        total: [14845, 17500],
      });
      expect(
        await summary({ address: brooklyn, procedureIds: [m.drip, m.boost], promoCode: 'SAVE20' }),
      ).toMatchObject({
        procedures: [14344, 16999],
        promoCode: [2000, 2000],
        promoCodeText: '$20.00 off',
        travelFee: [2500, 2500],
        total: [14844, 17499],
      });
    });

    it('leaves out a promo code that cannot be used, and gives zero totals with no procedures', async () => {
      expect(
        await summary({ organizationId: m.clinic, procedureIds: [m.drip], promoCode: 'EXPIRED10' }),
      ).toMatchObject({ promoCode: zero, promoCodeText: null, total: [12345, 15000] });
      expect(await summary({ organizationId: m.clinic, procedureIds: [] })).toEqual({
        procedures: zero,
        membership: zero,
        credit: zero,
        discount: zero,
        promoCode: zero,
        promoCodeText: null,
        gratuity: 0,
        travelFee: zero,
        total: zero,
      });
    });

    it('refuses a tip with more than 2 decimals, as the custom tip field does', async () => {
      const response = await postGraphQL(context.app, checkoutOperations.summary, {
        input: { marketplaceId: m.marketplace, procedureIds: [m.drip], gratuity: 1.005 },
      });
      expect(response.body.errors?.[0]?.message).toBe(
        'Enter an amount below $10,000 with at most 2 decimals.',
      );
    });
  });

  describe('validatePromoCode', () => {
    it('gives the discount and each line’s share for valid codes', async () => {
      expect(await validate(' welcome15 ', [m.drip, m.boost])).toEqual({
        valid: true,
        error: null,
        discountAmount: 2152,
        itemDiscounts: [
          { procedureBaseDefId: m.drip, discountAmount: 1852 },
          { procedureBaseDefId: m.boost, discountAmount: 300 },
        ],
      });
      // $20.00 split in proportion to 12345 and 1999; the leftover cent goes to the larger remainder.
      expect(await validate('SAVE20', [m.drip, m.boost])).toEqual({
        valid: true,
        error: null,
        discountAmount: 2000,
        itemDiscounts: [
          { procedureBaseDefId: m.drip, discountAmount: 1721 },
          { procedureBaseDefId: m.boost, discountAmount: 279 },
        ],
      });
      expect(await validate('DRIPONLY10', [m.drip, m.boost])).toEqual({
        valid: true,
        error: null,
        discountAmount: 1235,
        itemDiscounts: [{ procedureBaseDefId: m.drip, discountAmount: 1235 }],
      });
    });

    it.each([
      ['NOPE', 'Invalid promo code'],
      ['WELCOME15WELCOME', 'Invalid promo code'],
      ['', 'Invalid promo code'],
      ['EXPIRED10', 'This promo code has expired.'],
      ['SOON10', 'This promo code is not valid yet.'],
      ['USEDUP5', 'This promo code has reached its usage limit.'],
    ])('answers %j with valid false and %j', async (code, error) => {
      expect(await validate(code, [m.drip])).toEqual({
        valid: false,
        error,
        discountAmount: 0,
        itemDiscounts: [],
      });
    });

    it('refuses a code limited to procedures the cart does not hold', async () => {
      expect(await validate('DRIPONLY10', [m.shot])).toEqual({
        valid: false,
        error: 'This promo code does not apply to the selected services.',
        discountAmount: 0,
        itemDiscounts: [],
      });
    });

    it("knows only the marketplace's own codes", async () => {
      expect(await validate('SAVE20', [ids(81).drip], ids(81).marketplace)).toMatchObject({
        valid: false,
        error: 'Invalid promo code',
      });
      expect(await validate('WELCOME15', [ids(81).drip], ids(81).marketplace)).toMatchObject({
        valid: true,
        discountAmount: 1852,
      });
    });
  });
});
