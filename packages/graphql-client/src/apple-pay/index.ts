// '@atrium/graphql-client/apple-pay': Apple Pay's calls and their failure messages, used by
// @atrium/payment-forms' Apple Pay button at checkout and in the wallet. Runs on the page's client.
import { errorMessage, execute, type RequestOptions } from '@atrium/graphql-client';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ApplePayEnabledDocument,
  CreateApplePayInstrumentDocument,
  type CreateApplePayInstrumentMutation,
  type CreateApplePayInstrumentMutationVariables,
  CreateApplePaySessionDocument,
  type CreateApplePaySessionMutationVariables,
} from '../generated/graphql';
import { callIdentity, refetchViewer } from '../identity/identity-call';

export type ApplePaySessionInput = CreateApplePaySessionMutationVariables['input'];
export type ApplePayInstrumentInput = CreateApplePayInstrumentMutationVariables['input'];
export type ApplePayInstrument = CreateApplePayInstrumentMutation['createApplePayInstrument'];

/** The message for an Apple Pay failure that is neither call's (the sheet could not start or finish). */
export const APPLE_PAY_FAILED = 'Apple session or instrument creation failed, please try again';

/** The server's message, a timeout's, else 'There was an issue with creating the Apple session'. */
export const applePaySessionErrorMessage = (error: unknown) => errorMessage(error, 'createAppleSession');

/** The server's message, a timeout's, else 'There was an issue with creating the Apple Pay instrument'. */
export const applePayInstrumentErrorMessage = (error: unknown) =>
  errorMessage(error, 'createApplePayInstrument');

/** Whether the API offers Apple Pay (the device's own answer is ApplePaySession.canMakePayments()). */
export const applePayEnabledQueryOptions = () =>
  queryOptions({
    queryKey: ['applePayEnabled'] as const,
    queryFn: async ({ signal }) => (await execute(ApplePayEnabledDocument, {}, { signal })).applePayEnabled,
  });

export function useApplePayEnabled(enabled = true) {
  return useQuery({ ...applePayEnabledQueryOptions(), enabled });
}

/** Merchant validation: the merchant session object for completeMerchantValidation. */
export async function createApplePaySession(input: ApplePaySessionInput, options?: RequestOptions) {
  const { merchantSession } = (await execute(CreateApplePaySessionDocument, { input }, options))
    .createApplePaySession;
  return JSON.parse(merchantSession) as Record<string, unknown>;
}

/**
 * The card from an Apple Pay token: saved to the wallet (save true, signed in; the user data is then
 * refetched) or a single-use card token for a booking (save false).
 */
export async function createApplePayInstrument(
  input: ApplePayInstrumentInput,
  queryClient?: QueryClient,
): Promise<ApplePayInstrument> {
  const result = (await callIdentity(CreateApplePayInstrumentDocument, { input })).createApplePayInstrument;
  if (input.save && queryClient) {
    await Promise.all([
      refetchViewer(queryClient),
      queryClient.invalidateQueries({ queryKey: ['savedCards'] }),
    ]);
  }
  return result;
}
