import { errorMessage } from '@atrium/graphql-client';
import { useConfirmEmail } from '@atrium/graphql-client/identity';
import { useNavigate, useSearchParams } from '@atrium/navigation';
import { $alertVerifyEmail } from '@atrium/stores';
import { Center, PageHeading, Spinner, Stack, Text } from '@atrium/ui';
import { useEffect, useRef, useState } from 'react';
import { EMAIL_CONFIRMED } from '../shared/messages';
import { notify } from '../shared/notify';
import { PageProblem } from '../shared/page-problem';
import { useStoredMarketplace } from '../shared/stored-marketplace';

/**
 * /confirm-email?token= (spec 2): confirms the email the link was sent to, then 'Email confirmed
 * successfully!', user and marketplace data refreshed (the hook's part), and the stored
 * marketplace's profile. A bad link gets a clear message.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { marketplaceId } = useStoredMarketplace();
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
          navigate(`/${marketplaceId}/profile`, { replace: true });
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
        ? 'We could not tell which marketplace this link is for. Please open it in the browser you booked with.'
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
