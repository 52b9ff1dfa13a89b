import { errorCode, errorMessage } from '@atrium/graphql-client';
import {
  type ThirdPartyAuthenticatePayload,
  type ThirdPartyUserData,
  useAppleAuthenticate,
  useAuthProviders,
  useGoogleAuthenticate,
} from '@atrium/graphql-client/identity';
import { useNavigate, useSearchParams } from '@atrium/navigation';
import { $browserConfig } from '@atrium/stores';
import { Center, PageHeading, Spinner, Stack, Text } from '@atrium/ui';
import { useEffect, useRef, useState } from 'react';
import { identifyMarketingUser, thirdPartyIdentity } from '../analytics/marketing-analytics';
import { announceSignIn } from '../shared/announce-sign-in';
import { APPLE_SIGN_IN_FAILED } from '../shared/messages';
import { notify } from '../shared/notify';
import { PageProblem } from '../shared/page-problem';
import { useStoredMarketplace } from '../shared/stored-marketplace';
import { RegistrationDialog } from './registration-dialog';

export type ThirdParty = 'GOOGLE' | 'APPLE';

const NAMES: Record<ThirdParty, string> = { GOOGLE: 'Google', APPLE: 'Apple' };

type Outcome =
  | { kind: 'working' }
  | { kind: 'register'; token: string; userData: ThirdPartyUserData }
  | { kind: 'failed'; message: string };

/**
 * Why a sign-in failed: the server's message for Google; for Apple the spec's message, unless the
 * server refused the sign-in itself (UNAUTHENTICATED: a state it could not verify, a refused code),
 * whose message says what to do.
 */
function failureMessage(provider: ThirdParty, error: unknown): string {
  if (provider === 'GOOGLE') return errorMessage(error, 'googleAuthentication');
  return errorCode(error) === 'UNAUTHENTICATED'
    ? errorMessage(error, 'appleAuthentication')
    : APPLE_SIGN_IN_FAILED;
}

/** Why the callback cannot go on before redeeming anything, or null when it can. */
function missingProblem(
  provider: ThirdParty,
  code: string | null,
  marketplaceId: string,
  providers: ReturnType<typeof useAuthProviders>,
): string | null {
  if (!code) return `The ${NAMES[provider]} sign-in did not come back with a code. Please try again.`;
  if (!marketplaceId) {
    return 'We could not tell which marketplace you were signing in to. Please open its booking page and sign in again.';
  }
  if (providers.isError) return failureMessage(provider, providers.error);
  if (providers.data && !providers.data.some((p) => p.provider === provider)) {
    return `${NAMES[provider]} sign-in is not available.`;
  }
  return null;
}

/**
 * /auth/google/callback and /auth/apple/callback: a full-page loader until the provider's code has
 * been redeemed, which happens at once, with the `state` the provider sent back (the API checks it
 * against the sign-in this browser started, and answers the path that sign-in was started from). A
 * known user is signed in — user data refreshed, identified to the marketing-analytics service,
 * 'Login successful!' — and sent to that path (Google) or the root (Apple); anyone else gets the
 * 'Confirm Information' dialog.
 */
export function ThirdPartyCallback({ provider }: { provider: ThirdParty }) {
  const [params] = useSearchParams();
  const code = params.get('code');
  const { marketplaceId } = useStoredMarketplace();
  const navigate = useNavigate();
  const providers = useAuthProviders(marketplaceId);
  const { outcome, setOutcome, destination } = useRedeemedCode(provider, marketplaceId, providers.data);

  const problem =
    outcome.kind === 'failed' ? outcome.message : missingProblem(provider, code, marketplaceId, providers);
  if (problem) {
    return (
      <>
        <PageHeading>Signing you in</PageHeading>
        <PageProblem message={problem} />
      </>
    );
  }

  return (
    <>
      <PageHeading>Signing you in</PageHeading>
      {outcome.kind === 'register' ? (
        <RegistrationDialog
          marketplaceId={marketplaceId}
          token={outcome.token}
          userData={outcome.userData}
          onSettled={() => navigate(destination, { replace: true })}
          onCancel={() => {
            setOutcome({ kind: 'working' });
            navigate('/', { replace: true });
          }}
        />
      ) : (
        <Center minH="60vh" role="status" aria-live="polite">
          <Stack align="center" gap="3">
            <Spinner size="xl" color="brand.solid" />
            <Text color="fg.muted">Finishing your {NAMES[provider]} sign-in…</Text>
          </Stack>
        </Center>
      )}
    </>
  );
}

/**
 * Redeems the provider's code once the marketplace's providers are known: a known user is signed in
 * and sent on; a new one is to register; a refusal is told. Google goes back to where the sign-in
 * started (the API's checked return path), Apple to the root.
 */
function useRedeemedCode(
  provider: ThirdParty,
  marketplaceId: string,
  providers: ReturnType<typeof useAuthProviders>['data'],
) {
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const iss = params.get('iss');
  const navigate = useNavigate();
  const [destination, setDestination] = useState('/');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const google = useGoogleAuthenticate();
  const apple = useAppleAuthenticate();
  const redeem = provider === 'GOOGLE' ? google.mutate : apple.mutate;
  // A code works once: redeemed at most once per page, whatever re-renders or effect re-runs happen.
  const redeemed = useRef<string | null>(null);

  useEffect(() => {
    const config = providers?.find((p) => p.provider === provider);
    if (!code || !marketplaceId || !config || redeemed.current === code) return;
    redeemed.current = code;
    const signedIn = (result: ThirdPartyAuthenticatePayload) => {
      const payload = result.authenticatePayload;
      const next = provider === 'GOOGLE' ? result.returnPath : '/';
      setDestination(next);
      if (payload) {
        void identifyMarketingUser(thirdPartyIdentity(payload.profile, provider), {
          config: $browserConfig.get().marketingAnalytics,
          marketplaceId,
        });
        announceSignIn(payload);
        navigate(next, { replace: true });
      } else if (result.token && result.userData) {
        setOutcome({ kind: 'register', token: result.token, userData: result.userData });
      } else {
        setOutcome({ kind: 'failed', message: failureMessage(provider, null) });
      }
    };
    const origin = window.location.origin;
    redeem(
      {
        marketplaceId,
        code,
        state,
        iss,
        clientId: config.clientId,
        redirectUrl: `${origin}${config.redirectPath}`,
      },
      {
        onSuccess: signedIn,
        onError: (error) => {
          const message = failureMessage(provider, error);
          notify('error', message);
          setOutcome({ kind: 'failed', message });
        },
      },
    );
  }, [code, state, iss, marketplaceId, providers, provider, redeem, navigate]);

  return { outcome, setOutcome, destination };
}
