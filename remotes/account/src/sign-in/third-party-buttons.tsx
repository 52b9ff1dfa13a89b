import { errorMessage } from '@atrium/graphql-client';
import {
  type AuthProvider,
  useAuthProviders,
  useStartThirdPartySignIn,
} from '@atrium/graphql-client/identity';
import { Button, HStack, Separator, Stack, Text } from '@atrium/ui';
import { useEffect, useState } from 'react';
import { notify } from '../shared/notify';

const LABELS: Record<AuthProvider['provider'], string> = {
  GOOGLE: 'Continue with Google',
  APPLE: 'Continue with Apple',
};
const ORDER: readonly AuthProvider['provider'][] = ['GOOGLE', 'APPLE'];

/**
 * Google and Apple sign-in: a button asks the API to start the sign-in (it keeps the state,
 * nonce and PKCE verifier, bound to this browser, with `returnPath`) and leaves for the authorization
 * URL it answers; the provider sends the browser back to /auth/{google,apple}/callback. Providers the
 * marketplace does not offer are left out.
 */
export function ThirdPartyButtons({
  marketplaceId,
  returnPath,
}: {
  marketplaceId: string;
  returnPath: string;
}) {
  const { data: providers = [] } = useAuthProviders(marketplaceId);
  const start = useStartThirdPartySignIn();
  // Which button is on its way to the provider: it stays busy until the page is left.
  const [leavingFor, setLeavingFor] = useState<AuthProvider['provider'] | null>(null);
  // Back from the provider's page (the browser restores this one from its cache): usable again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setLeavingFor(null);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);
  const offered = ORDER.flatMap((name) => providers.filter((provider) => provider.provider === name));
  if (offered.length === 0) return null;

  const signInWith = (provider: AuthProvider['provider']) => {
    setLeavingFor(provider);
    start.mutate(
      { marketplaceId, provider, returnPath },
      {
        onSuccess: (authorizationUrl) => window.location.assign(authorizationUrl),
        onError: (error) => {
          setLeavingFor(null);
          notify(
            'error',
            errorMessage(error, provider === 'GOOGLE' ? 'googleAuthentication' : 'appleAuthentication'),
          );
        },
      },
    );
  };

  return (
    <Stack gap="3">
      <HStack gap="3" aria-hidden="true">
        <Separator flex="1" />
        <Text color="fg.muted" fontSize="sm">
          or
        </Text>
        <Separator flex="1" />
      </HStack>
      {offered.map((provider) => (
        <Button
          key={provider.provider}
          variant="outline"
          size="lg"
          loading={leavingFor === provider.provider}
          loadingText={LABELS[provider.provider]}
          disabled={leavingFor !== null && leavingFor !== provider.provider}
          onClick={() => signInWith(provider.provider)}
        >
          {LABELS[provider.provider]}
        </Button>
      ))}
    </Stack>
  );
}
