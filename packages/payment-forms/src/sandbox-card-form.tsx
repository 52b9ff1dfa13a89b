import { type PaymentProcessorInfo, sandboxTokenizeCard } from '@atrium/graphql-client/checkout';
import { SimpleGrid, Stack } from '@atrium/ui';
import { forwardRef, useImperativeHandle, useState } from 'react';
import { BillingAddress } from './billing-address';
import { useCardChallenge } from './card-challenge';
import { CardInput } from './card-input';
import {
  CARD_TOKEN_ERROR,
  type CardCollector,
  type CardFields,
  cardFieldProblems,
  emptyCardFields,
} from './card-rules';

const formatCardNumber = (text: string) =>
  text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
const formatExpiry = (text: string) => {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/**
 * The embedded sandbox processor's card form (Stripe Elements stands here in production): the card
 * and its billing address, turned into a token by the sandbox; its 3-D Secure test cards get the
 * sandbox bank's challenge.
 */
export const SandboxCardForm = forwardRef<CardCollector, { processor: PaymentProcessorInfo }>(
  function SandboxCardForm({ processor }, ref) {
    const challenge = useCardChallenge(processor);
    const [fields, setFields] = useState<CardFields>(emptyCardFields);
    const [invalid, setInvalid] = useState<(keyof CardFields)[]>([]);

    useImperativeHandle(
      ref,
      () => ({
        async tokenize() {
          const problems = cardFieldProblems(fields);
          setInvalid(problems);
          if (problems.length > 0) throw new Error(CARD_TOKEN_ERROR);
          const [month = '', year = ''] = fields.expiry.split('/');
          try {
            const card = await sandboxTokenizeCard({
              number: fields.number.replace(/\s/g, ''),
              expMonth: Number(month),
              expYear: 2000 + Number(year),
              cvc: fields.cvc,
              addressLine1: fields.addressLine1.trim(),
              addressCity: fields.addressCity.trim(),
              addressState: fields.addressState.trim(),
              addressPostalCode: fields.addressPostalCode.trim(),
            });
            return { ...card, postalCode: fields.addressPostalCode.trim() };
          } catch {
            throw new Error(CARD_TOKEN_ERROR);
          }
        },
        authenticate: challenge.authenticate,
      }),
      [fields, challenge.authenticate],
    );

    const update = (name: keyof CardFields, value: string) => {
      const formatted =
        name === 'number' ? formatCardNumber(value) : name === 'expiry' ? formatExpiry(value) : value;
      setFields((current) => ({ ...current, [name]: formatted }));
      setInvalid((current) => current.filter((n) => n !== name));
    };

    return (
      <Stack gap="3">
        {challenge.dialog}
        <CardInput
          label="Card number"
          value={fields.number}
          invalid={invalid.includes('number')}
          onValue={(v) => update('number', v)}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
        />
        <SimpleGrid columns={2} gap="3">
          <CardInput
            label="Expiry (MM/YY)"
            value={fields.expiry}
            invalid={invalid.includes('expiry')}
            onValue={(v) => update('expiry', v)}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
          />
          <CardInput
            label="CVC"
            value={fields.cvc}
            invalid={invalid.includes('cvc')}
            onValue={(v) => update('cvc', v.replace(/\D/g, ''))}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
          />
        </SimpleGrid>
        <BillingAddress
          value={fields}
          invalid={invalid.filter((n) => n.startsWith('address')) as never}
          onChange={update}
        />
      </Stack>
    );
  },
);
