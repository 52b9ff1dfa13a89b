import type { SavedCard } from '@atrium/graphql-client/checkout';
import { cardBrandName, cardExpiry } from '@atrium/payment-forms';
import { Stack } from '@atrium/ui';
import { RadioGroup } from '@atrium/ui/forms';

/** What pays: a saved card's id, or a new card entered on the page. */
export type PaymentChoice = string | 'new';
export const NEW_CARD: PaymentChoice = 'new';

/** 'Visa ending in 4242, expires 12/30' */
export const savedCardLabel = (card: SavedCard) =>
  `${cardBrandName(card.brand)} ending in ${card.lastFour}, expires ${cardExpiry(card)}`;

/** The first choice: the primary saved card, else the newest, else a new card. */
export const defaultPaymentChoice = (cards: readonly SavedCard[]): PaymentChoice =>
  (cards.find((card) => card.isPrimary) ?? cards[0])?.id ?? NEW_CARD;

interface SavedCardsProps {
  cards: readonly SavedCard[];
  value: PaymentChoice;
  onChange: (choice: PaymentChoice) => void;
}

/** A signed-in client's saved cards, and 'Use a new card'. */
export function SavedCards({ cards, value, onChange }: SavedCardsProps) {
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={(details) => details.value && onChange(details.value)}
      aria-label="Saved cards"
    >
      <Stack gap="2">
        {[
          ...cards.map((card) => ({ value: card.id, label: savedCardLabel(card) })),
          { value: NEW_CARD, label: 'Use a new card' },
        ].map((option) => (
          <RadioGroup.Item key={option.value} value={option.value}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{option.label}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </Stack>
    </RadioGroup.Root>
  );
}
