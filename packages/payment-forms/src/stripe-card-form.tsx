import { billingAddressForm } from '@atrium/domain';
import type { PaymentProcessorInfo } from '@atrium/graphql-client/checkout';
import { Box, Stack, Text } from '@atrium/ui';
import { useForm } from '@atrium/ui/forms';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { BillingAddress, billingProblems } from './billing-address';
import { useCardChallenge } from './card-challenge';
import {
  type BillingFields,
  CARD_TOKEN_ERROR,
  type CardCollector,
  PAYMENT_FORM_NOT_READY,
  PAYMENT_PROCESSING_FAILED,
} from './card-collector';
import { loadStripeOnce } from './stripe-loader';

const emptyBilling: BillingFields = {
  addressLine1: '',
  addressCity: '',
  addressState: '',
  addressPostalCode: '',
};

/**
 * Stripe Elements (production): the card number never touches our pages' code or our server;
 * Stripe.js turns it into a PaymentMethod in the browser (with the billing address), and runs the
 * bank's 3-D Secure challenge when the API asks for it.
 */
export const StripeCardForm = forwardRef<CardCollector, { processor: PaymentProcessorInfo }>(
  function StripeCardForm({ processor }, ref) {
    const publishableKey = processor.stripePublishableKey ?? '';
    const challenge = useCardChallenge(processor);
    const mount = useRef<HTMLDivElement>(null);
    const [card, setCard] = useState<{ stripe: Stripe; element: StripeCardElement } | null>(null);
    const [unavailable, setUnavailable] = useState(false);
    const billingForm = useForm<BillingFields, BillingFields>(billingAddressForm, emptyBilling);

    useEffect(() => {
      let cancelled = false;
      let element: StripeCardElement | undefined;
      // Stripe.js is fetched from Stripe only when the API says Stripe takes the cards.
      loadStripeOnce(publishableKey)
        .then((stripe) => {
          if (cancelled || !stripe || !mount.current) return;
          element = stripe.elements().create('card', { hidePostalCode: true });
          element.mount(mount.current);
          setCard({ stripe, element });
        })
        .catch(() => setUnavailable(true));
      return () => {
        cancelled = true;
        element?.destroy();
      };
    }, [publishableKey]);

    useImperativeHandle(ref, () => ({
      async tokenize() {
        if (!card) throw new Error(PAYMENT_FORM_NOT_READY);
        const billing = billingForm.validate();
        if (!billing) throw new Error(CARD_TOKEN_ERROR);
        const { paymentMethod, error } = await card.stripe.createPaymentMethod({
          type: 'card',
          card: card.element,
          billing_details: {
            address: {
              line1: billing.addressLine1,
              city: billing.addressCity,
              state: billing.addressState,
              postal_code: billing.addressPostalCode,
              country: 'US',
            },
          },
        });
        if (error || !paymentMethod?.card) throw new Error(PAYMENT_PROCESSING_FAILED);
        return {
          token: paymentMethod.id,
          brand: paymentMethod.card.brand.toUpperCase(),
          lastFour: paymentMethod.card.last4,
          postalCode: billing.addressPostalCode,
        };
      },
      authenticate: challenge.authenticate,
    }));

    return (
      <Stack gap="3">
        <Box borderWidth="1px" borderRadius="md" px="3" py="3" ref={mount} aria-label="Card details" />
        {unavailable && <Text color="fg.error">{PAYMENT_FORM_NOT_READY}</Text>}
        {challenge.dialog}
        <BillingAddress
          value={billingForm.values}
          invalid={billingProblems(billingForm.errors)}
          onChange={billingForm.setValue}
        />
      </Stack>
    );
  },
);
