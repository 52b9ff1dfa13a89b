import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../forms/field-rules';
import {
  dollarsTextToCents,
  membershipForm,
  membershipOffer,
  OFFER_MESSAGES,
  offerCode,
  type PromoCodeForm,
  packageForm,
  promoCodeForm,
  promoCodeOffer,
  promoCodeStatus,
} from './offer-rules';

const promoForm = (overrides: Partial<PromoCodeForm> = {}): PromoCodeForm => ({
  code: ' spring-25 ',
  kind: 'percentage',
  value: '25',
  serviceIds: [],
  minimumOrder: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perClientLimit: '',
  ...overrides,
});

describe('offerCode', () => {
  it('is trimmed and upper-cased as the checkout compares codes', () => {
    expect(offerCode.parse(' spring-25 ')).toBe('SPRING-25');
  });

  it.each([
    ['', OFFER_MESSAGES.codeRequired],
    ['   ', OFFER_MESSAGES.codeRequired],
    ['ABCDEFGHIJKLMNOP', OFFER_MESSAGES.codeTooLong],
    ['SUMMER 20', OFFER_MESSAGES.codeCharacters],
    ['ÉTÉ', OFFER_MESSAGES.codeCharacters],
  ])('refuses %j with its message', (code, message) => {
    expect(offerCode.safeParse(code).error?.issues[0]?.message).toBe(message);
  });
});

describe('promoCodeForm', () => {
  it('reads dollars, whole numbers and local times into the API input', () => {
    const offer = promoCodeForm.parse(
      promoForm({
        kind: 'fixed',
        value: '12.5',
        serviceIds: ['8001'],
        minimumOrder: '$100',
        startsAt: '2030-01-01T09:00',
        endsAt: '2030-02-01T09:00',
        usageLimit: '50',
        perClientLimit: '1',
      }),
    );
    expect(offer).toEqual({
      code: 'SPRING-25',
      kind: 'fixed',
      value: 1250,
      serviceIds: ['8001'],
      minimumOrder: 10000,
      startsAt: new Date('2030-01-01T09:00').toISOString(),
      endsAt: new Date('2030-02-01T09:00').toISOString(),
      usageLimit: 50,
      perClientLimit: 1,
    });
  });

  it('gives no services as every service and blanks as no condition', () => {
    expect(promoCodeForm.parse(promoForm())).toMatchObject({
      value: 25,
      serviceIds: null,
      minimumOrder: null,
      startsAt: null,
      usageLimit: null,
    });
  });

  it.each([
    [{ value: '0' }, 'value', OFFER_MESSAGES.percent],
    [{ value: '101' }, 'value', OFFER_MESSAGES.percent],
    [{ value: '12.5' }, 'value', OFFER_MESSAGES.percent],
    [{ kind: 'fixed' as const, value: '0' }, 'value', OFFER_MESSAGES.amount],
    [{ kind: 'fixed' as const, value: '1.234' }, 'value', OFFER_MESSAGES.amount],
    [{ minimumOrder: 'ten' }, 'minimumOrder', OFFER_MESSAGES.minimumOrder],
    [{ usageLimit: '0' }, 'usageLimit', OFFER_MESSAGES.usageLimit],
    [{ perClientLimit: '1.5' }, 'perClientLimit', OFFER_MESSAGES.perClientLimit],
    [{ startsAt: 'soon' }, 'startsAt', OFFER_MESSAGES.dateTime],
    [{ startsAt: '2030-02-01T09:00', endsAt: '2030-01-01T09:00' }, 'endsAt', OFFER_MESSAGES.endBeforeStart],
  ])('refuses %j on %s with its message', (overrides, field, message) => {
    expect(fieldErrors(promoCodeForm, promoForm(overrides))).toEqual({ [field]: message });
  });
});

