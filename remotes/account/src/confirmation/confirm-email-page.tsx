import { errorMessage } from '@atrium/graphql-client';
import { useConfirmEmail } from '@atrium/graphql-client/identity';
import { useNavigate, useSearchParams } from '@atrium/navigation';
import { $alertVerifyEmail, $user } from '@atrium/stores';
import { Center, PageHeading, Spinner, Stack, Text } from '@atrium/ui';
import { useEffect, useRef, useState } from 'react';
import { useLinkMarketplace } from '../shared/link-marketplace';
import { EMAIL_CONFIRMED } from '../shared/messages';
import { notify } from '../shared/notify';
import { PageProblem } from '../shared/page-problem';

/**
 * /confirm-email?token=&marketplace=: confirms the email the link was sent to, for the
 * marketplace the link names (the stored one for links that name none), in any browser. Then 'Email
 * confirmed successfully!', user and marketplace data refreshed (the hook's part), and the
 * marketplace: its profile for a client signed in here, else its home page (a link opened on
 * another device is usually not signed in). A bad link gets a clear message.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { marketplaceId } = useLinkMarketplace();
  const navigate = useNavigate();
  const { mutate } = useConfirmEmail();
  const [failure, setFailure] = useState<string | null>(null);
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!token || !marketplaceId || sent.current === token) return;
    sent.current = token;
    mutate(
      { marketplaceId, token },
      {
        onSuccess: () => {
          $alertVerifyEmail.set(false);
          notify('success', EMAIL_CONFIRMED);
          navigate($user.get() ? `/${marketplaceId}/profile` : `/${marketplaceId}`, { replace: true });
        },
        onError: (error) => setFailure(errorMessage(error, 'confirmEmail')),
      },
    );
  }, [token, marketplaceId, mutate, navigate]);

  const problem =
    failure ??
    (!token
      ? 'This confirmation link is incomplete. Please open the link from your email again.'
      : !marketplaceId
        ? 'We could not tell which marketplace this link is for. Please request a new confirmation email.'
        : null);

  return (
    <Stack gap="4">
      <PageHeading>Confirm Email</PageHeading>
      {problem ? (
        <PageProblem message={problem} />
      ) : (
        <Center py="12" role="status" aria-live="polite">
          <Stack align="center" gap="3">
            <Spinner size="lg" color="brand.solid" />
            <Text color="fg.muted">Confirming your email address…</Text>
          </Stack>
        </Center>
      )}
    </Stack>
  );
}
