import { type AuthProvider, useAuthProviders } from '@atrium/graphql-client/identity';
import { Button, HStack, Separator, Stack, Text } from '@atrium/ui';
import { authorizationUrl } from '../third-party/authorization-url';

const LABELS: Record<AuthProvider['provider'], string> = {
  GOOGLE: 'Continue with Google',
  APPLE: 'Continue with Apple',
};
const ORDER: readonly AuthProvider['provider'][] = ['GOOGLE', 'APPLE'];

/**
 * Google and Apple sign-in (spec 2): each button leaves for the provider's authorization page, which
 * sends the browser back to /auth/{google,apple}/callback with a code and, as state, `returnPath`.
 * Providers the marketplace does not offer are left out.
 */
export function ThirdPartyButtons({
  marketplaceId,
  returnPath,
}: {
  marketplaceId: string;
  returnPath: string;
}) {
  const { data: providers = [] } = useAuthProviders(marketplaceId);
  const offered = ORDER.flatMap((name) => providers.filter((provider) => provider.provider === name));
  if (offered.length === 0) return null;
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
          onClick={() =>
            window.location.assign(authorizationUrl(provider, window.location.origin, returnPath))
          }
        >
          {LABELS[provider.provider]}
        </Button>
      ))}
    </Stack>
  );
}
