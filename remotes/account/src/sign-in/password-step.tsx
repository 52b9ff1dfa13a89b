import { passwordSignInForm, signInEmail } from '@atrium/domain';
import {
  type AuthenticatePayload,
  useAuthenticate,
  useRequestResetPassword,
} from '@atrium/graphql-client/identity';
import { $userEmail } from '@atrium/stores';
import { Button, HStack, Link, Stack, Text } from '@atrium/ui';
import { Field, Input, useForm } from '@atrium/ui/forms';
import { type FormEvent, type RefObject, useEffect, useRef } from 'react';
import { RESET_REQUEST_FAILED, resetLinkSent, UNABLE_TO_AUTHENTICATE } from '../shared/messages';
import { notify, serverMessageOr } from '../shared/notify';

interface PasswordStepProps {
  email: string;
  marketplaceId: string;
  mgId: string;
  onSignedIn: (payload: AuthenticatePayload) => void;
  /** Back to signing in with an emailed code. */
  onUseCode: () => void;
}

/** Sign-in with email and password, with a link to reset a forgotten password. */
export function PasswordStep({ email, marketplaceId, mgId, onSignedIn, onUseCode }: PasswordStepProps) {
  const form = useForm(passwordSignInForm, { email, password: '' });
  const authenticate = useAuthenticate();
  const requestReset = useRequestResetPassword();
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  // Shown in place of the step whose button led here (now gone), it takes focus: at the password,
  // the email being known already, else at the email.
  useEffect(() => (email ? passwordInput : emailInput).current?.focus(), [email]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = form.validate();
    if (!valid) {
      (signInEmail.safeParse(form.values.email).success ? passwordInput : emailInput).current?.focus();
      return;
    }
    authenticate.mutate(
      { marketplaceId, ...valid },
      {
        onSuccess: onSignedIn,
        onError: (failure) => form.setError(null, serverMessageOr(failure, UNABLE_TO_AUTHENTICATE)),
      },
    );
  };

  const forgot = () => {
    const checked = signInEmail.safeParse(form.values.email);
    if (!checked.success) {
      form.setError('email', checked.error.issues[0]?.message ?? '');
      emailInput.current?.focus();
      return;
    }
    const address = checked.data;
    $userEmail.set(address);
    requestReset.mutate(
      // The marketplace goes into the emailed link, so it opens this marketplace in any browser.
      { webOriginUrl: window.location.origin, email: address, mgId, marketplaceId },
      {
        onSuccess: () => notify('success', resetLinkSent(address)),
        onError: (failure) => notify('error', serverMessageOr(failure, RESET_REQUEST_FAILED)),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="4">
        <CredentialFields form={form} emailInput={emailInput} passwordInput={passwordInput} />
        {form.formError && (
          <Text role="alert" color="fg.error">
            {form.formError}
          </Text>
        )}
        <Button type="submit" size="lg" loading={authenticate.isPending} loadingText="Signing in">
          Sign in
        </Button>
        <HStack gap="6" wrap="wrap">
          <Link
            as="button"
            type="button"
            color="brand.fg"
            fontWeight="semibold"
            onClick={forgot}
            aria-disabled={requestReset.isPending}
          >
            Forgot password?
          </Link>
          <Link as="button" type="button" color="brand.fg" fontWeight="semibold" onClick={onUseCode}>
            Email me a code instead
          </Link>
        </HStack>
      </Stack>
    </form>
  );
}

interface CredentialFieldsProps {
  form: {
    values: { email: string; password: string };
    errors: { email?: string; password?: string };
    setValue: (name: 'email' | 'password', value: string) => void;
  };
  emailInput: RefObject<HTMLInputElement | null>;
  passwordInput: RefObject<HTMLInputElement | null>;
}

function CredentialFields({ form, emailInput, passwordInput }: CredentialFieldsProps) {
  return (
    <>
      <Field.Root invalid={Boolean(form.errors.email)}>
        <Field.Label>Email</Field.Label>
        <Input
          ref={emailInput}
          type="email"
          inputMode="email"
          autoComplete="username"
          size="lg"
          value={form.values.email}
          onChange={(event) => form.setValue('email', event.target.value)}
        />
        <Field.ErrorText>{form.errors.email}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(form.errors.password)}>
        <Field.Label>Password</Field.Label>
        <Input
          ref={passwordInput}
          type="password"
          autoComplete="current-password"
          size="lg"
          value={form.values.password}
          onChange={(event) => form.setValue('password', event.target.value)}
        />
        <Field.ErrorText>{form.errors.password}</Field.ErrorText>
      </Field.Root>
    </>
  );
}
