import { changePasswordForm, newPasswordForm, PASSWORD_MIN_LENGTH } from '@atrium/domain';
import { errorCode, errorMessage } from '@atrium/graphql-client';
import { useChangePassword, useSetPassword } from '@atrium/graphql-client/account';
import { useRequestResetPassword } from '@atrium/graphql-client/identity';
import { $passCodeToken } from '@atrium/stores';
import { Button, Flex, Link, Stack, Text } from '@atrium/ui';
import { Field, focusFirstInvalid, Input, useForm } from '@atrium/ui/forms';
import { Modal } from '@atrium/ui/overlays';
import { type ComponentProps, type FormEvent, useEffect, useRef, useState } from 'react';
import { FormActions } from '../shared/form-actions';
import {
  CHANGE_PASSWORD_FAILED,
  PASSWORD_CHANGED,
  PASSWORD_SET,
  RESET_REQUEST_FAILED,
  resetLinkSent,
  SET_PASSWORD_FAILED,
} from '../shared/messages';
import { notify, serverMessageOr } from '../shared/notify';
import { CodeStep } from '../sign-in/code-step';
import { useSendPasscode } from '../sign-in/use-send-passcode';

export type PasswordDialogMode = 'set' | 'change';

export const PASSWORD_DIALOG_TITLES: Record<PasswordDialogMode, string> = {
  set: 'Set a password',
  change: 'Change password',
};