describe('promoCodeOffer (the API input)', () => {
  it('holds a percentage to 1..100 and an amount above zero', () => {
    const base = {
      code: 'X',
      serviceIds: null,
      minimumOrder: null,
      startsAt: null,
      endsAt: null,
      usageLimit: null,
      perClientLimit: null,
    };
    expect(fieldErrors(promoCodeOffer, { ...base, kind: 'percentage', value: 150 })).toEqual({
      value: OFFER_MESSAGES.percent,
    });
    expect(fieldErrors(promoCodeOffer, { ...base, kind: 'fixed', value: -5 })).toEqual({
      value: OFFER_MESSAGES.amount,
    });
    expect(promoCodeOffer.parse({ ...base, kind: 'fixed', value: 500 }).value).toBe(500);
  });
});

describe('membership and package forms', () => {
  it('reads a membership with its discounts per category', () => {
    expect(
      membershipForm.parse({
        name: ' Glow Club ',
        description: '',
        price: '99',
        period: 'monthly',
        discounts: [{ percentage: '15', categoryIds: ['80'] }],
        packageId: '',
      }),
    ).toEqual({
      name: 'Glow Club',
      description: null,
      price: 9900,
      period: 'monthly',
      discounts: [{ percentage: 15, categoryIds: ['80'] }],
      packageId: null,
    });
  });

  it('refuses a discount without a category and a bad percentage', () => {
    const values = { name: 'A', description: null, price: 100, period: 'monthly', packageId: null };
    expect(
      fieldErrors(membershipOffer, { ...values, discounts: [{ percentage: 15, categoryIds: [] }] }),
    ).toEqual({ discounts: OFFER_MESSAGES.categories });
    expect(
      fieldErrors(membershipOffer, { ...values, discounts: [{ percentage: 0, categoryIds: ['1'] }] }),
    ).toEqual({ discounts: OFFER_MESSAGES.discountPercent });
  });

  it('reads a package and refuses one without items or with a bad validity', () => {
    const form = { name: 'Trio', description: '', price: '300.00', validityDays: '365' };
    expect(packageForm.parse({ ...form, items: [{ points: '3', categoryIds: ['80'] }] })).toMatchObject({
      price: 30000,
      items: [{ points: 3, categoryIds: ['80'] }],
      validityDays: 365,
    });
    expect(fieldErrors(packageForm, { ...form, items: [] })).toEqual({ items: OFFER_MESSAGES.items });
    expect(
      fieldErrors(packageForm, { ...form, validityDays: '0', items: [{ points: '3', categoryIds: ['80'] }] }),
    ).toEqual({ validityDays: OFFER_MESSAGES.validityDays });
    expect(fieldErrors(packageForm, { ...form, price: '-1', items: [] })).toMatchObject({
      price: OFFER_MESSAGES.price,
    });
  });
});

describe('dollarsTextToCents and promoCodeStatus', () => {
  it('reads dollars exactly', () => {
    expect(dollarsTextToCents('1,234.56')).toBe(123456);
    expect(dollarsTextToCents('.5')).toBe(50);
    expect(dollarsTextToCents('1.234')).toBeNull();
  });

  it('tells paused, expired, used up, scheduled and active apart', () => {
    const now = new Date('2030-01-10T00:00:00Z');
    const promo = { pausedAt: null, startsAt: null, endsAt: null, usageLimit: null, timesUsed: 0 };
    expect(promoCodeStatus(promo, now)).toBe('active');
    expect(promoCodeStatus({ ...promo, pausedAt: '2030-01-01T00:00:00Z' }, now)).toBe('paused');
    expect(promoCodeStatus({ ...promo, endsAt: '2030-01-09T00:00:00Z' }, now)).toBe('expired');
    expect(promoCodeStatus({ ...promo, usageLimit: 2, timesUsed: 2 }, now)).toBe('used_up');
    expect(promoCodeStatus({ ...promo, startsAt: '2030-01-11T00:00:00Z' }, now)).toBe('scheduled');
  });
});
