import { describe, expect, it } from 'vitest';
import { cardEntryForm } from './card-rules';
import { fieldErrors } from './field-rules';

const now = new Date('2026-11-22T12:00:00');
const good = {
  number: '4242 4242 4242 4242',
  expiry: '12/28',
  cvc: '123',
  addressLine1: '350 5th Ave',
  addressCity: 'New York',
  addressState: 'NY',
  addressPostalCode: '10118',
};
const cardFieldProblems = (fields: typeof good, at: Date) =>
  Object.keys(fieldErrors(cardEntryForm(at), fields));

describe('card form', () => {
  it('accepts a complete card and billing address', () => {
    expect(cardFieldProblems(good, now)).toEqual([]);
  });

  it('needs the billing line 1, city, state and postal code', () => {
    expect(
      cardFieldProblems(
        { ...good, addressLine1: ' ', addressCity: '', addressState: '', addressPostalCode: '1' },
        now,
      ),
    ).toEqual(['addressLine1', 'addressCity', 'addressState', 'addressPostalCode']);
  });

  it('refuses a number failing the checksum, a past expiry and a short CVC', () => {
    expect(
      cardFieldProblems({ ...good, number: '4242 4242 4242 4241', expiry: '10/26', cvc: '1' }, now),
    ).toEqual(['number', 'expiry', 'cvc']);
    expect(cardFieldProblems({ ...good, expiry: '11/26' }, now)).toEqual([]);
  });
});
