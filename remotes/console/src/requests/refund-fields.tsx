import { formatCents, refundFieldValue } from '@atrium/domain';
import { Stack } from '@atrium/ui';
import { Field, Input, RadioGroup } from '@atrium/ui/forms';

/** Cents as the amount field shows them: 2152 -> '21.52'. */
export const centsText = (cents: number) => (cents / 100).toFixed(2);

/** The amount to refund, in dollars, checked against what is left (the API's own rule). */
export function RefundAmountField({
  value,
  leftCents,
  problem,
  onChange,
}: {
  value: string;
  leftCents: number;
  problem: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <Field.Root invalid={problem !== null} required>
      <Field.Label>
        Amount to refund ($) <Field.RequiredIndicator />
      </Field.Label>
      <Input
        value={value}
        inputMode="decimal"
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
      {problem ? (
        <Field.ErrorText>{problem}</Field.ErrorText>
      ) : (
        <Field.HelperText>Up to {formatCents(leftCents)}, back to the client's card.</Field.HelperText>
      )}
    </Field.Root>
  );
}

export type RefundChoice = 'all' | 'part' | 'none';

/** What a cancellation gives back of what was collected: everything, part of it, or nothing. */
export function CancellationRefundChoice({
  leftCents,
  choice,
  amount,
  problem,
  onChoice,
  onAmount,
}: {
  leftCents: number;
  choice: RefundChoice;
  amount: string;
  problem: string | null;
  onChoice: (choice: RefundChoice) => void;
  onAmount: (value: string) => void;
}) {
  return (
    <Stack gap="3">
      <RadioGroup.Root
        value={choice}
        onValueChange={(details) => onChoice((details.value as RefundChoice | null) ?? 'all')}
        aria-label="Refund"
      >
        <Stack gap="2">
          <RadioGroup.Item value="all">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>Refund everything collected ({formatCents(leftCents)})</RadioGroup.ItemText>
          </RadioGroup.Item>
          <RadioGroup.Item value="part">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>Refund part of it</RadioGroup.ItemText>
          </RadioGroup.Item>
          <RadioGroup.Item value="none">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>No refund</RadioGroup.ItemText>
          </RadioGroup.Item>
        </Stack>
      </RadioGroup.Root>
      {choice === 'part' && (
        <RefundAmountField value={amount} leftCents={leftCents} problem={problem} onChange={onAmount} />
      )}
    </Stack>
  );
}

/** The cents a cancellation's choice gives back, or the amount field's problem. */
export function chosenRefund(
  choice: RefundChoice,
  amount: string,
  leftCents: number,
): { cents: number; problem: null } | { cents: null; problem: string } {
  if (choice === 'none') return { cents: 0, problem: null };
  if (choice === 'all') return { cents: leftCents, problem: null };
  return refundFieldValue(amount, leftCents);
}
