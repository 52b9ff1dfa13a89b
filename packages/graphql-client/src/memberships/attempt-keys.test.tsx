import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { configureGraphQLClient } from '../client';
import { createQueryClient } from '../query-client';
import { GraphQLResponseError, HttpError, RequestTimeoutError } from '../request-errors';
import { jsonResponse } from '../test-fetch';
import { wrapperFor } from '../test-wrapper';
import { AttemptKeys, endsAttempt } from './attempt-keys';
import { usePurchasePackage } from './holdings';

afterEach(cleanup);
afterEach(() => {
  configureGraphQLClient({});
});

const refusal = (code: string) =>
  new GraphQLResponseError([{ message: 'No.', extensions: { code } }], null, 200);

describe('one idempotency key per purchase attempt', () => {
  it('keeps the key after a timeout, a network error or a server failure, and ends it on a refusal', () => {
    for (const unknownOutcome of [
      new RequestTimeoutError(15000),
      new TypeError('Failed to fetch'),
      new HttpError(502),
      refusal('INTERNAL_SERVER_ERROR'),
      refusal('IDEMPOTENCY_KEY_IN_PROGRESS'),
      new GraphQLResponseError([{ message: 'Unexpected error.' }], null, 200),
    ]) {
      expect(endsAttempt(unknownOutcome)).toBe(false);
    }
    for (const code of [
      'BAD_USER_INPUT',
      'PAYMENT_DECLINED',
      'NOT_FOUND',
      'UNAUTHENTICATED',
      'IDEMPOTENCY_KEY_REUSED',
    ]) {
      expect(endsAttempt(refusal(code))).toBe(true);
    }
    expect(endsAttempt(new HttpError(400))).toBe(true);
  });

  it('sends the same key until the server answers, then a new one; each item has its own', async () => {
    const keys = new AttemptKeys();
    const sent: string[] = [];
    const send = (outcome: Error | null) => (key: string) => {
      sent.push(key);
      return outcome ? Promise.reject(outcome) : Promise.resolve(key);
    };
    await expect(keys.run('package:4', send(new RequestTimeoutError(15000)))).rejects.toThrow();
    await expect(keys.run('package:4', send(new TypeError('Failed to fetch')))).rejects.toThrow();
    await keys.run('package:7', send(null));
    await keys.run('package:4', send(null));
    await expect(keys.run('package:4', send(refusal('PAYMENT_DECLINED')))).rejects.toThrow();
    await keys.run('package:4', send(null));

    const [first, retry, other, answered, next, afterDecline] = sent;
    expect(retry).toBe(first);
    expect(answered).toBe(first);
    expect(other).not.toBe(first);
    expect(next).not.toBe(first);
    expect(afterDecline).not.toBe(next);
  });

  it('lets the purchase hook retry a request that got no answer with the same key', async () => {
    const answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(new Response('Bad gateway', { status: 502 })),
      () => Promise.resolve(jsonResponse({ data: { purchasePackage: [] } })),
      () =>
        Promise.resolve(
          jsonResponse({
            errors: [{ message: 'Your card was declined.', extensions: { code: 'PAYMENT_DECLINED' } }],
          }),
        ),
      () => Promise.resolve(jsonResponse({ data: { purchasePackage: [] } })),
    ];
    const keys: string[] = [];
    configureGraphQLClient({
      fetch: ((_url: RequestInfo | URL, init: RequestInit = {}) => {
        keys.push(JSON.parse(String(init.body)).variables.input.idempotencyKey);
        const answer = answers[keys.length - 1];
        if (!answer) throw new Error('No more answers');
        return answer();
      }) as typeof fetch,
    });
    const { result } = renderHook(() => usePurchasePackage(), { wrapper: wrapperFor(createQueryClient()) });
    const press = () =>
      act(() =>
        result.current
          .mutateAsync({ marketplaceId: '1', packageId: '4', paymentInstrumentId: '5' })
          .catch(() => undefined),
      );
    for (let i = 0; i < answers.length; i++) await press();

    const [first, afterNetworkError, after502, afterSuccess, afterDecline] = keys;
    expect([afterNetworkError, after502]).toEqual([first, first]);
    expect(afterSuccess).not.toBe(first);
    expect(afterDecline).not.toBe(afterSuccess);
  });
});
