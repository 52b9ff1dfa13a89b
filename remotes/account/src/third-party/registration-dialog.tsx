import type { RegistrationDetails } from '@atrium/domain';
import { errorCode } from '@atrium/graphql-client';
import { type ThirdPartyUserData, useRegisterWithToken } from '@atrium/graphql-client/identity';
import { Modal } from '@atrium/ui/overlays';
import { useState } from 'react';
import { RegistrationForm } from '../registration/registration-form';
import { initialRegistrationValues, registrationProfile } from '../registration/registration-values';
import { announceSignIn } from '../shared/announce-sign-in';
import { REGISTRATION_SUCCESSFUL, UNABLE_TO_CREATE_ACCOUNT } from '../shared/messages';
import { notify, serverMessageOr } from '../shared/notify';

interface RegistrationDialogProps {
  marketplaceId: string;
  /** The registration token of the provider's answer (15 minutes). */
  token: string;
  userData: ThirdPartyUserData;
  /** Registration settled (registered, or the token can no longer be used). */
  onSettled: () => void;
  /** Cancel or close: the caller clears the data and goes to the root. */
  onCancel: () => void;
}

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * 'Confirm Information': registers a Google or Apple user who has no account yet, with the
 * form prefilled from the provider. Success shows 'Registration successful!' and, when the email
 * still needs confirming, raises the pending-email flag. A refusal the client can fix (an invalid
 * field) keeps the dialog open with the server's message; any other failure settles it.
 */
export function RegistrationDialog({
  marketplaceId,
  token,
  userData,
  onSettled,
  onCancel,
}: RegistrationDialogProps) {
  const register = useRegisterWithToken();
  const [error, setError] = useState<string | null>(null);

  const submit = (details: RegistrationDetails) => {
    setError(null);
    register.mutate(
      {
        marketplaceId,
        token,
        email: details.email,
        privateEmail: userData.privateEmail,
        profile: registrationProfile(details, browserTimeZone()),
      },
      {
        onSuccess: (payload) => {
          announceSignIn(payload, REGISTRATION_SUCCESSFUL);
          onSettled();
        },
        onError: (failure) => {
          const message = serverMessageOr(failure, UNABLE_TO_CREATE_ACCOUNT);
          if (errorCode(failure) === 'BAD_USER_INPUT') return setError(message);
          notify('error', message);
          onSettled();
        },
      },
    );
  };

  return (
    <Modal open onClose={onCancel} title="Confirm Information" size="lg">
      <RegistrationForm
        initial={initialRegistrationValues(userData)}
        emailReadOnly={Boolean(userData.email)}
        submitting={register.isPending}
        error={error}
        onSubmit={submit}
        onCancel={onCancel}
      />
    </Modal>
  );
}
