import { cardEntryForm } from '@atrium/domain';
import { type PaymentProcessorInfo, sandboxTokenizeCard } from '@atrium/graphql-client/checkout';
import { SimpleGrid, Stack } from '@atrium/ui';
import { useForm } from '@atrium/ui/forms';
import { forwardRef, useImperativeHandle } from 'react';
import { BillingAddress, billingProblems } from './billing-address';
import { useCardChallenge } from './card-challenge';
import { CARD_TOKEN_ERROR, type CardCollector, type CardFields, emptyCardFields } from './card-collector';
import { CardInput } from './card-input';

const formatCardNumber = (text: string) =>
  text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
const formatExpiry = (text: string) => {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

const cardRules = cardEntryForm();

type SandboxCard = ReturnType<typeof cardRules.parse>;

/** The sandbox's token for a card the form's rules passed. */
async function sandboxToken(card: SandboxCard) {
  const [month = '', year = ''] = card.expiry.split('/');
  try {
    const tokenized = await sandboxTokenizeCard({
      number: card.number.replace(/\s/g, ''),
      expMonth: Number(month),
      expYear: 2000 + Number(year),
      cvc: card.cvc,
      addressLine1: card.addressLine1,
      addressCity: card.addressCity,
      addressState: card.addressState,
      addressPostalCode: card.addressPostalCode,
    });
    return { ...tokenized, postalCode: card.addressPostalCode };
  } catch {
    throw new Error(CARD_TOKEN_ERROR);
  }
}

const formatters: Partial<Record<keyof CardFields, (text: string) => string>> = {
  number: formatCardNumber,
  expiry: formatExpiry,
  cvc: (text) => text.replace(/\D/g, ''),
};

/**
 * The embedded sandbox processor's card form (Stripe Elements stands here in production): the card
 * and its billing address, checked by the domain's card rules and turned into a token by the
 * sandbox; its 3-D Secure test cards get the sandbox bank's challenge.
 */
export const SandboxCardForm = forwardRef<CardCollector, { processor: PaymentProcessorInfo }>(
  function SandboxCardForm({ processor }, ref) {
    const challenge = useCardChallenge(processor);
    const form = useForm(cardRules, emptyCardFields);
    const invalid = (name: keyof CardFields) => Boolean(form.errors[name]);

    useImperativeHandle(ref, () => ({
      async tokenize() {
        const card = form.validate();
        if (!card) throw new Error(CARD_TOKEN_ERROR);
        return sandboxToken(card);
      },
      authenticate: challenge.authenticate,
    }));

    const update = (name: keyof CardFields, value: string) =>
      form.setValue(name, formatters[name]?.(value) ?? value);

    return (
      <Stack gap="3">
        {challenge.dialog}
        <CardInput
          label="Card number"
          value={form.values.number}
          invalid={invalid('number')}
          onValue={(v) => update('number', v)}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
        />
        <SimpleGrid columns={2} gap="3">
          <CardInput
            label="Expiry (MM/YY)"
            value={form.values.expiry}
            invalid={invalid('expiry')}
            onValue={(v) => update('expiry', v)}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
          />
          <CardInput
            label="CVC"
            value={form.values.cvc}
            invalid={invalid('cvc')}
            onValue={(v) => update('cvc', v)}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
          />
        </SimpleGrid>
        <BillingAddress value={form.values} invalid={billingProblems(form.errors)} onChange={update} />
      </Stack>
    );
  },
);
