import { describe, expect, it } from 'vitest';
import { dueNow, PAYMENT_CAPTIONS, paymentCaption } from './due-now';

describe('dueNow (deposit rules)', () => {
  it('collect_on_site: nothing is due now', () => {
    expect(dueNow(23400, 1000, { paymentCollectionMethod: 'collect_on_site' })).toBe(0);
  });

  it('collect_deposit with a percentage: (total - gratuity) x percent, rounded to cents', () => {
    const settings = {
      paymentCollectionMethod: 'collect_deposit',
      paymentDepositType: 'percentage',
      paymentDepositValue: 20,
    };
    expect(dueNow(23400, 0, settings)).toBe(4680);
    // The tip is not part of the deposit: (24400 - 1000) x 20%.
    expect(dueNow(24400, 1000, settings)).toBe(4680);
    // 20% of 19999 = 3999.8 -> 4000; 20% of 12345 - 0 = 2469.
    expect(dueNow(19999, 0, settings)).toBe(4000);
    expect(dueNow(12345, 0, settings)).toBe(2469);
    // Half a cent rounds up: 15% of 1003 = 150.45 -> 150; 50% of 1001 = 500.5 -> 501.
    expect(dueNow(1003, 0, { ...settings, paymentDepositValue: 15 })).toBe(150);
    expect(dueNow(1001, 0, { ...settings, paymentDepositValue: 50 })).toBe(501);
  });

  it('collect_deposit with a fixed amount: the value, never more than the total', () => {
    const settings = {
      paymentCollectionMethod: 'collect_deposit',
      paymentDepositType: 'fixed_amount',
      paymentDepositValue: 5000,
    };
    expect(dueNow(12000, 1500, settings)).toBe(5000);
    expect(dueNow(3000, 0, settings)).toBe(3000);
  });

  it('collect_on_confirmation and any other method: the full total, tip included', () => {
    expect(dueNow(24400, 1000, { paymentCollectionMethod: 'collect_on_confirmation' })).toBe(24400);
    expect(dueNow(24400, 1000, { paymentCollectionMethod: 'something_new' })).toBe(24400);
  });

  it('a deposit without a type falls back to the full total', () => {
    expect(dueNow(5000, 0, { paymentCollectionMethod: 'collect_deposit', paymentDepositType: null })).toBe(
      5000,
    );
  });

  it('is 0 for a zero total whatever the method', () => {
    for (const method of ['collect_on_site', 'collect_on_confirmation']) {
      expect(dueNow(0, 0, { paymentCollectionMethod: method })).toBe(0);
    }
    expect(
      dueNow(0, 0, {
        paymentCollectionMethod: 'collect_deposit',
        paymentDepositType: 'fixed_amount',
        paymentDepositValue: 5000,
      }),
    ).toBe(0);
  });

  it('refuses fractional cents', () => {
    expect(() => dueNow(10.5, 0, { paymentCollectionMethod: 'collect_on_site' })).toThrow(RangeError);
  });
});

describe('paymentCaption', () => {
  it('0 due now: collected at the appointment', () => {
    expect(paymentCaption(0, 23400)).toBe('Payment will be collected at the time of your appointment.');
  });

  it('less than the total: a deposit', () => {
    expect(paymentCaption(4680, 23400)).toBe(
      'Your deposit will be collected when your appointment is confirmed.',
    );
  });

  it('the whole total: the card is charged', () => {
    expect(paymentCaption(23400, 23400)).toBe(
      'Your card will be charged when your appointment is confirmed.',
    );
  });

  it('exposes the three texts', () => {
    expect(Object.values(PAYMENT_CAPTIONS)).toHaveLength(3);
  });
});
