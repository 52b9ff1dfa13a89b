import { Field, Input } from '@atrium/ui/forms';
import type { ComponentProps } from 'react';

interface CardInputProps extends Omit<ComponentProps<typeof Input>, 'onChange'> {
  label: string;
  invalid: boolean;
  onValue: (value: string) => void;
}

/** One labelled, required field of the card forms. */
export function CardInput({ label, invalid, onValue, ...props }: CardInputProps) {
  return (
    <Field.Root invalid={invalid} required>
      <Field.Label>{label}</Field.Label>
      <Input {...props} onChange={(event) => onValue(event.target.value)} />
    </Field.Root>
  );
}
