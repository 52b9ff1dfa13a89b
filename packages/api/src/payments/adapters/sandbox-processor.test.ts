import { describe, expect, it } from 'vitest';
import { authenticationRequiredReason } from './payments-processor';
import {
  declineMessages,
  InvalidCardDetailsError,
  recordedChargeResult,
  type SandboxCardDetails,
  validCard,
} from './sandbox-processor';

const now = new Date('2026-05-15T12:00:00Z');

const visa: SandboxCardDetails = {
  number: '4242 4242-4242 4242',
  expMonth: 5,
  expYear: 26,
  cvc: '123',
  addressLine1: '1 Main St',
  addressCity: 'Austin',
  addressState: 'TX',
  addressPostalCode: '78701',
};

describe('the sandbox tokenizer’s check of card details', () => {
  it('takes a number with spaces and dashes, good through the last day of its expiry month', () => {
    expect(validCard(visa, now)).toEqual({ number: '4242424242424242', brand: 'VISA' });
    expect(validCard({ ...visa, number: '378282246310005', cvc: '1234' }, now)).toEqual({
      number: '378282246310005',
      brand: 'AMEX',
    });
  });

  it.each<[string, Partial<SandboxCardDetails>]>([
    ['a number failing the Luhn check', { number: '4242424242424241' }],
    ['a network the product does not take', { number: '3530111333300000' }],
    ['a two-digit CVC', { cvc: '12' }],
    ['an expiry month already past', { expMonth: 4 }],
    ['an expiry more than 20 years ahead', { expYear: 2047 }],
    ['an empty billing city', { addressCity: '  ' }],
    ['a billing line over 200 characters', { addressLine1: 'x'.repeat(201) }],
  ])('refuses %s', (_, change) => {
    expect(() => validCard({ ...visa, ...change }, now)).toThrow(
      new InvalidCardDetailsError('The card details are not valid.'),
    );
  });
});

describe('the answer of a recorded sandbox charge', () => {
  it('is the charge when it succeeded', () => {
    expect(recordedChargeResult({ status: 'succeeded', reference: 'ch_1', failureReason: null })).toEqual({
      ok: true,
      reference: 'ch_1',
    });
  });

  it('is the bank’s reason when it failed, and the charge to authenticate when it waits for that', () => {
    expect(
      recordedChargeResult({
        status: 'failed',
        reference: 'ch_2',
        failureReason: declineMessages.insufficientFunds,
      }),
    ).toEqual({ ok: false, reason: 'Your card has insufficient funds.' });
    expect(
      recordedChargeResult({
        status: 'requires_action',
        reference: 'ch_3',
        failureReason: authenticationRequiredReason,
      }),
    ).toEqual({ ok: false, reason: authenticationRequiredReason, authentication: { reference: 'ch_3' } });
  });
});
