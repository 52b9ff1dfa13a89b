import { formatCents, INVALID_PROMO_CODE, PROMO_CODE_MAX_LENGTH, promoCode } from '@atrium/domain';
import { serverMessage } from '@atrium/graphql-client';
import { type ValidatePromoCodeInput, validatePromoCode } from '@atrium/graphql-client/checkout';
import { $appliedPromo } from '@atrium/stores';
import { Button, Flex, HStack, Text } from '@atrium/ui';
import { Field, Input } from '@atrium/ui/forms';
import { useStore } from '@nanostores/react';
import { useState } from 'react';

interface PromoCodeFieldProps {
  /** The request for validation, without the code. */
  context: Omit<ValidatePromoCodeInput, 'code'>;
}

/** Empty, then valid (applied) or invalid (the error shown); Remove clears it. */
export function PromoCodeField({ context }: PromoCodeFieldProps) {
  const applied = useStore($appliedPromo);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const apply = async () => {
    const checked = promoCode.safeParse(text);
    if (!checked.success) return setError(INVALID_PROMO_CODE);
    const code = checked.data;
    setChecking(true);
    setError(null);
    try {
      const result = await validatePromoCode({ ...context, code });
      if (result.valid) {
        $appliedPromo.set({ code, discountAmount: result.discountAmount });
        setText('');
      } else {
        setError(result.error || INVALID_PROMO_CODE);
      }
    } catch (failure) {
      setError(serverMessage(failure) ?? INVALID_PROMO_CODE);
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
        <Button
          variant="outline"
          loading={checking}
          disabled={!promoCode.safeParse(text).success}
          onClick={apply}
        >
          Apply
        </Button>
      </Flex>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