const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters. A few uncommon words are easy to remember and hard to guess.`;
const OTHER_DEVICES = 'Other devices signed in to your account will be signed out.';

interface PasswordDialogProps {
  mode: PasswordDialogMode;
  open: boolean;
  onClose: () => void;
  /** The client's address: the username password managers save, and where codes and links go. */
  email: string;
  marketplaceId: string;
  mgId: string;
}

/**
 * The profile's 'Set a password' (a client who signs in by code, Google or Apple) and 'Change
 * password' (given the current one). The new password follows the domain's rule, the same as
 * registration's and a reset's; the API then judges how easy it is to guess and its words show under
 * the field. Setting one needs a recent sign-in: when the API asks, the client confirms it is them
 * with an emailed code (a new sign-in), and the password they typed is sent again.
 */
export function PasswordDialog({ mode, open, onClose, email, marketplaceId, mgId }: PasswordDialogProps) {
  const [busy, setBusy] = useState(false);
  const close = () => !busy && onClose();
  return (
    <Modal open={open} onClose={close} title={PASSWORD_DIALOG_TITLES[mode]}>
      {mode === 'set' ? (
        <SetPasswordForm
          email={email}
          marketplaceId={marketplaceId}
          onBusy={setBusy}
          onDone={onClose}
          onCancel={onClose}
        />
      ) : (
        <ChangePasswordForm
          email={email}
          marketplaceId={marketplaceId}
          mgId={mgId}
          onBusy={setBusy}
          onDone={onClose}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}

interface FormProps {
  email: string;
  marketplaceId: string;
  onBusy: (busy: boolean) => void;
  onDone: () => void;
  onCancel: () => void;
}

function SetPasswordForm({ email, marketplaceId, onBusy, onDone, onCancel }: FormProps) {
  const form = useForm(newPasswordForm, { password: '', confirmPassword: '' });
  const formElement = useRef<HTMLFormElement>(null);
  const setPassword = useSetPassword();
  // The password waiting for a fresh sign-in, and why the server asked for one.
  const [waiting, setWaiting] = useState<{ password: string; reason: string } | null>(null);
  useBusy(setPassword.isPending, onBusy);

  const send = (password: string) =>
    setPassword.mutate(
      { marketplaceId, password },
      {
        onSuccess: () => {
          notify('success', PASSWORD_SET);
          onDone();
        },
        onError: (error) => {
          if (errorCode(error) === 'REAUTHENTICATION_REQUIRED') {
            setWaiting({ password, reason: errorMessage(error) });
            return;
          }
          const field = fieldOf(error);
          form.setError(field, serverMessageOr(error, SET_PASSWORD_FAILED));
          if (field) focusFirstInvalid(formElement.current);
        },
      },
    );

  if (waiting) {
    return (
      <ConfirmItsYou
        reason={waiting.reason}
        email={email}
        marketplaceId={marketplaceId}
        onCancel={onCancel}
        onConfirmed={() => {
          setWaiting(null);
          send(waiting.password);
        }}
      />
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = form.validate();
    if (!valid) return focusFirstInvalid(event.currentTarget);
    send(valid.password);
  };

  return (
    <form ref={formElement} noValidate onSubmit={submit} aria-label={PASSWORD_DIALOG_TITLES.set}>
      <Stack gap="4">
        <UsernameForManagers email={email} />
        <Text>Sign in with your email and this password, or with a code we email you.</Text>
        <NewPasswordFields form={form} />
        <FormEnd
          error={form.formError}
          submit="Set password"
          pendingText="Setting password"
          pending={setPassword.isPending}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

function ChangePasswordForm({
  email,
  marketplaceId,
  mgId,
  onBusy,
  onDone,
  onCancel,
}: FormProps & { mgId: string }) {
  const form = useForm(changePasswordForm, { currentPassword: '', password: '', confirmPassword: '' });
  const changePassword = useChangePassword();
  useBusy(changePassword.isPending, onBusy);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = form.validate();
    if (!valid) return focusFirstInvalid(event.currentTarget);
    const root = event.currentTarget;
    changePassword.mutate(
      { marketplaceId, currentPassword: valid.currentPassword, newPassword: valid.password },
      {
        onSuccess: () => {
          notify('success', PASSWORD_CHANGED);
          onDone();
        },
        onError: (error) => {
          const code = errorCode(error);
          const field = code === 'INCORRECT_PASSWORD' ? 'currentPassword' : fieldOf(error);
          form.setError(field, serverMessageOr(error, CHANGE_PASSWORD_FAILED));
          if (field) focusFirstInvalid(root);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-label={PASSWORD_DIALOG_TITLES.change}>
      <Stack gap="4">
        <UsernameForManagers email={email} />
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          value={form.values.currentPassword}
          error={form.errors.currentPassword}
          onChange={(value) => form.setValue('currentPassword', value)}
        />
        <ForgotPassword email={email} marketplaceId={marketplaceId} mgId={mgId} />
        <NewPasswordFields form={form} />
        <FormEnd
          error={form.formError}
          submit="Change password"
          pendingText="Changing password"
          pending={changePassword.isPending}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

/** Mails a reset link to the account's address, for a client who does not know the current one. */
function ForgotPassword({
  email,
  marketplaceId,
  mgId,
}: {
  email: string;
  marketplaceId: string;
  mgId: string;
}) {
  const requestReset = useRequestResetPassword();
  const forgot = () =>
    requestReset.mutate(
      { webOriginUrl: window.location.origin, email, mgId, marketplaceId },
      {
        onSuccess: () => notify('success', resetLinkSent(email)),
        onError: (error) => notify('error', serverMessageOr(error, RESET_REQUEST_FAILED)),
      },
    );
  return (
    <Link
      as="button"
      type="button"
      color="brand.fg"
      fontWeight="semibold"
      fontSize="sm"
      alignSelf="start"
      onClick={forgot}
      aria-disabled={requestReset.isPending}
    >
      Forgot your password? Email me a reset link
    </Link>
  );
}

/**
 * A sign-in too old to set a password: an emailed code signs the client in again (the sign-in
 * dialog's own code step), and then the password they typed is sent again.
 */
function ConfirmItsYou({
  reason,
  email,
  marketplaceId,
  onCancel,
  onConfirmed,
}: {
  reason: string;
  email: string;
  marketplaceId: string;
  onCancel: () => void;
  onConfirmed: () => void;
}) {
  const passcode = useSendPasscode(marketplaceId);
  const [sent, setSent] = useState(false);
  const emailMe = useRef<HTMLButtonElement>(null);
  // Shown in place of the form whose button led here (now gone): focus moves to its action.
  useEffect(() => emailMe.current?.focus(), []);

  if (sent) {
    return (
      <CodeStep
        email={email}
        marketplaceId={marketplaceId}
        sending={passcode.pending}
        onSignedIn={() => {
          $passCodeToken.set(null);
          onConfirmed();
        }}
        onResend={() => passcode.send(email)}
      />
    );
  }
  return (
    <Stack gap="4">
      <Text role="alert" fontWeight="semibold">
        {reason}
      </Text>
      <Text>
        We'll send a 6-digit code to <strong>{email}</strong>. Your password is set once you enter it.
      </Text>
      <Flex gap="3" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          ref={emailMe}
          type="button"
          loading={passcode.pending}
          loadingText="Sending code"
          onClick={async () => setSent(await passcode.send(email))}
        >
          Email me a code
        </Button>
      </Flex>
    </Stack>
  );
}

/** A new password and its confirmation, with what makes a good one. */
function NewPasswordFields({
  form,
}: {
  form: {
    values: { password: string; confirmPassword: string };
    errors: { password?: string; confirmPassword?: string };
    setValue: (name: 'password' | 'confirmPassword', value: string) => void;
  };
}) {
  return (
    <>
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        hint={NEW_PASSWORD_HINT}
        value={form.values.password}
        error={form.errors.password}
        onChange={(value) => form.setValue('password', value)}
      />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        value={form.values.confirmPassword}
        error={form.errors.confirmPassword}
        onChange={(value) => form.setValue('confirmPassword', value)}
      />
    </>
  );
}

function PasswordField({
  label,
  autoComplete,
  hint,
  value,
  error,
  onChange,
}: {
  label: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Input
        type="password"
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && !error && <Field.HelperText>{hint}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** The account's address, for password managers to save the new password under (not shown). */
function UsernameForManagers({ email }: { email: string }) {
  return <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />;
}

/** The end of both forms: what happens to other devices, then the form's error and its actions. */
function FormEnd(props: ComponentProps<typeof FormActions>) {
  return (
    <>
      <Text color="fg.muted" fontSize="sm">
        {OTHER_DEVICES}
      </Text>
      <FormActions {...props} />
    </>
  );
}

/** The server's refusal of a new password (too short, too long, too easy to guess) shows under it. */
function fieldOf(error: unknown): 'password' | null {
  return errorCode(error) === 'BAD_USER_INPUT' ? 'password' : null;
}

/** Tells the dialog while a change is being sent, so it is not closed halfway. */
function useBusy(pending: boolean, onBusy: (busy: boolean) => void) {
  useEffect(() => {
    onBusy(pending);
    return () => onBusy(false);
  }, [pending, onBusy]);
}
