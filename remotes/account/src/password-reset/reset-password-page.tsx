import { useResetPasswordByToken } from '@atrium/graphql-client/identity';
import { useNavigate, useSearchParams } from '@atrium/navigation';
import { Button, Flex, PageHeading, Stack, Text } from '@atrium/ui';
import { Field, Input } from '@atrium/ui/forms';
import { Modal } from '@atrium/ui/overlays';
import { type FormEvent, useRef, useState } from 'react';
import { useLinkMarketplace } from '../shared/link-marketplace';
import { PASSWORD_RESET, RESET_FAILED } from '../shared/messages';
import { notify, serverMessageOr } from '../shared/notify';
import { PageProblem } from '../shared/page-problem';
import {
  type ResetPasswordErrors,
  type ResetPasswordValues,
  validateResetPassword,
} from './reset-password-rules';

/**
 * /reset-password?token=&marketplace= (or &mg=, spec 2): a dialog titled Confirm Information with New
 * Password, Confirm Password and Reset Password, for the group of the marketplace the link names
 * (or the group it names; the stored one for links that name neither), in any browser. Nothing is
 * sent while the form has an error; success shows 'Password reset successfully' and goes to /, as
 * Cancel and closing do (/ leads to the link's marketplace, stored when the page opened).
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { mgId, pending } = useLinkMarketplace();
  const navigate = useNavigate();
  const reset = useResetPasswordByToken();
  const [values, setValues] = useState<ResetPasswordValues>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<ResetPasswordErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const password = useRef<HTMLInputElement>(null);
  const confirmPassword = useRef<HTMLInputElement>(null);

  const leave = () => navigate('/');

  if (!token) {
    return (
      <>
        <PageHeading>Reset Password</PageHeading>
        <PageProblem message="This password reset link is incomplete. Please open the link from your email again." />
      </>
    );
  }

  const change = (field: keyof ResetPasswordValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setFailure(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateResetPassword(values);
    setErrors(found);
    if (found.password) return password.current?.focus();
    if (found.confirmPassword) return confirmPassword.current?.focus();
    if (pending) return;
    if (!mgId) {
      return setFailure(
        'We could not tell which marketplace this link is for. Please request a new password reset email.',
      );
    }
    reset.mutate(
      { webOriginUrl: window.location.origin, password: values.password, token, mgId },
      {
        onSuccess: () => {
          notify('success', PASSWORD_RESET);
          navigate('/');
        },
        onError: (error) => setFailure(serverMessageOr(error, RESET_FAILED)),
      },
    );
  };

  return (
    <>
      <PageHeading>Reset Password</PageHeading>
      <Modal open onClose={leave} title="Confirm Information">
        <form noValidate onSubmit={submit}>
          <Stack gap="4">
            <Field.Root invalid={Boolean(errors.password)}>
              <Field.Label>New Password</Field.Label>
              <Input
                ref={password}
                type="password"
                autoComplete="new-password"
                value={values.password}
                onChange={(event) => change('password', event.target.value)}
              />
              <Field.ErrorText>{errors.password}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.confirmPassword)}>
              <Field.Label>Confirm Password</Field.Label>
              <Input
                ref={confirmPassword}
                type="password"
                autoComplete="new-password"
                value={values.confirmPassword}
                onChange={(event) => change('confirmPassword', event.target.value)}
              />
              <Field.ErrorText>{errors.confirmPassword}</Field.ErrorText>
            </Field.Root>
            {failure && (
              <Text role="alert" color="fg.error">
                {failure}
              </Text>
            )}
            <Flex gap="3" justify="flex-end">
              <Button type="button" variant="outline" onClick={leave}>
                Cancel
              </Button>
              <Button type="submit" loading={reset.isPending || pending} loadingText="Reset Password">
                Reset Password
              </Button>
            </Flex>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
