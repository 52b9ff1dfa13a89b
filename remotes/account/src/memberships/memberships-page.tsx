import { errorCode, errorMessage, useMarketplace } from '@atrium/graphql-client';
import {
  type HeldMembership,
  useMembershipPlans,
  useViewerMemberships,
} from '@atrium/graphql-client/memberships';
import { Link as RouterLink, useLocation, useSearchParams } from '@atrium/navigation';
import { $accountTab, $mgId, $user, emit, syncViewer } from '@atrium/stores';
import {
  Alert,
  Badge,
  Button,
  Card,
  Flex,
  Link,
  PageHeading,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@atrium/ui';
import { Modal } from '@atrium/ui/overlays';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { displayDate } from '../profile/profile-rules';
import { ProfileTabs, type TabDefinition } from '../profile/profile-tabs';
import { ADD_PAYMENT_METHOD, NO_MEMBERSHIPS } from '../shared/messages';
import { MembershipCard } from './membership-card';
import {
  backLink,
  balanceBadgeText,
  itemsOfPackage,
  type MembershipsTab,
  membershipCardState,
  pointsText,
  tabFromQuery,
} from './membership-rules';
import { PackageCard } from './package-card';
import { useMembershipActions } from './use-membership-actions';

const TABS: readonly TabDefinition<MembershipsTab>[] = [
  { value: 'memberships', label: 'Memberships' },
  { value: 'packages', label: 'Packages' },
];

/**
 * /memberships (spec 2): the marketplace's memberships and packages in tabs chosen by q, a back
 * button chosen by prev, and — signed in — the client's memberships, points and balance badge.
 * Plans are listed to everyone; buying needs a session (sign-in opens) and a primary saved card.
 */
export function MembershipsPage({ marketplaceId }: { marketplaceId: string }) {
  const [params, setParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const tab = tabFromQuery(params.get('q'));
  const back = backLink(marketplaceId, params.get('prev'));

  const user = useStore($user);
  const storedMgId = useStore($mgId);
  const marketplace = useMarketplace(marketplaceId).data;
  const mgId = marketplace?.mgId ?? storedMgId ?? '';
  const plans = useMembershipPlans(marketplaceId);
  const holdings = useViewerMemberships(user ? mgId : null, marketplaceId);
  const unauthenticated = holdings.isError && errorCode(holdings.error) === 'UNAUTHENTICATED';
  const signedIn = Boolean(user) && !unauthenticated;
  const viewer = signedIn ? holdings.data : undefined;

  // The server no longer knows the session: the shell's user is forgotten (the header follows).
  useEffect(() => {
    if (unauthenticated) syncViewer(null);
  }, [unauthenticated]);

  const returnTo = `${pathname}${search}`;
  const actions = useMembershipActions({
    marketplaceId,
    signedIn,
    primaryInstrumentId: viewer?.primaryInstrumentId,
    returnTo,
    loading: signedIn && holdings.isPending,
  });
  const [cancelling, setCancelling] = useState<HeldMembership | null>(null);
  // The dialog's body stays a moment after closing (spec 2): it keeps naming the membership meanwhile.
  const lastCancelling = useRef<HeldMembership | null>(null);
  if (cancelling) lastCancelling.current = cancelling;

  const categories = useMemo(
    () => new Map((marketplace?.categories ?? []).map((category) => [category.id, category.name])),
    [marketplace],
  );

  const selectTab = (next: MembershipsTab) => {
    const query = new URLSearchParams(params);
    query.set('q', next);
    setParams(query, { replace: true });
  };

  const memberships = viewer?.memberships ?? [];
  const activeMembership = memberships.find((membership) => membership.status === 'Active');

  let list: React.ReactNode;
  if (plans.isError) {
    list = (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{errorMessage(plans.error, 'marketplace')}</Alert.Title>
        </Alert.Content>
        <Button size="sm" variant="outline" onClick={() => plans.refetch()}>
          Try again
        </Button>
      </Alert.Root>
    );
  } else if (!plans.data) {
    list = (
      <Stack gap="4" role="status" aria-label="Loading memberships">
        <Skeleton height="40" />
        <Skeleton height="40" />
      </Stack>
    );
  } else if (
    tab === 'memberships' ? plans.data.membershipDefinitions.length === 0 : plans.data.packages.length === 0
  ) {
    list = (
      <Card.Root>
        <Card.Body>
          <Text color="fg.muted">{NO_MEMBERSHIPS}</Text>
        </Card.Body>
      </Card.Root>
    );
  } else if (tab === 'memberships') {
    list = (
      <Stack as="ul" gap="4" listStyleType="none" aria-label="Memberships">
        {plans.data.membershipDefinitions.map((definition) => (
          <MembershipCard
            key={definition.id}
            definition={definition}
            state={membershipCardState(definition.id, memberships)}
            categories={categories}
            actions={actions}
            activeElsewhere={Boolean(
              activeMembership && activeMembership.membershipDefinitionId !== definition.id,
            )}
            onCancel={(id) => setCancelling(memberships.find((membership) => membership.id === id) ?? null)}
          />
        ))}
      </Stack>
    );
  } else {
    list = (
      <Stack as="ul" gap="4" listStyleType="none" aria-label="Packages">
        {plans.data.packages.map((pkg) => (
          <PackageCard
            key={pkg.id}
            pkg={pkg}
            items={itemsOfPackage(pkg, viewer?.packageItems ?? [])}
            categories={categories}
            actions={actions}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="4" maxW="4xl">
      <Link asChild color="brand.fg" fontWeight="medium" alignSelf="start">
        <RouterLink to={back.to}>
          <span aria-hidden="true">← </span>
          {back.label}
        </RouterLink>
      </Link>
      <Flex align="center" justify="space-between" gap="3" wrap="wrap">
        <PageHeading mb="0">Memberships & Packages</PageHeading>
        {signedIn && (
          <Badge
            size="lg"
            variant={viewer?.membershipBalance ? 'solid' : 'outline'}
            colorPalette={viewer?.membershipBalance ? 'green' : 'gray'}
          >
            <VisuallyHidden>Membership balance: </VisuallyHidden>
            <span data-testid="membership-balance">
              {balanceBadgeText({ loading: holdings.isPending, balance: viewer?.membershipBalance })}
            </span>
          </Badge>
        )}
      </Flex>
      {!signedIn && <SignedOut returnTo={returnTo} />}
      {signedIn && holdings.isError && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{errorMessage(holdings.error, 'user')}</Alert.Title>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => holdings.refetch()}>
            Try again
          </Button>
        </Alert.Root>
      )}
      {viewer && !viewer.primaryInstrumentId && (
        <Card.Root as="section" aria-label="Payment method needed" variant="subtle">
          <Card.Body gap="2" alignItems="start">
            <Text>{ADD_PAYMENT_METHOD}</Text>
            <Link asChild color="brand.fg" fontWeight="medium">
              <RouterLink to={`/${marketplaceId}/profile`} onClick={() => $accountTab.set('wallet')}>
                Add a card in your wallet
              </RouterLink>
            </Link>
          </Card.Body>
        </Card.Root>
      )}
      <ProfileTabs label="Memberships and packages" tabs={TABS} value={tab} onChange={selectTab}>
        <Stack gap="4">
          {tab === 'packages' && viewer && viewer.packageBalance.totalPoints > 0 && (
            <Text>
              Points balance: {viewer.packageBalance.balance} of{' '}
              {pointsText(viewer.packageBalance.totalPoints)} left
            </Text>
          )}
          {list}
        </Stack>
      </ProfileTabs>
      <Modal
        open={cancelling !== null}
        onClose={() => !actions.busy && setCancelling(null)}
        role="alertdialog"
        title="Cancel membership"
        footer={
          <Flex gap="3" w="full" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
            <Button variant="outline" onClick={() => setCancelling(null)} disabled={actions.busy}>
              Keep membership
            </Button>
            <Button
              colorPalette="red"
              loading={actions.pending?.action === 'cancel'}
              loadingText="Cancel membership"
              onClick={() =>
                cancelling &&
                actions.cancelMembership(cancelling.id, { onSettled: () => setCancelling(null) })
              }
            >
              Cancel membership
            </Button>
          </Flex>
        }
      >
        <Text>
          {lastCancelling.current &&
            `Cancel ${lastCancelling.current.membershipDefinition.name}? There are no further charges, and its benefits stay until ${displayDate(lastCancelling.current.renewalDate) ?? lastCancelling.current.renewalDate}.`}
        </Text>
      </Modal>
    </Stack>
  );
}

/**
 * Signed out: the plans stay in view (no dialog opens by itself over them); signing in — from here
 * or from a Purchase button — returns to this page.
 */
function SignedOut({ returnTo }: { returnTo: string }) {
  return (
    <Card.Root>
      <Card.Body gap="3" alignItems="start">
        <Text>Sign in to buy a membership or package and see your points.</Text>
        <Button onClick={() => emit('sign-in:open', { redirectTo: returnTo })}>Sign in</Button>
      </Card.Body>
    </Card.Root>
  );
}
