// '@atrium/graphql-client/checkout': the checkout summary, promo codes, the appointment request and
// the sandbox card tokenizer. Imports the client through the package name (the page's shared one).
import { execute, type RequestOptions } from '@atrium/graphql-client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  CheckoutSummaryDocument,
  type CheckoutSummaryQuery,
  type CheckoutSummaryQueryVariables,
  CreateAppointmentRequestDocument,
  type CreateAppointmentRequestMutation,
  type CreateAppointmentRequestMutationVariables,
  SandboxTokenizeCardDocument,
  type SandboxTokenizeCardMutationVariables,
  SavedCardsDocument,
  type SavedCardsQuery,
  ValidatePromoCodeDocument,
  type ValidatePromoCodeQueryVariables,
} from '../generated/graphql';

export type CheckoutSummaryInput = CheckoutSummaryQueryVariables['input'];
export type CheckoutSummary = CheckoutSummaryQuery['checkoutSummary'];
export type ValidatePromoCodeInput = ValidatePromoCodeQueryVariables['input'];
export type CreateAppointmentRequestInput = CreateAppointmentRequestMutationVariables['input'];
export type AppointmentRequest = CreateAppointmentRequestMutation['createAppointmentRequest'];
export type SandboxCardInput = SandboxTokenizeCardMutationVariables['input'];
export type SavedCard = SavedCardsQuery['viewer']['paymentInstruments'][number];

export async function fetchCheckoutSummary(input: CheckoutSummaryInput, options?: RequestOptions) {
  return (await execute(CheckoutSummaryDocument, { input }, options)).checkoutSummary;
}

/** The summary for the cart as it stands; the previous figures stay on screen while it updates. */
export function checkoutSummaryQueryOptions(input: CheckoutSummaryInput | null) {
  return queryOptions({
    queryKey: ['checkoutSummary', input] as const,
    queryFn: ({ signal }) => fetchCheckoutSummary(input as CheckoutSummaryInput, { signal }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    // Prices and promos change on the server: always ask again on a new visit.
    staleTime: 0,
    meta: { persist: false },
  });
}

export function useCheckoutSummary(input: CheckoutSummaryInput | null) {
  return useQuery(checkoutSummaryQueryOptions(input));
}

export async function validatePromoCode(input: ValidatePromoCodeInput, options?: RequestOptions) {
  return (await execute(ValidatePromoCodeDocument, { input }, options)).validatePromoCode;
}

export async function createAppointmentRequest(
  input: CreateAppointmentRequestInput,
  options?: RequestOptions,
) {
  return (await execute(CreateAppointmentRequestDocument, { input }, options)).createAppointmentRequest;
}

export async function sandboxTokenizeCard(input: SandboxCardInput, options?: RequestOptions) {
  return (await execute(SandboxTokenizeCardDocument, { input }, options)).sandboxTokenizeCard;
}

/** The signed-in client's saved cards, primary first (null mgId: not signed in, nothing asked). */
export function useSavedCards(mgId: string | null | undefined) {
  return useQuery({
    queryKey: ['savedCards', mgId] as const,
    queryFn: async ({ signal }) =>
      (await execute(SavedCardsDocument, { mgId: mgId as string }, { signal })).viewer.paymentInstruments,
    enabled: Boolean(mgId),
    // Cards are added and removed elsewhere (the wallet): always ask again on a new visit.
    staleTime: 0,
    meta: { persist: false },
  });
}
