import { CUSTOM_TIP_INVALID, customTip, formatCents, tipPresets, tipToCents } from '@atrium/domain';
import { Button, Flex, Stack, Text } from '@atrium/ui';
import { Field, Input } from '@atrium/ui/forms';
import { useState } from 'react';

export type TipChoice =
  | { kind: 'none' }
  | { kind: 'percent'; percent: number }
  | { kind: 'custom'; dollars: string };

/** The tip in cents: a preset's share of the cart's minimum price, or a valid custom amount. */
export function tipCents(choice: TipChoice, cartMinimumCents: number): number {
  if (choice.kind === 'percent') {
    return tipPresets(cartMinimumCents).find((preset) => preset.percent === choice.percent)?.cents ?? 0;
  }
  if (choice.kind === 'custom') return tipToCents(choice.dollars) ?? 0;
  return 0;
}

interface TipSelectorProps {
  cartMinimumCents: number;
  value: TipChoice;
  onChange: (choice: TipChoice) => void;
}

/** No tip, 10%, 15% or 20% of the cart's minimum price, or Custom. */
export function TipSelector({ cartMinimumCents, value, onChange }: TipSelectorProps) {
  const [custom, setCustom] = useState(value.kind === 'custom' ? value.dollars : '');
  const customInvalid = value.kind === 'custom' && custom !== '' && !customTip.safeParse(custom).success;
  const choice = (selected: boolean) => ({
    size: 'sm' as const,
    variant: selected ? ('solid' as const) : ('outline' as const),
    'aria-pressed': selected,
  });
  return (
    <Stack gap="3" role="group" aria-labelledby="tip-label">
      <Text id="tip-label" fontWeight="semibold">
        Add a tip
      </Text>
      <Flex gap="2" wrap="wrap">
        <Button {...choice(value.kind === 'none')} onClick={() => onChange({ kind: 'none' })}>
          No tip
        </Button>
        {tipPresets(cartMinimumCents).map(({ percent, cents }) => (
          <Button
            key={percent}
            {...choice(value.kind === 'percent' && value.percent === percent)}
            aria-label={`${percent}% tip, ${formatCents(cents)}`}
            onClick={() => onChange({ kind: 'percent', percent })}
          >
            {percent}%
          </Button>
        ))}
        <Button
          {...choice(value.kind === 'custom')}
          onClick={() => onChange({ kind: 'custom', dollars: custom })}
        >
          Custom
        </Button>
      </Flex>
      {value.kind === 'custom' && (
        <Field.Root invalid={customInvalid}>
          <Field.Label>Custom tip (USD)</Field.Label>
          <Input
            inputMode="decimal"
            placeholder="0.00"
            value={custom}
            onChange={(event) => {
              const text = event.target.value.replace(/[^\d.]/g, '');
              setCustom(text);
              onChange({ kind: 'custom', dollars: text });
            }}
          />
          <Field.ErrorText>{CUSTOM_TIP_INVALID}</Field.ErrorText>
        </Field.Root>
      )}
    </Stack>
  );
}
