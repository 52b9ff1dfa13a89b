import { errorCode, errorMessage, useMarketplace } from '@atrium/graphql-client';
import { type ProfileViewer, useProfileViewer } from '@atrium/graphql-client/account';
import { useRequestConfirmEmail } from '@atrium/graphql-client/identity';
import {
  $accountTab,
  $alertVerifyEmail,
  $mgId,
  $user,
  type AccountTab,
  emit,
  syncViewer,
} from '@atrium/stores';
import {
  Badge,
  Button,
  Card,
  Flex,
  Heading,
  PageHeading,
  RetryAlert,
  Skeleton,
  Stack,
  Text,
} from '@atrium/ui';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { CONFIRM_EMAIL_WARNING } from '../shared/messages';
import { notify } from '../shared/notify';
import { useFocusOnClose } from '../shared/use-focus-on-close';
import { AccountOverview } from './account-overview';
import { AppointmentsTab } from './appointments-tab';
import { hasActiveMembership } from './membership-info';
import { PasswordSection } from './password-section';
import { PaymentHistory } from './payment-history';
import { ProfileForm } from './profile-form';
import { fullName, hasProfile } from './profile-rules';
import { ProfileSummary } from './profile-summary';
import { ProfileTabs, type TabDefinition } from './profile-tabs';
import { WalletTab } from './wallet-tab';

const TABS: readonly TabDefinition<AccountTab>[] = [
  { value: 'profile', label: 'Profile' },
  { value: 'wallet', label: 'Wallet' },
  { value: 'appointments', label: 'Appointments' },
];

/**
 * /profile: only for a signed-in client with a profile and a confirmed email. Signed out,
 * the sign-in dialog opens (and comes back here); an unconfirmed email raises the pending-email flag
 * (the host shows the verification dialog); without a profile, the client is asked to complete it.
 *
 * Who is signed in is the server's answer, never the remembered user alone: that is wiped when the
 * browser visits another marketplace (the marketplace-id rule) while the group's session cookie
 * stays, and a browser may hold the cookie and nothing else. So the viewer is asked for whether or
 * not a user is remembered, and the page is signed out only when the server says UNAUTHENTICATED or
 * the client signs out on this visit (here, or in another tab).
 */
export function ProfilePage({ marketplaceId }: { marketplaceId: string }) {
  const user = useStore($user);
  const storedMgId = useStore($mgId);
  const mgId = useMarketplace(marketplaceId).data?.mgId ?? storedMgId ?? '';
  const signedOutHere = useSignedOutOnThisVisit(user !== null);
  // Not asked again once the client has signed out here (the server would only refuse).
  const viewer = useProfileViewer(signedOutHere ? null : mgId, marketplaceId);
  const unauthenticated = viewer.isError && errorCode(viewer.error) === 'UNAUTHENTICATED';
  const signedOut = signedOutHere || unauthenticated;
  // The profile was shown on this visit: a sign-out now is a logout, not a reason to open sign-in.
  const wasSignedIn = useRef(false);
  if (viewer.data && !signedOut) wasSignedIn.current = true;
  // Completing the profile replaces the form (and its focused Save) with the profile: focus goes
  // to the client's name heading at its top instead of falling to the page's body.
  const [justCompleted, setJustCompleted] = useState(false);

  useShellFollowsViewer(viewer, user !== null, unauthenticated);

  const emailPending = viewer.data !== undefined && !viewer.data.emailConfirmed;
  useEffect(() => {
    if (emailPending) $alertVerifyEmail.set(true);
  }, [emailPending]);

  let content: React.ReactNode;
  if (signedOut) {
    content = <SignedOut marketplaceId={marketplaceId} autoOpen={!wasSignedIn.current} />;
  } else if (viewer.isError) {
    content = (
      <RetryAlert
        message={errorMessage(viewer.error, 'user')}
        onRetry={() => viewer.refetch()}
        retrying={viewer.isFetching}
      />
    );
  } else if (!viewer.data) {
    content = (
      <Stack gap="4" role="status" aria-label="Loading your profile">
        <Skeleton height="10" width="60%" />
        <Skeleton height="48" />
      </Stack>
    );
  } else if (!viewer.data.emailConfirmed) {
    content = <EmailPending marketplaceId={marketplaceId} email={viewer.data.profile.email} />;
  } else if (!hasProfile(viewer.data.profile)) {
    content = <CompleteProfile viewer={viewer.data} mgId={mgId} onCompleted={() => setJustCompleted(true)} />;
  } else {
    content = (
      <Profile
        viewer={viewer.data}
        mgId={mgId}
        marketplaceId={marketplaceId}
        focusName={justCompleted}
        onNameFocused={() => setJustCompleted(false)}
      />
    );
  }

  return (
    <Stack gap="2" maxW="4xl">
      <PageHeading>My Profile</PageHeading>
      {content}
    </Stack>
  );
}

/**
 * The shell's user follows the server's answer (the header with it): remembered when the session is
 * there, forgotten when the server no longer knows it; and asked again when a user is remembered
 * after the server said no (a sign-in in another tab).
 */
function useShellFollowsViewer(
  viewer: ReturnType<typeof useProfileViewer>,
  remembered: boolean,
  unauthenticated: boolean,
) {
  useEffect(() => {
    if (viewer.data) syncViewer(viewer.data);
  }, [viewer.data]);
  useEffect(() => {
    if (unauthenticated) syncViewer(null);
  }, [unauthenticated]);
  // Joins a request already under way. Read from the store, not the render, so the user forgotten
  // just above is not taken for one who signed in.
  const { refetch } = viewer;
  useEffect(() => {
    if (remembered && unauthenticated && $user.get()) void refetch({ cancelRefetch: false });
  }, [remembered, unauthenticated, refetch]);
}

