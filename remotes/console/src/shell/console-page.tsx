import { errorMessage, useMarketplace } from '@atrium/graphql-client';
import { useStaffViewer } from '@atrium/graphql-client/staff';
import { useLocation } from '@atrium/navigation';
import { $user, emit } from '@atrium/stores';
import { Alert, Button, Center, PageHeading, Spinner, Stack, Text } from '@atrium/ui';
import { useStore } from '@nanostores/react';
import { ConsoleShell } from './console-shell';
import { consoleStaffOf } from './console-staff';
import { useSignOut } from './use-sign-out';

/**
 * The staff gate: signed out, a page asking to sign in (the clients' sign-in dialog); signed in but
 * not on this marketplace's staff, a page saying so with a sign-out; staff, the console.
 */
export function ConsolePage({ marketplaceId }: { marketplaceId: string }) {
  const user = useStore($user);
  const marketplace = useMarketplace(marketplaceId);
  const staff = useStaffViewer(marketplaceId, user?.id ?? null);
  const marketplaceName = marketplace.data?.name ?? 'this marketplace';

  if (!user) return <SignInPrompt marketplaceName={marketplaceName} />;
  if (staff.isPending) {
    return (
      <Center py="16">
        <Spinner size="lg" role="status" aria-label="Loading the console" />
      </Center>
    );
  }
  if (staff.isError) {
    return (
      <Stack gap="4">
        <PageHeading>Console</PageHeading>
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(staff.error)}</Alert.Title>
        </Alert.Root>
        <Button alignSelf="start" onClick={() => staff.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  if (!staff.data) return <NotStaffPage marketplaceName={marketplaceName} email={user.email} />;
  return <ConsoleShell marketplaceId={marketplaceId} staff={consoleStaffOf(staff.data)} />;
}

function SignInPrompt({ marketplaceName }: { marketplaceName: string }) {
  const { pathname } = useLocation();
  return (
    <Stack gap="4" maxW="xl">
      <PageHeading>Staff sign-in</PageHeading>
      <Text>Sign in with your staff account to use {marketplaceName}’s console.</Text>
      <Button alignSelf="start" onClick={() => emit('sign-in:open', { redirectTo: pathname })}>
        Sign in
      </Button>
    </Stack>
  );
}

function NotStaffPage({ marketplaceName, email }: { marketplaceName: string; email: string | null }) {
  const { signOut, pending } = useSignOut();
  return (
    <Stack gap="4" maxW="xl">
      <PageHeading>Not on the staff</PageHeading>
      <Text>
        This account{email ? ` (${email})` : ''} is not on {marketplaceName}’s staff. Sign out and sign in
        with your staff account.
      </Text>
      <Button alignSelf="start" variant="outline" loading={pending} onClick={signOut}>
        Sign out
      </Button>
    </Stack>
  );
}
