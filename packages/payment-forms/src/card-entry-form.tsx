import { $browserConfig } from '@atrium/stores';
import { useStore } from '@nanostores/react';
import { forwardRef } from 'react';
import type { CardCollector } from './card-rules';
import { SandboxCardForm } from './sandbox-card-form';
import { StripeCardForm } from './stripe-card-form';

/**
 * The card form of the configured processor: Stripe Elements when the runtime config holds a Stripe
 * publishable key, the embedded sandbox processor's form otherwise. Its ref turns the entered card
 * into a processor token.
 */
export const CardEntryForm = forwardRef<CardCollector>(function CardEntryForm(_props, ref) {
  const { stripePublishableKey } = useStore($browserConfig);
  return stripePublishableKey ? (
    <StripeCardForm ref={ref} publishableKey={stripePublishableKey} />
  ) : (
    <SandboxCardForm ref={ref} />
  );
});
