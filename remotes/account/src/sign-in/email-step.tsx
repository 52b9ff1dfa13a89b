import { signInEmailForm } from '@atrium/domain';
import { errorMessage } from '@atrium/graphql-client';
import { type AuthOption, fetchAuthOptions } from '@atrium/graphql-client/identity';
import { $userEmail } from '@atrium/stores';
import { Button, Link, Stack } from '@atrium/ui';
import { Field, Input, useForm } from '@atrium/ui/forms';
import { type FormEvent, useEffect, useRef, useState } from 'react';

interface EmailStepProps {
  email: string;
  mgId: string;
  /** A code is being requested for the address. */
  sending: boolean;
  onContinue: (email: string, options: readonly AuthOption[]) => Promise<void>;
  /** Chose a password instead of an emailed code; resolves to an error to show, if any. */
  onChoosePassword: (email: string, options: readonly AuthOption[]) => string | null;
}

/** The first step: the email, checked, then the group's sign-in options for it. */
export function EmailStep({ email, mgId, sending, onContinue, onChoosePassword }: EmailStepProps) {
  const { form, input, checking, check, fail } = useEmailCheck(email, mgId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = await check();
    if (checked) await onContinue(checked.address, checked.options);
  };

  const choosePassword = async () => {
    const checked = await check();
    const problem = checked && onChoosePassword(checked.address, checked.options);
    if (problem) fail(problem);
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="4">
        <Field.Root invalid={Boolean(form.errors.email)}>
          <Field.Label>Email</Field.Label>
          <Input
            ref={input}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@example.com"
            size="lg"
            value={form.values.email}
            onChange={(event) => form.setValue('email', event.target.value)}
          />
          <Field.ErrorText>{form.errors.email}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" size="lg" loading={checking || sending} loadingText="Continue">
          Continue
        </Button>
        <Link
          as="button"
          type="button"
          alignSelf="center"
          color="brand.fg"
          fontSize="sm"
          onClick={choosePassword}
          aria-disabled={checking || sending}
        >
          Sign in with a password
        </Link>
      </Stack>
    </form>
  );
}

/**
 * The email as typed, checked by the sign-in email rule, then the group's sign-in options for it
 * (the address is stored whatever they are, so it prefills later). What is wrong shows under the
 * field, which takes the focus.
 */
function useEmailCheck(email: string, mgId: string) {
  const form = useForm(signInEmailForm, { email });
  const [checking, setChecking] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // Coming back from another step ('Change Email', 'Email me a code instead'), the control that
  // switched steps is gone: the email takes focus, not the page behind the dialog.
  useEffect(() => input.current?.focus(), []);

  const fail = (message: string) => {
    form.setError('email', message);
    input.current?.focus();
  };

  /** The checked address and the group's options for it, or null after showing what is wrong. */
  const check = async (): Promise<{ address: string; options: AuthOption[] } | null> => {
    const valid = form.validate();
    if (!valid) {
      input.current?.focus();
      return null;
    }
    setChecking(true);
    try {
      const options = await fetchAuthOptions(valid.email, mgId);
      $userEmail.set(valid.email);
      return { address: valid.email, options };
    } catch (failure) {
      fail(errorMessage(failure, 'authOptions'));
      return null;
    } finally {
      setChecking(false);
    }
  };

  return { form, input, checking, check, fail };
}
