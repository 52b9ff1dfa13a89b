import { resetPasswordForm } from '@atrium/domain';
import { useResetPasswordByToken } from '@atrium/graphql-client/identity';
import { useNavigate, useSearchParams } from '@atrium/navigation';
import { Button, Flex, PageHeading, Stack, Text } from '@atrium/ui';
import { Field, focusFirstInvalid, Input, useForm } from '@atrium/ui/forms';
import { Modal } from '@atrium/ui/overlays';
import type { FormEvent } from 'react';
import { useLinkMarketplace } from '../shared/link-marketplace';
import { PASSWORD_RESET, RESET_FAILED } from '../shared/messages';
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
  return (
    <>
      <PageHeading>Reset Password</PageHeading>
      <Modal open onClose={leave} title="Confirm Information">
        <ResetPasswordForm token={token} onCancel={leave} onDone={leave} />
      </Modal>
    </>
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
