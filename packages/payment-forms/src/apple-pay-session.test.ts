import { GraphQLResponseError } from '@atrium/graphql-client';
import { describe, expect, it, vi } from 'vitest';
import {
  type ApplePayCalls,
  ApplePayError,
  type ApplePaySessionConstructor,
  type ApplePaySessionLike,
  applePayPaymentRequest,
  runApplePay,
} from './apple-pay-session';

const token = {
  paymentData: { version: 'SANDBOX_v1', data: 'e30=' },
  paymentMethod: { displayName: 'Visa 4242', network: 'Visa', type: 'credit' },
  transactionIdentifier: 'T1',
};

/** A stand-in ApplePaySession: begin() asks for merchant validation, a valid session authorizes. */
function standIn(options: { failValidation?: boolean; cancel?: boolean } = {}) {
  const made: StandIn[] = [];
  class StandIn implements ApplePaySessionLike {
    static STATUS_SUCCESS = 0;
    static STATUS_FAILURE = 1;
    static canMakePayments = () => true;
    onvalidatemerchant: ApplePaySessionLike['onvalidatemerchant'] = null;
    onpaymentauthorized: ApplePaySessionLike['onpaymentauthorized'] = null;
    oncancel: ApplePaySessionLike['oncancel'] = null;
    statuses: number[] = [];
    aborted = false;
    constructor(
      readonly version: number,
      readonly request: unknown,
    ) {
      made.push(this);
    }
    begin() {
      if (options.cancel) queueMicrotask(() => this.oncancel?.({}));
      else
        queueMicrotask(() =>
          this.onvalidatemerchant?.({ validationURL: 'https://apple-pay-gateway.apple.com/x' }),
        );
    }
    completeMerchantValidation(session: unknown) {
      if (options.failValidation) throw new Error('InvalidAccessError');
      expect(session).toEqual({ merchantSessionIdentifier: 'SSH' });
      queueMicrotask(() =>
        this.onpaymentauthorized?.({ payment: { token, billingContact: { postalCode: '10118' } } }),
      );
    }
    completePayment({ status }: { status: number }) {
      this.statuses.push(status);
    }
    abort() {
      this.aborted = true;
    }
  }
  return { ApplePay: StandIn as unknown as ApplePaySessionConstructor, made };
}

const request = applePayPaymentRequest({
  marketplaceName: 'Glow',
  dueTodayCents: 700,
  purpose: { label: 'Due when your appointment is confirmed', amountCents: null },
});
const input = {
  displayName: 'Glow',
  save: false,
  identity: { firstName: 'Ada', lastName: 'Apple', email: 'ada@example.com', phone: null, postalCode: null },
};
const calls = (overrides: Partial<ApplePayCalls> = {}): ApplePayCalls => ({
  createSession: vi.fn(async () => ({ merchantSessionIdentifier: 'SSH' })),
  createInstrument: vi.fn(async () => ({ paymentInstrument: null, token: 'tok_sandbox_1' })),
  ...overrides,
});
/** A refusal the API wrote for the client (it gives each one a code). */
const serverError = (message: string) =>
  new GraphQLResponseError([{ message, extensions: { code: 'PAYMENT_DECLINED' } }], null, 200);

describe('the Apple Pay sheet', () => {
  it('asks for the amount due today under the marketplace’s name, and 0.00 with a pending line when nothing is', () => {
    expect(request.total).toEqual({ label: 'Glow', amount: '7.00', type: 'final' });
    const onSite = applePayPaymentRequest({
      marketplaceName: 'Glow',
      dueTodayCents: 0,
      purpose: { label: 'Paid at your appointment', amountCents: 3500 },
    });
    expect(onSite.total).toEqual({ label: 'Glow', amount: '0.00', type: 'final' });
    expect(onSite.lineItems).toEqual([
      { label: 'Paid at your appointment ($35.00)', amount: '0.00', type: 'pending' },
    ]);
  });

  it('validates the merchant through the API and turns the payment into a card', async () => {
    const { ApplePay, made } = standIn();
    const api = calls();
    const attempt = await runApplePay(ApplePay, request, input, api);
    expect(attempt).toEqual({
      instrument: { paymentInstrument: null, token: 'tok_sandbox_1' },
      network: 'Visa',
      lastFour: '4242',
      postalCode: '10118',
    });
    expect(api.createSession).toHaveBeenCalledWith({
      validationUrl: 'https://apple-pay-gateway.apple.com/x',
      displayName: 'Glow',
      domain: window.location.hostname,
    });
    expect(api.createInstrument).toHaveBeenCalledWith({
      save: false,
      card: { thirdPartyToken: JSON.stringify(token), identity: input.identity },
    });
    expect(made[0]?.statuses).toEqual([0]);
  });

  it('says “There was an issue with creating the Apple session” when the session call fails without a message', async () => {
    const { ApplePay, made } = standIn();
    const failing = calls({
      createSession: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    });
    await expect(runApplePay(ApplePay, request, input, failing)).rejects.toEqual(
      new ApplePayError('There was an issue with creating the Apple session'),
    );
    expect(made[0]?.aborted).toBe(true);
  });

  it('shows the server’s message when the instrument call has one, else the spec’s fallback', async () => {
    const declined = standIn();
    await expect(
      runApplePay(
        declined.ApplePay,
        request,
        input,
        calls({
          createInstrument: vi.fn(async () => Promise.reject(serverError('Your card was declined.'))),
        }),
      ),
    ).rejects.toEqual(new ApplePayError('Your card was declined.'));
    expect(declined.made[0]?.statuses).toEqual([1]);
    await expect(
      runApplePay(
        standIn().ApplePay,
        request,
        input,
        calls({ createInstrument: vi.fn(async () => Promise.reject(new TypeError('offline'))) }),
      ),
    ).rejects.toEqual(new ApplePayError('There was an issue with creating the Apple Pay instrument'));
  });

  it('says “Apple session or instrument creation failed, please try again” when Apple Pay itself fails', async () => {
    await expect(
      runApplePay(standIn({ failValidation: true }).ApplePay, request, input, calls()),
    ).rejects.toEqual(new ApplePayError('Apple session or instrument creation failed, please try again'));
    const Broken = (() => {
      throw new Error('InvalidAccessError: must be a user gesture');
    }) as unknown as ApplePaySessionConstructor;
    await expect(runApplePay(Broken, request, input, calls())).rejects.toEqual(
      new ApplePayError('Apple session or instrument creation failed, please try again'),
    );
  });

  it('resolves null when the client closes the sheet', async () => {
    const api = calls();
    expect(await runApplePay(standIn({ cancel: true }).ApplePay, request, input, api)).toBeNull();
    expect(api.createSession).not.toHaveBeenCalled();
  });
});
