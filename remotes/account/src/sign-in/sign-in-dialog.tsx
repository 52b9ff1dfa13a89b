import type { SignInDialogProps } from '@atrium/federation';
import type { AuthenticatePayload, AuthOption } from '@atrium/graphql-client/identity';
import { useLocation, useNavigate } from '@atrium/navigation';
import { $userEmail } from '@atrium/stores';
import { Stack } from '@atrium/ui';
import { ResponsiveDialog } from '@atrium/ui/overlays';
import { useState } from 'react';
import { announceSignIn } from '../shared/announce-sign-in';
import { useStoredMarketplace } from '../shared/stored-marketplace';
import { CodeStep } from './code-step';
import { EmailStep } from './email-step';
import { PasswordStep } from './password-step';
import { ThirdPartyButtons } from './third-party-buttons';
import { useSendPasscode } from './use-send-passcode';

type Step = 'email' | 'code' | 'password';

const TITLES: Record<Step, string> = {
  email: 'Sign in',
  code: 'Check your email',
  password: 'Sign in with your password',
};

/**
 * The sign-in dialog: email, then a passcode is requested and the 6-digit code entered;
 * or Google, Apple, or a password. On success the user is remembered, 'Login successful!' shows, the
 * dialog closes and, when given, the browser goes to `redirectTo`.
 */
export function SignInDialog({ open, onClose, email: prefill, redirectTo }: SignInDialogProps) {
  const { marketplaceId, mgId } = useStoredMarketplace();
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState(() => prefill ?? $userEmail.get() ?? '');
  const [options, setOptions] = useState<readonly AuthOption[]>([]);
  const passcode = useSendPasscode(marketplaceId);

  const signedIn = (payload: AuthenticatePayload) => {
    announceSignIn(payload);
    onClose();
    if (redirectTo) navigate(redirectTo);
  };

  const continueWith = async (address: string, found: readonly AuthOption[]) => {
    setEmail(address);
    setOptions(found);
    // An empty list goes on with the passcode too; only a password-only group skips it.
    if (found.includes('PASSWORD') && !found.includes('PASSCODE')) return setStep('password');
    if (await passcode.send(address)) setStep('code');
  };

  const choosePassword = (address: string, found: readonly AuthOption[]) => {
    setEmail(address);
    setOptions(found);
    if (!found.includes('PASSWORD'))
      return 'Password sign-in is not available here. Continue to get a code by email.';
    setStep('password');
    return null;
  };

  return (
    <ResponsiveDialog open={open} onClose={onClose} title={TITLES[step]}>
      {step === 'email' && (
        <Stack gap="5">
          <EmailStep
            email={email}
            mgId={mgId}
            sending={passcode.pending}
            onContinue={continueWith}
            onChoosePassword={choosePassword}
          />
          <ThirdPartyButtons
            marketplaceId={marketplaceId}
            returnPath={redirectTo ?? `${location.pathname}${location.search}`}
          />
        </Stack>
      )}
      {step === 'code' && (
        <CodeStep
          email={email}
          marketplaceId={marketplaceId}
          sending={passcode.pending}
          onSignedIn={signedIn}
          onResend={() => passcode.send(email)}
          onChangeEmail={() => setStep('email')}
          onUsePassword={options.includes('PASSWORD') ? () => setStep('password') : undefined}
        />
      )}
      {step === 'password' && (
        <PasswordStep
          email={email}
          marketplaceId={marketplaceId}
          mgId={mgId}
          onSignedIn={signedIn}
          onUseCode={() => setStep('email')}
        />
      )}
    </ResponsiveDialog>
  );
}
