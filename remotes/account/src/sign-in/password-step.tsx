import {
  type AuthenticatePayload,
  useAuthenticate,
  useRequestResetPassword,
} from '@atrium/graphql-client/identity';
import { $userEmail } from '@atrium/stores';
import { Button, HStack, Link, Stack, Text } from '@atrium/ui';
import { Field, Input } from '@atrium/ui/forms';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { RESET_REQUEST_FAILED, UNABLE_TO_AUTHENTICATE } from '../shared/messages';
import { notify, serverMessageOr } from '../shared/notify';
import { validatePassword, validateSignInEmail } from './sign-in-rules';

interface PasswordStepProps {
  email: string;
  marketplaceId: string;
  mgId: string;
  onSignedIn: (payload: AuthenticatePayload) => void;
  /** Back to signing in with an emailed code. */
  onUseCode: () => void;
}

/** Sign-in with email and password (spec 6), with a link to reset a forgotten password. */
export function PasswordStep({
  email: initialEmail,
  marketplaceId,
  mgId,
  onSignedIn,
  onUseCode,
}: PasswordStepProps) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  const authenticate = useAuthenticate();
  const requestReset = useRequestResetPassword();
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  // Shown in place of the step whose button led here (now gone), it takes focus: at the password,
  // the email being known already, else at the email.
  useEffect(() => (initialEmail ? passwordInput : emailInput).current?.focus(), [initialEmail]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const emailProblem = validateSignInEmail(email);
    const passwordProblem = validatePassword(password);
    if (emailProblem || passwordProblem) {
      setErrors({ email: emailProblem ?? undefined, password: passwordProblem ?? undefined });
      (emailProblem ? emailInput : passwordInput).current?.focus();
      return;
    }
    setErrors({});
    authenticate.mutate(
      { marketplaceId, email: email.trim(), password },
      {
        onSuccess: onSignedIn,
        onError: (failure) => setErrors({ form: serverMessageOr(failure, UNABLE_TO_AUTHENTICATE) }),
      },
    );
  };

  const forgot = () => {
    const emailProblem = validateSignInEmail(email);
    if (emailProblem) {
      setErrors({ email: emailProblem });
      emailInput.current?.focus();
      return;
    }
    const address = email.trim();
    $userEmail.set(address);
    requestReset.mutate(
      // The marketplace goes into the emailed link, so it opens this marketplace in any browser.
      { webOriginUrl: window.location.origin, email: address, mgId, marketplaceId },
      {
        onSuccess: () =>
          notify('success', `If ${address} has an account, a link to reset its password is on its way.`),
        onError: (failure) => notify('error', serverMessageOr(failure, RESET_REQUEST_FAILED)),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="4">
        <Field.Root invalid={Boolean(errors.email)}>
          <Field.Label>Email</Field.Label>
          <Input
            ref={emailInput}
            type="email"
            inputMode="email"
            autoComplete="username"
            size="lg"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Field.ErrorText>{errors.email}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.password)}>
          <Field.Label>Password</Field.Label>
          <Input
            ref={passwordInput}
            type="password"
            autoComplete="current-password"
            size="lg"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Field.ErrorText>{errors.password}</Field.ErrorText>
        </Field.Root>
        {errors.form && (
          <Text role="alert" color="fg.error">
            {errors.form}
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
