import { type RegistrationDetails, registrationForm } from '@atrium/domain';
import { Flex, Stack } from '@atrium/ui';
import { DateField, Field, focusFirstInvalid, Input, PhoneInput, useForm } from '@atrium/ui/forms';
import type { ComponentProps, FormEvent } from 'react';
import { FormActions } from '../shared/form-actions';
import type { RegistrationValues } from './registration-values';

interface RegistrationFormProps {
  initial: RegistrationValues;
  /** The address the provider verified cannot be changed (email read-only). */
  emailReadOnly: boolean;
  submitting: boolean;
  /** The server's refusal, shown above the buttons. */
  error: string | null;
  onSubmit: (details: RegistrationDetails) => void;
  onCancel: () => void;
}

type RegistrationField = keyof RegistrationValues;

const LABELS: Record<RegistrationField, string> = {
  email: 'Email',
  givenName: 'First Name',
  familyName: 'Last Name',
  phone: 'Phone Number',
  dob: 'Date of Birth',
  address: 'Address',
};

const rules = registrationForm();

/**
 * The Confirm Information registration form: every field required with its message. Submitted
 * without the browser's own validation, and only when the form's validation passes.
 */
export function RegistrationForm({
  initial,
  emailReadOnly,
  submitting,
  error,
  onSubmit,
  onCancel,
}: RegistrationFormProps) {
  const form = useForm(rules, initial);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const details = form.validate();
    if (details) onSubmit(details);
    else focusFirstInvalid(event.currentTarget);
  };

  const field = (name: RegistrationField, input: Partial<ComponentProps<typeof Input>> = {}) => {
    const readOnly = name === 'email' && emailReadOnly;
    return (
      <Field.Root key={name} required invalid={Boolean(form.errors[name])} readOnly={readOnly}>
        <Field.Label>
          {LABELS[name]}
          <Field.RequiredIndicator />
        </Field.Label>
        {name === 'phone' ? (
          <PhoneInput value={form.values.phone} onChange={(value) => form.setValue('phone', value)} />
        ) : name === 'dob' ? (
          // The birth date control checkout and the profile use too (M/D/YYYY, years from 1900).
          <DateField
            mode="birth"
            value={form.values.dob}
            invalid={Boolean(form.errors.dob)}
            onChange={(value) => form.setValue('dob', value)}
          />
        ) : (
          <Input
            value={form.values[name]}
            onChange={(event) => form.setValue(name, event.target.value)}
            bg={readOnly ? 'bg.muted' : undefined}
            {...input}
          />
        )}
        <Field.ErrorText>{form.errors[name]}</Field.ErrorText>
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
        {field('dob')}
        {field('address', { autoComplete: 'street-address' })}
        <FormActions
          error={error}
          submit="Register"
          pendingText="Register"
          pending={submitting}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
