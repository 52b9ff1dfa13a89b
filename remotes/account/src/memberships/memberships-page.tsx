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
import { useEffect, useMemo } from 'react';
import { displayDate } from '../profile/profile-rules';
import { ProfileTabs, type TabDefinition } from '../profile/profile-tabs';
import { ADD_PAYMENT_METHOD, NO_MEMBERSHIPS } from '../shared/messages';
import { useDialogSubject } from '../shared/use-dialog-subject';
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
import { type MembershipActions, useMembershipActions } from './use-membership-actions';

const TABS: readonly TabDefinition<MembershipsTab>[] = [
  { value: 'memberships', label: 'Memberships' },
  { value: 'packages', label: 'Packages' },
];

/**
 * /memberships: the marketplace's memberships and packages in tabs chosen by q, a back button chosen
 * by prev, and — signed in — the client's memberships, points and balance badge. Plans are listed to
 * everyone; buying needs a session (sign-in opens) and a primary saved card.
 */
export function MembershipsPage({ marketplaceId }: { marketplaceId: string }) {
  const [params, setParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const tab = tabFromQuery(params.get('q'));
  const back = backLink(marketplaceId, params.get('prev'));
  const holdings = useHoldings(marketplaceId);
  const { signedIn, viewer } = holdings;
  const returnTo = `${pathname}${search}`;
  const actions = useMembershipActions({
    marketplaceId,
    signedIn,
    primaryInstrumentId: viewer?.primaryInstrumentId,
    returnTo,
    loading: signedIn && holdings.query.isPending,
  });
  const cancelling = useDialogSubject<HeldMembership>();

  const selectTab = (next: MembershipsTab) => {
    const query = new URLSearchParams(params);
    query.set('q', next);
    setParams(query, { replace: true });
  };

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
        {signedIn && <BalanceBadge loading={holdings.query.isPending} balance={viewer?.membershipBalance} />}
      </Flex>
      {!signedIn && <SignedOut returnTo={returnTo} />}
      {signedIn && holdings.query.isError && (
        <RetryAlert
          message={errorMessage(holdings.query.error, 'user')}
          onRetry={() => holdings.query.refetch()}
        />
      )}
      {viewer && !viewer.primaryInstrumentId && <PaymentMethodNeeded marketplaceId={marketplaceId} />}
      <ProfileTabs label="Memberships and packages" tabs={TABS} value={tab} onChange={selectTab}>
        <Stack gap="4">
          {tab === 'packages' && viewer && viewer.packageBalance.totalPoints > 0 && (
            <Text>
              Points balance: {viewer.packageBalance.balance} of{' '}
              {pointsText(viewer.packageBalance.totalPoints)} left
            </Text>
          )}
          <PlanList
            marketplaceId={marketplaceId}
            tab={tab}
            viewer={viewer}
            actions={actions}
            onCancel={(membership) => cancelling.show(membership)}
          />
        </Stack>
      </ProfileTabs>
      <CancelMembershipDialog cancelling={cancelling} actions={actions} />
    </Stack>
  );
}

/**
 * The signed-in client's memberships, packages and balance. When the server no longer knows the
 * session, the shell's user is forgotten (the header follows) and the page shows signed out.
 */
function useHoldings(marketplaceId: string) {
  const user = useStore($user);
  const storedMgId = useStore($mgId);
  const mgId = useMarketplace(marketplaceId).data?.mgId ?? storedMgId ?? '';
  const query = useViewerMemberships(user ? mgId : null, marketplaceId);
  const unauthenticated = query.isError && errorCode(query.error) === 'UNAUTHENTICATED';
  const signedIn = Boolean(user) && !unauthenticated;
  useEffect(() => {
    if (unauthenticated) syncViewer(null);
  }, [unauthenticated]);
  return { query, signedIn, viewer: signedIn ? query.data : undefined };
}

type Viewer = ReturnType<typeof useHoldings>['viewer'];

interface PlanListProps {
  marketplaceId: string;
  tab: MembershipsTab;
  viewer: Viewer;
  actions: MembershipActions;
  onCancel: (membership: HeldMembership) => void;
}

