// '@atrium/payment-forms': card entry shared by the apps that take cards (checkout's payment method,
// the account wallet). Not a shared singleton: each of those remotes bundles it, so it never loads
// with the first paint. Chakra comes through @atrium/ui, the page's one copy.

export { ApplePayButton, useApplePay } from './apple-pay-button';
export type {
  ApplePayAttempt,
  ApplePayPaymentRequest,
  ApplePaySessionConstructor,
} from './apple-pay-session';
export { ApplePayError, applePayPaymentRequest, deviceApplePay, runApplePay } from './apple-pay-session';
export { BillingAddress } from './billing-address';
export { cardBrandName, cardExpiry } from './card-brand';
export type { CardChallenge } from './card-challenge';
export { SANDBOX_CHALLENGE_TITLE, useCardChallenge } from './card-challenge';
export type { BillingFields, CardCollector, CardFields, TokenizedCard } from './card-collector';
export {
  AUTHENTICATION_FAILED,
  CARD_TOKEN_ERROR,
  CardAuthenticationFailedError,
  emptyCardFields,
  PAYMENT_FORM_NOT_READY,
  PAYMENT_PROCESSING_FAILED,
} from './card-collector';
export { CardEntryForm, LOADING_CARD_FORM } from './card-entry-form';
export { CardInput } from './card-input';
export { SandboxCardForm } from './sandbox-card-form';
export { sendCardWithAuthentication } from './send-card';
export { StripeCardForm } from './stripe-card-form';
