// The payments context's public entry: what other contexts, the composition root and tests use of it.

export type { ApplePayMerchantValidator } from './adapters/apple-pay-merchant';
export { createMerchantValidator } from './adapters/apple-pay-merchant';
export { sandboxApplePayVersion } from './adapters/apple-pay-tokenizer';
export type { Payments } from './adapters/create-payments-processor';
export { createPayments } from './adapters/create-payments-processor';
export type { CardIdentity, PaymentsProcessor, SavedCard } from './adapters/payments-processor';
export { authenticationFailedMessage } from './adapters/payments-processor';
export {
  createSandboxProcessor,
  InvalidCardDetailsError,
  SandboxAuthenticationError,
} from './adapters/sandbox-processor';
export type { ProcessorEvent, ProcessorEventFacts } from './adapters/stripe-events';
export type { ApplePayPorts } from './apple-pay';
export type { ApplePayConfig } from './apple-pay-config';
export { loadApplePayConfig } from './apple-pay-config';
export type { PaymentsConfig } from './config';
export {
  cardAuthenticationRequired,
  cardErrorMessage,
  PaymentDeclinedError,
  withWalletErrors,
} from './errors';
export { cardInput } from './inputs';
export { saveInstrument, verifyNewCard, walletMessages } from './payment-instruments';
export type { ReceiptFacts } from './receipts';
export { queuePaymentReceipt, queueReceiptMail, receiptEmail } from './receipts';
export { useStripeWebhooks } from './stripe-webhooks';
export type { PaymentProcessorName } from './tables';
export {
  paymentDisputes,
  paymentInstruments,
  paymentProcessors,
  paymentReceipts,
  processorEvents,
} from './tables';
