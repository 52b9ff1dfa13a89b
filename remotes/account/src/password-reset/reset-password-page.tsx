import { resetPasswordForm, signInEmail } from '@atrium/domain';
import {
  usePasswordResetLinkUsable,
  useRequestResetPassword,
  useResetPasswordByToken,
} from '@atrium/graphql-client/identity';
import { useNavigate, useSearchParams } from '@atrium/navigation';
import { $userEmail } from '@atrium/stores';
import { Alert, Button, Flex, PageHeading, Stack, Text } from '@atrium/ui';
import { Field, focusFirstInvalid, Input, useForm } from '@atrium/ui/forms';
import { Modal } from '@atrium/ui/overlays';
import { useStore } from '@nanostores/react';
import { type FormEvent, useState } from 'react';
import { useLinkMarketplace } from '../shared/link-marketplace';
import {
  PASSWORD_RESET,
  RESET_FAILED,
  RESET_LINK_DEAD,
  RESET_REQUEST_FAILED,
  resetLinkSent,
} from '../shared/messages';
import { notify, serverMessageOr } from '../shared/notify';
import { PageProblem } from '../shared/page-problem';

/**
 * /reset-password?token=&marketplace= (or &mg=): a dialog titled Confirm Information with New
 * Password, Confirm Password and Reset Password, for the group of the marketplace the link names
 * (or the group it names; the stored one for links that name neither), in any browser. Nothing is
 * sent while the form has an error; success shows 'Password reset successfully' and goes to /, as
 * Cancel and closing do (/ leads to the link's marketplace, stored when the page opened).
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const leave = () => navigate('/');

  if (!token) {
    return (
      <>
        <PageHeading>Reset Password</PageHeading>
        <PageProblem message="This password reset link is incomplete. Please open the link from your email again." />
      </>
    );
  }
  return <ResetPasswordLink token={token} leave={leave} />;
}

/** The form, once the link is known to work (or could not be checked); a dead link says so first. */
function ResetPasswordLink({ token, leave }: { token: string; leave: () => void }) {
  const link = useLinkMarketplace();
  const usable = usePasswordResetLinkUsable(token, link.mgId);
  return (
    <>
      <PageHeading>Reset Password</PageHeading>
      {usable.data === false ? (
        <DeadResetLink marketplaceId={link.marketplaceId} mgId={link.mgId} onLeave={leave} />
      ) : (
        <Modal open onClose={leave} title="Confirm Information">
          <ResetPasswordForm token={token} onCancel={leave} onDone={leave} />
        </Modal>
      )}
    </>
  );
}

/** A used or expired link: said before anything is typed, with a new link a click away. */
function DeadResetLink({
  marketplaceId,
  mgId,
  onLeave,
}: {
  marketplaceId: string;
  mgId: string;
  onLeave: () => void;
}) {
  const [email, setEmail] = useState(useStore($userEmail) ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const requestReset = useRequestResetPassword();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = signInEmail.safeParse(email);
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? '');
    setProblem(null);
    requestReset.mutate(
      {
        webOriginUrl: window.location.origin,
        email: checked.data,
        mgId,
        marketplaceId: marketplaceId || null,
      },
      {
        onSuccess: () => setSentTo(checked.data),
        onError: (failure) => setProblem(serverMessageOr(failure, RESET_REQUEST_FAILED)),
      },
    );
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="4" maxW="md">
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{RESET_LINK_DEAD}</Alert.Title>
        </Alert.Root>
        {sentTo ? (
          <Text role="status">{resetLinkSent(sentTo)}</Text>
        ) : (
          <>
            <Field.Root invalid={problem !== null}>
              <Field.Label>Email</Field.Label>
              <Input
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
              <Field.ErrorText>{problem}</Field.ErrorText>
            </Field.Root>
            <Flex gap="3" wrap="wrap">
              <Button type="submit" loading={requestReset.isPending} disabled={!mgId}>
                Email me a new link
              </Button>
              <Button type="button" variant="outline" onClick={onLeave}>
                Back to home
              </Button>
            </Flex>
          </>
        )}
      </Stack>
    </form>
  );
}

function ResetPasswordForm({
  token,
  onCancel,
  onDone,
}: {
  token: string;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { mgId, pending } = useLinkMarketplace();
  const reset = useResetPasswordByToken();
  const form = useForm(resetPasswordForm, { password: '', confirmPassword: '' });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = form.validate();
    if (!valid) return focusFirstInvalid(event.currentTarget);
    if (pending) return;
    if (!mgId) {
      return form.setError(
        null,
        'We could not tell which marketplace this link is for. Please request a new password reset email.',
      );
    }
    reset.mutate(
      { webOriginUrl: window.location.origin, password: valid.password, token, mgId },
      {
        onSuccess: () => {
          notify('success', PASSWORD_RESET);
          onDone();
        },
        onError: (error) => form.setError(null, serverMessageOr(error, RESET_FAILED)),
      },
    );
  };

  const password = (name: 'password' | 'confirmPassword', label: string) => (
    <Field.Root invalid={Boolean(form.errors[name])}>
      <Field.Label>{label}</Field.Label>
      <Input
        type="password"
        autoComplete="new-password"
        value={form.values[name]}
        onChange={(event) => form.setValue(name, event.target.value)}
      />
      <Field.ErrorText>{form.errors[name]}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="4">
        {password('password', 'New Password')}
        {password('confirmPassword', 'Confirm Password')}
        {form.formError && (
          <Text role="alert" color="fg.error">
            {form.formError}
          </Text>
        )}
        <Flex gap="3" justify="flex-end">
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={reset.isPending || pending} loadingText="Reset Password">
            Reset Password
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}
