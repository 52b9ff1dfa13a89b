import { errorMessage } from '@atrium/graphql-client';
import { type PaymentAuthentication, replacePaymentCard } from '@atrium/graphql-client/checkout';
import {
  CardAuthenticationFailedError,
  type CardCollector,
  CardEntryForm,
  PAYMENT_FORM_NOT_READY,
  sendCardWithAuthentication,
  type TokenizedCard,
} from '@atrium/payment-forms';
import { Button, Heading, Stack, Text } from '@atrium/ui';
import { useId, useRef, useState } from 'react';

export const CARD_REPLACED = 'Your new card is saved. {marketplace} will confirm your appointment with it.';

/** The saved-card message for a marketplace. */
export const cardReplacedMessage = (marketplaceName: string) =>
  CARD_REPLACED.replace('{marketplace}', marketplaceName);

/**
 * Another card for a refused charge: the processor's card form, the card tokenized in the browser and
 * sent with the link's token (its bank's 3-D Secure challenge run when it asks). A card the form or the
 * processor refuses shows why, with the card kept entered.
 */
export function ReplaceCardForm({
  token,
  onReplaced,
}: {
  token: string;
  onReplaced: (payment: PaymentAuthentication) => void;
}) {
  const card = useRef<CardCollector>(null);
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();

  const save = async () => {
    const form = card.current;
    if (working) return;
    if (!form) return setProblem(PAYMENT_FORM_NOT_READY);
    setWorking(true);
    setProblem(null);
    let tokenized: TokenizedCard;
    try {
      tokenized = await form.tokenize();
    } catch (error) {
      // The form's own message: an incomplete or invalid card.
      setProblem(error instanceof Error ? error.message : PAYMENT_FORM_NOT_READY);
      setWorking(false);
      return;
    }
    try {
      onReplaced(
        await sendCardWithAuthentication(form, tokenized, (cardToken) =>
          replacePaymentCard(token, cardToken, tokenized.postalCode || null),
        ),
      );
    } catch (error) {
      setProblem(error instanceof CardAuthenticationFailedError ? error.message : errorMessage(error));
    } finally {
      setWorking(false);
    }
  };

  return (
    <Stack as="section" gap="3" aria-labelledby={headingId}>
      <Heading as="h2" size="md" id={headingId}>
        Add another card
      </Heading>
      <CardEntryForm ref={card} />
      {problem && (
        <Text role="alert" color="fg.error">
          {problem}
        </Text>
      )}
      <Button alignSelf="start" onClick={save} loading={working} loadingText="Saving card">
        Use this card
      </Button>
    </Stack>
  );
}