/**
 * Whether a remembered user was dropped while this page showed (a logout here or in another tab, or
 * the session found ended): true from then until a user is remembered again. A page opened with no
 * remembered user is not signed out by that alone.
 */
function useSignedOutOnThisVisit(remembered: boolean): boolean {
  const previous = useRef(remembered);
  const dropped = useRef(false);
  if (remembered) dropped.current = false;
  else if (previous.current) dropped.current = true;
  previous.current = remembered;
  return dropped.current;
}

function Profile({
  viewer,
  mgId,
  marketplaceId,
  focusName = false,
  onNameFocused,
}: {
  viewer: ProfileViewer;
  mgId: string;
  marketplaceId: string;
  /** Shown in place of the completed profile form: the name heading takes focus. */
  focusName?: boolean;
  onNameFocused?: () => void;
}) {
  const tab = useStore($accountTab);
  const [editing, setEditing] = useState(false);
  const editButton = useFocusOnClose<HTMLButtonElement>(editing);
  const active = hasActiveMembership(viewer.memberships);
  const name = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusName) return;
    name.current?.focus();
    onNameFocused?.();
  }, [focusName, onNameFocused]);
  return (
    <Stack gap="6">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading as="h2" size="xl" ref={name} tabIndex={-1} outline="none">
          {fullName(viewer.profile)}
        </Heading>
        <Badge
          data-active={active}
          colorPalette={active ? 'green' : 'gray'}
          variant={active ? 'solid' : 'outline'}
          size="lg"
        >
          {active ? 'Active Member' : 'No Active Membership'}
        </Badge>
      </Flex>
      <ProfileTabs label="Your account" tabs={TABS} value={tab} onChange={(next) => $accountTab.set(next)}>
        {tab === 'profile' && (
          <Stack gap="6">
            {editing ? (
              <ProfileForm
                viewer={viewer}
                mgId={mgId}
                onSaved={() => setEditing(false)}
                onCancel={() => setEditing(false)}
              />
            ) : (
              <ProfileSummary profile={viewer.profile} onEdit={() => setEditing(true)} editRef={editButton} />
            )}
            <PasswordSection viewer={viewer} marketplaceId={marketplaceId} mgId={mgId} />
            <AccountOverview viewer={viewer} marketplaceId={marketplaceId} />
          </Stack>
        )}
        {tab === 'wallet' && <WalletTab viewer={viewer} />}
        {tab === 'wallet' && <PaymentHistory marketplaceId={marketplaceId} />}
        {tab === 'appointments' && <AppointmentsTab marketplaceId={marketplaceId} />}
      </ProfileTabs>
    </Stack>
  );
}

/**
 * Signed out: the sign-in dialog opens by itself (and returns here after signing in) — unless the
 * client was signed in on this visit and has just logged out, on their way to the root page.
 */
function SignedOut({ marketplaceId, autoOpen }: { marketplaceId: string; autoOpen: boolean }) {
  const redirectTo = `/${marketplaceId}/profile`;
  useEffect(() => {
    if (autoOpen) emit('sign-in:open', { redirectTo });
  }, [autoOpen, redirectTo]);
  return (
    <Card.Root>
      <Card.Body gap="3" alignItems="start">
        <Text>Sign in to see your profile, saved cards and appointments.</Text>
        <Button onClick={() => emit('sign-in:open', { redirectTo })}>Sign in</Button>
      </Card.Body>
    </Card.Root>
  );
}

/** The profile needs a confirmed email; the host's pending-email dialog is raised too. */
function EmailPending({ marketplaceId, email }: { marketplaceId: string; email: string }) {
  const send = useRequestConfirmEmail();
  return (
    <Card.Root>
      <Card.Body gap="3" alignItems="start">
        <Text fontWeight="semibold">{CONFIRM_EMAIL_WARNING}</Text>
        <Text color="fg.muted">
          Open the link we emailed to {email} to see your profile, saved cards and appointments.
        </Text>
        <Button
          loading={send.isPending}
          loadingText="Send Email"
          onClick={() =>
            send.mutate(marketplaceId, {
              onSuccess: () => notify('success', `We sent a confirmation link to ${email}.`),
              onError: (error) => notify('error', errorMessage(error, 'requestEmailConfirmation')),
            })
          }
        >
          Send Email
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

/** The profile is shown once there is one; a client without one is asked to complete it. */
function CompleteProfile({
  viewer,
  mgId,
  onCompleted,
}: {
  viewer: ProfileViewer;
  mgId: string;
  onCompleted: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const completeButton = useFocusOnClose<HTMLButtonElement>(editing);
  if (editing) {
    return (
      <ProfileForm
        viewer={viewer}
        mgId={mgId}
        title="Complete your profile"
        onSaved={() => {
          onCompleted();
          setEditing(false);
        }}
        onCancel={() => setEditing(false)}
      />
    );
  }
  return (
    <Card.Root>
      <Card.Body gap="3" alignItems="start">
        <Text fontWeight="semibold">Your profile is not complete yet.</Text>
        <Text color="fg.muted">Add your name and contact details to see your wallet and appointments.</Text>
        <Button ref={completeButton} onClick={() => setEditing(true)}>
          Complete Profile
        </Button>
      </Card.Body>
    </Card.Root>
  );
}
