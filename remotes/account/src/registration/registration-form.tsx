import { Button, Flex, Stack, Text } from '@atrium/ui';
import { DateField, Field, Input, PhoneInput } from '@atrium/ui/forms';
import { type FormEvent, useRef, useState } from 'react';
import {
  REGISTRATION_FIELDS,
  type RegistrationErrors,
  type RegistrationField,
  type RegistrationValues,
  validateRegistration,
} from './registration-rules';

interface RegistrationFormProps {
  initial: RegistrationValues;
  /** The address the provider verified cannot be changed (spec 3: email read-only). */
  emailReadOnly: boolean;
  submitting: boolean;
  /** The server's refusal, shown above the buttons. */
  error: string | null;
  onSubmit: (values: RegistrationValues) => void;
  onCancel: () => void;
}

const LABELS: Record<RegistrationField, string> = {
  email: 'Email',
  givenName: 'First Name',
  familyName: 'Last Name',
  phone: 'Phone Number',
  dob: 'Date of Birth',
  address: 'Address',
};

/**
 * The Confirm Information registration form (spec 3, 5): every field required with its message.
 * Submitted without the browser's own validation, and only when the form's validation passes.
 */
export function RegistrationForm({
  initial,
  emailReadOnly,
  submitting,
  error,
  onSubmit,
  onCancel,
}: RegistrationFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const inputs = useRef<Partial<Record<RegistrationField, HTMLInputElement | null>>>({});

  const change = (field: RegistrationField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateRegistration(values);
    setErrors(found);
    const first = REGISTRATION_FIELDS.find((field) => found[field]);
    if (first) {
      inputs.current[first]?.focus();
      return;
    }
    onSubmit(values);
  };

  const remember = (name: RegistrationField) => (element: HTMLInputElement | null) => {
    inputs.current[name] = element;
  };

  const field = (name: RegistrationField, input: Partial<React.ComponentProps<typeof Input>> = {}) => {
    const readOnly = name === 'email' && emailReadOnly;
    return (
      <Field.Root key={name} required invalid={Boolean(errors[name])} readOnly={readOnly}>
        <Field.Label>
          {LABELS[name]}
          <Field.RequiredIndicator />
        </Field.Label>
        {name === 'phone' ? (
          <PhoneInput
            ref={remember(name)}
            value={values.phone}
            onChange={(value) => change('phone', value)}
          />
        ) : (
          <Input
            ref={remember(name)}
            value={values[name]}
            onChange={(event) => change(name, event.target.value)}
            bg={readOnly ? 'bg.muted' : undefined}
            {...input}
          />
        )}
        <Field.ErrorText>{errors[name]}</Field.ErrorText>
      </Field.Root>
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Confirm Information">
      <Stack gap="4">
        {field('email', { type: 'email', autoComplete: 'email' })}
        <Flex gap="4" direction={{ base: 'column', sm: 'row' }}>
          {field('givenName', { autoComplete: 'given-name' })}
          {field('familyName', { autoComplete: 'family-name' })}
        </Flex>
        {field('phone')}
        <Field.Root required invalid={Boolean(errors.dob)}>
          <Field.Label>
            {LABELS.dob}
            <Field.RequiredIndicator />
          </Field.Label>
          {/* The birth date control checkout and the profile use too (M/D/YYYY, years from 1900). */}
          <DateField
            mode="birth"
            value={values.dob}
            invalid={Boolean(errors.dob)}
            onChange={(value) => change('dob', value)}
            inputRef={(element) => {
              inputs.current.dob = element;
            }}
          />
          <Field.ErrorText>{errors.dob}</Field.ErrorText>
        </Field.Root>
        {field('address', { autoComplete: 'street-address' })}
        {error && (
          <Text role="alert" color="fg.error">
            {error}
          </Text>
        )}
        <Flex gap="3" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
          <Button type="button" variant="outline" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting} loadingText="Register">
            Register
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}
