// '@atrium/graphql-client/checkout': the checkout summary, promo codes, the appointment request, the
// active payment processor, the sandbox card tokenizer and bank, and the payment authentication page. Imports the client through the package name (the page's shared one).
import { errorCode, errorExtensions, execute, type RequestOptions } from '@atrium/graphql-client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  CheckoutSummaryDocument,
  type CheckoutSummaryQuery,
  type CheckoutSummaryQueryVariables,
  CompletePaymentAuthenticationDocument,
  CreateAppointmentRequestDocument,
  type CreateAppointmentRequestMutation,
  type CreateAppointmentRequestMutationVariables,
  PaymentAuthenticationDocument,
  type PaymentAuthenticationFieldsFragment,
  PaymentProcessorDocument,
  type PaymentProcessorQuery,
  ReplacePaymentCardDocument,
  SandboxAuthenticateDocument,
  type SandboxAuthenticationOutcome,
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
export type AppointmentRequestRecap = NonNullable<AppointmentRequest['recap']>;
export type SandboxCardInput = SandboxTokenizeCardMutationVariables['input'];
export type SavedCard = SavedCardsQuery['viewer']['paymentInstruments'][number];
export type PaymentProcessorInfo = PaymentProcessorQuery['paymentProcessor'];
export type PaymentAuthentication = PaymentAuthenticationFieldsFragment;

/** The error code of a new card whose bank asks for 3-D Secure; `extensions.clientSecret` goes with it. */
export const CARD_AUTHENTICATION_REQUIRED = 'CARD_AUTHENTICATION_REQUIRED';

/** The client secret of a CARD_AUTHENTICATION_REQUIRED answer, or null for any other outcome. */
export function cardAuthenticationSecret(error: unknown): string | null {
  if (errorCode(error) !== CARD_AUTHENTICATION_REQUIRED) return null;
  const secret = errorExtensions(error).clientSecret;
  return typeof secret === 'string' && secret !== '' ? secret : null;
}

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

/**
 * Which processor takes cards, and Stripe's publishable key: the browser's one source for it (the
 * API's configuration). Kept for the page's life: it changes only with a redeploy of the API.
 */
export function usePaymentProcessor() {
  return useQuery({
    queryKey: ['paymentProcessor'] as const,
    queryFn: async ({ signal }) => (await execute(PaymentProcessorDocument, {}, { signal })).paymentProcessor,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { persist: false },
  });
}

/** The sandbox bank's answer in its 3-D Secure challenge (sandbox mode only). */
export async function sandboxAuthenticate(clientSecret: string, outcome: SandboxAuthenticationOutcome) {
  return (await execute(SandboxAuthenticateDocument, { clientSecret, outcome })).sandboxAuthenticate;
}

/** The payment an emailed link asks the client to authenticate. */
export function usePaymentAuthentication(token: string | null) {
  return useQuery({
    queryKey: ['paymentAuthentication', token] as const,
    queryFn: async ({ signal }) =>
      (await execute(PaymentAuthenticationDocument, { token: token as string }, { signal }))
        .paymentAuthentication,
    enabled: Boolean(token),
    staleTime: 0,
    meta: { persist: false },
  });
}

/**
 * Another card for a refused charge (the mailed link's page): `cardToken` is the card form's token, or
 * after CARD_AUTHENTICATION_REQUIRED the client secret it gave.
 */
export async function replacePaymentCard(
  token: string,
  cardToken: string,
  postalCode: string | null,
): Promise<PaymentAuthentication> {
  return (await execute(ReplacePaymentCardDocument, { token, card: { token: cardToken, postalCode } }))
    .replacePaymentCard;
}

/** After the challenge: the API asks the processor how the payment stands, and books on success. */
export async function completePaymentAuthentication(token: string): Promise<PaymentAuthentication> {
  return (await execute(CompletePaymentAuthenticationDocument, { token })).completePaymentAuthentication;
}

export type { WaitlistOffer, WaitlistOfferStatus } from './waitlist-offer';
export { acceptWaitlistOffer, useWaitlistOffer } from './waitlist-offer';
