import type { FormValues } from '@atrium/domain';
import { useSavedCards } from '@atrium/graphql-client/checkout';
import { applePayPaymentRequest, type CardCollector, useApplePay } from '@atrium/payment-forms';
import { $user } from '@atrium/stores';
import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import { applePayCard } from './apple-pay-card';
import { defaultPaymentChoice, NEW_CARD, type PaymentChoice } from './saved-cards';
import type { SubmitParts } from './use-submit-booking';

interface PaymentChoiceInput {
  /** Whether anything is due when the appointment is confirmed (else no card is asked). */
  needsCard: boolean;
  marketplace: { name: string; mgId: string } | undefined;
  dueCents: number;
  totalCents: number;
  /** The personal form's values, which name the Apple Pay card's holder. */
  personal: () => FormValues;
}

/**
 * How the client pays: a saved card (the default one first), a new card typed in the card form, or
 * Apple Pay when the device has it. Apple Pay's button submits the booking paying with its own card;
 * `payment()` is read when a submit runs, so that submit pays with it.
 */
export function usePaymentChoice({
  needsCard,
  marketplace,
  dueCents,
  totalCents,
  personal,
}: PaymentChoiceInput) {
  const user = useStore($user);
  const savedCards = useSavedCards(user ? marketplace?.mgId : null).data ?? [];
  const [choice, setChoice] = useState<PaymentChoice | null>(null);
  const payWith = choice ?? defaultPaymentChoice(savedCards);
  const applePay = useApplePay();
  const card = useRef<CardCollector>(null);
  // Set while the Apple Pay button's submit runs: that submit pays with the Apple Pay card.
  const applePayAttempt = useRef<CardCollector | null>(null);

  const payment = (): SubmitParts['payment'] => {
    if (!needsCard) return { kind: 'none' };
    if (applePayAttempt.current) return { kind: 'new', card: applePayAttempt };
    return payWith === NEW_CARD ? { kind: 'new', card } : { kind: 'saved', paymentInstrumentId: payWith };
  };

  /** The Apple Pay sheet asks for what is due now, under the marketplace's name; then `submit` runs. */
  const payWithApplePay = (submit: () => Promise<void>) => {
    if (!applePay || !marketplace) return;
    applePayAttempt.current = applePayCard(
      applePay,
      {
        displayName: marketplace.name,
        request: applePayPaymentRequest({
          marketplaceName: marketplace.name,
          dueTodayCents: dueCents,
          purpose:
            dueCents > 0
              ? { label: 'Due when your appointment is confirmed', amountCents: null }
              : { label: 'Paid at your appointment', amountCents: totalCents },
        }),
      },
      personal,
    );
    void submit().finally(() => {
      applePayAttempt.current = null;
    });
  };

  return { savedCards, payWith, setChoice, applePay, card, payment, payWithApplePay };
}

export type PaymentChoiceState = ReturnType<typeof usePaymentChoice>;
