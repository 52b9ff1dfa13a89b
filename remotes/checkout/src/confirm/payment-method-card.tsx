import { ApplePayButton, CardEntryForm } from '@atrium/payment-forms';
import { Card, Heading, Text } from '@atrium/ui';
import { NEW_CARD, SavedCards } from './saved-cards';
import type { PaymentChoiceState } from './use-payment-choice';

/** Payment method: Apple Pay first when the device has it, then the saved cards, then a new card. */
export function PaymentMethodCard({
  choice,
  submitting,
  onApplePay,
}: {
  choice: PaymentChoiceState;
  submitting: boolean;
  onApplePay: () => void;
}) {
  return (
    <Card.Root as="section" aria-label="Payment method">
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          Payment method
        </Heading>
        {choice.applePay && (
          <>
            <ApplePayButton type="book" busy={submitting} onClick={onApplePay} />
            <Text color="fg.muted" fontSize="sm" textAlign="center">
              or pay with a card
            </Text>
          </>
        )}
        {choice.savedCards.length > 0 && (
          <SavedCards cards={choice.savedCards} value={choice.payWith} onChange={choice.setChoice} />
        )}
        {choice.payWith === NEW_CARD && <CardEntryForm ref={choice.card} />}
      </Card.Body>
    </Card.Root>
  );
}
