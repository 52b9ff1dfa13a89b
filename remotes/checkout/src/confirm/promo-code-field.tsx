import { formatCents } from '@atrium/domain';
import { serverMessage } from '@atrium/graphql-client';
import { type ValidatePromoCodeInput, validatePromoCode } from '@atrium/graphql-client/checkout';
import { $appliedPromo } from '@atrium/stores';
import { Button, Flex, HStack, Text } from '@atrium/ui';
import { Field, Input } from '@atrium/ui/forms';
import { useStore } from '@nanostores/react';
import { useState } from 'react';

/** Spec 5: a promo code has at most 15 characters, is trimmed and upper-cased, and is not empty. */
export const PROMO_CODE_MAX_LENGTH = 15;
export const normalizePromoCode = (text: string) => text.trim().toUpperCase().slice(0, PROMO_CODE_MAX_LENGTH);

interface PromoCodeFieldProps {
  /** The request for validation, without the code. */
  context: Omit<ValidatePromoCodeInput, 'code'>;
}

/** Spec 4: empty, then valid (applied) or invalid (the error shown); Remove clears it. */
export function PromoCodeField({ context }: PromoCodeFieldProps) {
  const applied = useStore($appliedPromo);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const apply = async () => {
    const code = normalizePromoCode(text);
    if (!code) return setError('Invalid promo code');
    setChecking(true);
    setError(null);
    try {
      const result = await validatePromoCode({ ...context, code });
      if (result.valid) {
        $appliedPromo.set({ code, discountAmount: result.discountAmount });
        setText('');
      } else {
        setError(result.error || 'Invalid promo code');
      }
    } catch (failure) {
      setError(serverMessage(failure) ?? 'Invalid promo code');
    } finally {
      setChecking(false);
    }
  };

  if (applied) {
    return (
      <Flex justify="space-between" align="center" borderWidth="1px" borderRadius="md" px="3" py="2">
        <HStack gap="2">
          <Text fontWeight="semibold">{applied.code}</Text>
          <Text color="fg.muted">−{formatCents(applied.discountAmount)}</Text>
        </HStack>
        <Button
          size="xs"
          variant="ghost"
          onClick={() => $appliedPromo.set(null)}
          aria-label={`Remove promo code ${applied.code}`}
        >
          Remove
        </Button>
      </Flex>
    );
  }
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>Promo code</Field.Label>
      <Flex gap="2" w="full">
        <Input
          value={text}
          maxLength={PROMO_CODE_MAX_LENGTH}
          textTransform="uppercase"
          autoComplete="off"
          onChange={(event) => {
            setText(event.target.value.toUpperCase());
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void apply();
            }
          }}
        />
        <Button variant="outline" loading={checking} disabled={!normalizePromoCode(text)} onClick={apply}>
          Apply
        </Button>
      </Flex>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
