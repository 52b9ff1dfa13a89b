import { usePaymentProcessor } from '@atrium/graphql-client/checkout';
import { HStack, Spinner, Text } from '@atrium/ui';
import { forwardRef } from 'react';
import { type CardCollector, PAYMENT_FORM_NOT_READY } from './card-collector';
import { SandboxCardForm } from './sandbox-card-form';
import { StripeCardForm } from './stripe-card-form';

export const LOADING_CARD_FORM = 'Loading the card form…';

/**
 * The card form of the processor the API says is active (the `paymentProcessor` query, the one
 * source of truth): Stripe Elements, or the embedded sandbox processor's form. Its ref turns the
 * entered card into a processor token and runs the card's 3-D Secure challenge. Until the API
 * answers, the ref is unset, which the pages report as 'Payment form not ready. Please try again.'.
 */
export const CardEntryForm = forwardRef<CardCollector>(function CardEntryForm(_props, ref) {
  const processor = usePaymentProcessor();
  if (processor.data?.processor === 'STRIPE' && processor.data.stripePublishableKey) {
    return <StripeCardForm ref={ref} processor={processor.data} />;
  }
  if (processor.data?.processor === 'SANDBOX')
    return <SandboxCardForm ref={ref} processor={processor.data} />;
  if (processor.isError || processor.data) {
    return (
      <Text role="alert" color="fg.error">
        {PAYMENT_FORM_NOT_READY}
      </Text>
    );
  }
  return (
    <HStack gap="2" role="status" aria-live="polite">
      <Spinner size="sm" />
      <Text>{LOADING_CARD_FORM}</Text>
    </HStack>
  );
});