/** The tab's plans (memberships or packages), each with what the client holds of it. */
function PlanList({ marketplaceId, tab, viewer, actions, onCancel }: PlanListProps) {
  const plans = useMembershipPlans(marketplaceId);
  const marketplace = useMarketplace(marketplaceId).data;
  const categories = useMemo(
    () => new Map((marketplace?.categories ?? []).map((category) => [category.id, category.name])),
    [marketplace],
  );
  if (plans.isError) {
    return <RetryAlert message={errorMessage(plans.error, 'marketplace')} onRetry={() => plans.refetch()} />;
  }
  if (!plans.data) {
    return (
      <Stack gap="4" role="status" aria-label="Loading memberships">
        <Skeleton height="40" />
        <Skeleton height="40" />
      </Stack>
    );
  }
  const { membershipDefinitions, packages } = plans.data;
  if ((tab === 'memberships' ? membershipDefinitions : packages).length === 0) {
    return (
      <Card.Root>
        <Card.Body>
          <Text color="fg.muted">{NO_MEMBERSHIPS}</Text>
        </Card.Body>
      </Card.Root>
    );
  }
  const memberships = viewer?.memberships ?? [];
  const active = memberships.find((membership) => membership.status === 'Active');
  if (tab === 'memberships') {
    return (
      <Stack as="ul" gap="4" listStyleType="none" aria-label="Memberships">
        {membershipDefinitions.map((definition) => (
          <MembershipCard
            key={definition.id}
            definition={definition}
            state={membershipCardState(definition.id, memberships)}
            categories={categories}
            actions={actions}
            activeElsewhere={Boolean(active && active.membershipDefinitionId !== definition.id)}
            onCancel={(id) => {
              const membership = memberships.find((held) => held.id === id);
              if (membership) onCancel(membership);
            }}
          />
        ))}
      </Stack>
    );
  }
  return (
    <Stack as="ul" gap="4" listStyleType="none" aria-label="Packages">
      {packages.map((pkg) => (
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

function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{message}</Alert.Title>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Alert.Root>
  );
}

function BalanceBadge({ loading, balance }: Parameters<typeof balanceBadgeText>[0]) {
  return (
    <Badge size="lg" variant={balance ? 'solid' : 'outline'} colorPalette={balance ? 'green' : 'gray'}>
      <VisuallyHidden>Membership balance: </VisuallyHidden>
      <span data-testid="membership-balance">{balanceBadgeText({ loading, balance })}</span>
    </Badge>
  );
}

/** Buying needs a primary saved card: the wallet is one link away. */
function PaymentMethodNeeded({ marketplaceId }: { marketplaceId: string }) {
  return (
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
  );
}

interface CancelMembershipDialogProps {
  cancelling: ReturnType<typeof useDialogSubject<HeldMembership>>;
  actions: MembershipActions;
}

/** 'Cancel membership', confirmed first: there are no further charges and the benefits stay a while. */
function CancelMembershipDialog({ cancelling, actions }: CancelMembershipDialogProps) {
  const membership = cancelling.subject;
  return (
    <Modal
      open={cancelling.open}
      onClose={() => !actions.busy && cancelling.close()}
      role="alertdialog"
      title="Cancel membership"
      footer={
        <Flex gap="3" w="full" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
          <Button variant="outline" onClick={cancelling.close} disabled={actions.busy}>
            Keep membership
          </Button>
          <Button
            colorPalette="red"
            loading={actions.pending?.action === 'cancel'}
            loadingText="Cancel membership"
            onClick={() =>
              cancelling.open &&
              membership &&
              actions.cancelMembership(membership.id, { onSettled: cancelling.close })
            }
          >
            Cancel membership
          </Button>
        </Flex>
      }
    >
      <Text>
        {membership &&
          `Cancel ${membership.membershipDefinition.name}? There are no further charges, and its benefits stay until ${displayDate(membership.renewalDate) ?? membership.renewalDate}.`}
      </Text>
    </Modal>
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
