import { formatUsPhoneInput, PHONE_INPUT_MAX_LENGTH } from '@atrium/domain';
import { Input, type InputProps } from '@chakra-ui/react';
import type { Ref } from 'react';

export interface PhoneInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type'> {
  value: string;
  /** The text as the client sees it: national format as typed, e.g. (212) 555-0142. */
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The phone input, the one used wherever a client types a phone (registration, profile, forms):
 * US by default, formatted nationally as the client types, at most 250 characters.
 */
export function PhoneInput({
  value,
  onChange,
  placeholder = '(555) 555-5555',
  autoComplete = 'tel-national',
  ...props
}: PhoneInputProps) {
  return (
    <Input
      type="tel"
      autoComplete={autoComplete}
      placeholder={placeholder}
      maxLength={PHONE_INPUT_MAX_LENGTH}
      {...props}
      value={value}
      onChange={(event) => onChange(formatUsPhoneInput(value, event.target.value))}
    />
  );
}
