import type { Stripe } from '@stripe/stripe-js';

const loaded = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js for a publishable key, fetched from Stripe once per page: the card form and the 3-D
 * Secure challenge share it (Stripe.js is only loaded when the API says Stripe is the processor).
 */
export function loadStripeOnce(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = import('@stripe/stripe-js').then(({ loadStripe }) => loadStripe(publishableKey));
    // A failed load may be tried again (the network came back).
    stripe.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}
