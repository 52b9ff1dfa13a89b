/** Which payment processor holds cards and takes charges (payments/adapters). */
export type PaymentsConfig =
  /** The embedded processor: cards are tokenized by the API itself and Stripe's test numbers decide. */
  | { processor: 'sandbox' }
  | {
      processor: 'stripe';
      secretKey: string;
      publishableKey: string;
      /** The signing secret of the webhook endpoint (whsec_…) that POST /webhooks/stripe verifies. */
      webhookSecret: string;
    };
