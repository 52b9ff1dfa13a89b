import { GraphQLResponseError, HttpError, RequestTimeoutError } from '@atrium/graphql-client';
import { describe, expect, it } from 'vitest';
import { bookingKeyAfter } from './use-submit-booking';

const refusal = (code: string) =>
  new GraphQLResponseError([{ message: 'refused', extensions: { code } }], null, 200);
const keyAfter = (error: unknown) => bookingKeyAfter(error, 'key-1', () => 'key-2');

describe('the booking key after a failed submit', () => {
  it('keeps the key when no answer came (timeout, network error, server failure): the retry must find the first booking', () => {
    expect(keyAfter(new RequestTimeoutError(15000))).toBe('key-1');
    expect(keyAfter(new TypeError('Failed to fetch'))).toBe('key-1');
    expect(keyAfter(new HttpError(502))).toBe('key-1');
    expect(
      keyAfter(
        new GraphQLResponseError(
          [{ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
          null,
          500,
        ),
      ),
    ).toBe('key-1');
    expect(keyAfter(new GraphQLResponseError([{ message: 'Unexpected error.' }], null, 200))).toBe('key-1');
  });

  it.each(['BAD_USER_INPUT', 'PAYMENT_DECLINED', 'IDEMPOTENCY_KEY_REUSED', 'UNAUTHENTICATED'])(
    'starts a new key after a definite refusal (%s): the corrected request is a new one',
    (code) => {
      expect(keyAfter(refusal(code))).toBe('key-2');
    },
  );
});
