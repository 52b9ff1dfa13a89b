import { PASSCODE_LENGTH, passcode } from '@atrium/domain';
import { errorMessage } from '@atrium/graphql-client';
import { type AuthenticatePayload, usePasscodeAuthenticate } from '@atrium/graphql-client/identity';
import { $passCodeToken } from '@atrium/stores';
import { Button, HStack, Link, Stack, Text } from '@atrium/ui';
import { PinInput } from '@atrium/ui/forms';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { PASSCODE_TOKEN_MISSING } from '../shared/messages';
import { useCountdown } from './countdown';
import { asksForNewCode, extractPasscode } from './passcode-text';

const EMPTY_CODE: readonly string[] = Array.from({ length: PASSCODE_LENGTH }, () => '');
const INDEXES = EMPTY_CODE.map((_, index) => index);

interface CodeStepProps {
  email: string;
  marketplaceId: string;
  /** A new code is being requested. */
  sending: boolean;
  onSignedIn: (payload: AuthenticatePayload) => void;
  /** Requests a new code; resolves to whether one was sent. */
  onResend: () => Promise<boolean>;
  /** Offered with 'Request a new code' when the client may use another address (signing in). */
  onChangeEmail?: (() => void) | undefined;
  /** Shown when the group also takes passwords. */
  onUsePassword?: (() => void) | undefined;
}

/**
 * The 6-digit code: one digit per input, digits only, a pasted code fills them all (its six
 * digits, whatever surrounds them: 'Code: 246 801'), and the sixth digit submits. The server's answer
 * to a wrong code shows under the inputs. After the 60-second countdown, or as soon as the server says
 * the code is spent and asks for a new one, 'Request a new code' and 'Change Email' appear.
 */
export function CodeStep({
  email,
  marketplaceId,
  sending,
  onSignedIn,
  onResend,
  onChangeEmail,
  onUsePassword,
}: CodeStepProps) {
  const signIn = usePasscodeSignIn(marketplaceId, onSignedIn);
  const countdown = useCountdown();
  const resend = async () => {
    if (await onResend()) {
      signIn.startOver();
      countdown.restart();
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        signIn.submit(signIn.code.join(''));
      }}
    >
      <Stack gap="5">
        <Text>
          We sent a 6-digit code to <strong>{email}</strong>. It works once, for 10 minutes.
        </Text>
        <CodeInputs signIn={signIn} />
        {signIn.error && (
          <Text role="alert" color="fg.error">
            {signIn.error}
          </Text>
        )}
        <Button type="submit" size="lg" loading={signIn.pending} loadingText="Verifying">
          Verify
        </Button>
        {countdown.remaining > 0 && !signIn.codeSpent ? (
          <Text color="fg.muted" fontSize="sm">
            You can request a new code in {countdown.remaining}{' '}
            {countdown.remaining === 1 ? 'second' : 'seconds'}.
          </Text>
        ) : (
          <HStack gap="6" wrap="wrap">
            <Link
              as="button"
              type="button"
              color="brand.fg"
              fontWeight="semibold"
              onClick={resend}
              aria-disabled={sending}
            >
              Request a new code
            </Link>
            {onChangeEmail && (
              <Link as="button" type="button" color="brand.fg" fontWeight="semibold" onClick={onChangeEmail}>
                Change Email
              </Link>
            )}
          </HStack>
        )}
        {onUsePassword && (
          <Link
            as="button"
            type="button"
            color="fg.muted"
            fontSize="sm"
            alignSelf="start"
            onClick={onUsePassword}
          >
            Sign in with your password instead
          </Link>
        )}
      </Stack>
    </form>
  );
}

/**
 * The code as entered and what came of sending it: checked by the passcode rule, then sent; a refused
 * code empties the inputs, and a spent one (the server asks for a new code) ends the countdown's wait.
 */
function usePasscodeSignIn(marketplaceId: string, onSignedIn: (payload: AuthenticatePayload) => void) {
  const [code, setCode] = useState<string[]>([...EMPTY_CODE]);
  const [error, setError] = useState<string | null>(null);
  const [codeSpent, setCodeSpent] = useState(false);
  const authenticate = usePasscodeAuthenticate();

  const submit = (digits: string) => {
    const token = $passCodeToken.get();
    if (!token) return setError(PASSCODE_TOKEN_MISSING);
    const checked = passcode.safeParse(digits);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? null);
    setError(null);
    authenticate.mutate(
      { token, code: checked.data, marketplaceId },
      {
        onSuccess: onSignedIn,
        onError: (failure) => {
          const message = errorMessage(failure, 'authenticatePasscode');
          setCode([...EMPTY_CODE]);
          setError(message);
          if (asksForNewCode(failure)) setCodeSpent(true);
        },
      },
    );
  };

  const change = (digits: string[]) => {
    setCode(digits);
    setError(null);
  };

  const startOver = () => {
    setCode([...EMPTY_CODE]);
    setError(null);
    setCodeSpent(false);
  };

  return { code, error, codeSpent, pending: authenticate.isPending, submit, change, startOver };
}

/** Six one-digit inputs; after a refused code they are emptied and typing starts over at the first. */
function CodeInputs({ signIn }: { signIn: ReturnType<typeof usePasscodeSignIn> }) {
  const firstInput = useRef<HTMLInputElement>(null);
  const { error, pending } = signIn;
  useEffect(() => {
    if (error !== null && !pending) firstInput.current?.focus();
  }, [error, pending]);

  return (
    <PinInput.Root
      otp
      type="numeric"
      size="lg"
      display="flex"
      flexDirection="column"
      gap="2"
      autoFocus
      value={signIn.code}
      invalid={error !== null}
      disabled={pending}
      translations={{ inputLabel: (index, length) => `Digit ${index + 1} of ${length}` }}
      sanitizeValue={(pasted) => extractPasscode(pasted) ?? pasted}
      onValueChange={(details) => signIn.change(details.value)}
      onValueComplete={(details) => signIn.submit(details.valueAsString)}
    >
      <PinInput.Label>Sign-in code</PinInput.Label>
      <PinInput.HiddenInput />
      <PinInput.Control>
        <HStack gap="2">
          {INDEXES.map((index) => (
            <PinInput.Input key={index} index={index} ref={index === 0 ? firstInput : undefined} />
          ))}
        </HStack>
      </PinInput.Control>
    </PinInput.Root>
  );
}
