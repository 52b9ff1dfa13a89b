import { Box, Stack, Text } from '@atrium/ui';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { BillingAddress } from './billing-address';
import {
  type BillingFields,
  billingFieldProblems,
  CARD_TOKEN_ERROR,
  type CardCollector,
  emptyCardFields,
  PAYMENT_FORM_NOT_READY,
  PAYMENT_PROCESSING_FAILED,
} from './card-rules';

/**
 * Stripe Elements (production): the card number never touches our pages' code or our server;
 * Stripe.js turns it into a token in the browser.
 */
export const StripeCardForm = forwardRef<CardCollector, { publishableKey: string }>(function StripeCardForm(
  { publishableKey },
  ref,
) {
  const mount = useRef<HTMLDivElement>(null);
  const [card, setCard] = useState<{ stripe: Stripe; element: StripeCardElement } | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [billing, setBilling] = useState<BillingFields>(emptyCardFields);
  const [invalid, setInvalid] = useState<(keyof BillingFields)[]>([]);

  useEffect(() => {
    let cancelled = false;
    let element: StripeCardElement | undefined;
    // Stripe.js is fetched from Stripe only when a publishable key is configured.
    import('@stripe/stripe-js')
      .then(({ loadStripe }) => loadStripe(publishableKey))
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

  useImperativeHandle(
    ref,
    () => ({
      async tokenize() {
        if (!card) throw new Error(PAYMENT_FORM_NOT_READY);
        const problems = billingFieldProblems(billing);
        setInvalid(problems);
        if (problems.length > 0) throw new Error(CARD_TOKEN_ERROR);
        const { token, error } = await card.stripe.createToken(card.element, {
          address_line1: billing.addressLine1.trim(),
          address_city: billing.addressCity.trim(),
          address_state: billing.addressState.trim(),
          address_zip: billing.addressPostalCode.trim(),
        });
        if (error || !token?.card) throw new Error(PAYMENT_PROCESSING_FAILED);
        return {
          token: token.id,
          brand: token.card.brand.toUpperCase(),
          lastFour: token.card.last4,
          postalCode: billing.addressPostalCode.trim(),
        };
      },
    }),
    [card, billing],
  );

  return (
    <Stack gap="3">
      <Box borderWidth="1px" borderRadius="md" px="3" py="3" ref={mount} aria-label="Card details" />
      {unavailable && <Text color="fg.error">{PAYMENT_FORM_NOT_READY}</Text>}
      <BillingAddress
        value={billing}
        invalid={invalid}
        onChange={(name, value) => {
          setBilling((current) => ({ ...current, [name]: value }));
          setInvalid((current) => current.filter((n) => n !== name));
        }}
      />
    </Stack>
  );
});
