import type { HeldMembership, MembershipDefinition } from '@atrium/graphql-client/memberships';
import { Badge, Button, Card, Flex, Heading, List, Stack, Text } from '@atrium/ui';
import { membershipTerm } from '../profile/membership-info';
import { benefits, discountText, type MembershipCardState, pricePerPeriod } from './membership-rules';
import type { MembershipActions } from './use-membership-actions';

interface MembershipCardProps {
  definition: MembershipDefinition;
  state: MembershipCardState;
  /** Category names by procedure group id, to name what a discount covers. */
  categories: ReadonlyMap<string, string>;
  actions: MembershipActions;
  /** The viewer holds another membership Active: only one Active membership per marketplace. */
  activeElsewhere: boolean;
  onCancel: (membershipId: string) => void;
}

/**
 * One membership definition (/memberships): name, price per period, description, benefits and
 * discounts. Held Active: 'Renews {date}' and Cancel; Cancelled: 'Good until {date}' and Renew;
 * otherwise Purchase.
 */
export function MembershipCard({
  definition,
  state,
  categories,
  actions,
  activeElsewhere,
  onCancel,
}: MembershipCardProps) {
  const headingId = `membership-${definition.id}-name`;
  return (
    <Card.Root as="li" aria-labelledby={headingId} data-state={state.kind}>
      <Card.Body gap="3">
        <Flex justify="space-between" align="start" gap="3" wrap="wrap">
          <Stack gap="0">
            <Heading as="h3" size="md" id={headingId}>
              {definition.name}
            </Heading>
            <Text fontWeight="semibold">{pricePerPeriod(definition.price, definition.period)}</Text>
          </Stack>
          {state.kind === 'active' && (
            <Badge colorPalette="green" variant="solid">
              Active
            </Badge>
          )}
          {state.kind === 'cancelled' && (
            <Badge colorPalette="gray" variant="outline">
              Cancelled
            </Badge>
          )}
        </Flex>
        <MembershipBenefits definition={definition} categories={categories} />
        {state.kind === 'available' ? (
          <PurchaseAction definition={definition} actions={actions} activeElsewhere={activeElsewhere} />
        ) : (
          <HeldActions
            definition={definition}
            membership={state.membership}
            active={state.kind === 'active'}
            actions={actions}
            activeElsewhere={activeElsewhere}
            onCancel={onCancel}
          />
        )}
      </Card.Body>
    </Card.Root>
  );
}

function MembershipBenefits({
  definition,
  categories,
}: Pick<MembershipCardProps, 'definition' | 'categories'>) {
  const items = benefits(definition.list);
  return (
    <>
      {definition.description && <Text color="fg.muted">{definition.description}</Text>}
      {items.length > 0 && (
        <List.Root ps="5" gap="1" aria-label={`${definition.name} benefits`}>
          {items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List.Root>
      )}
      {definition.discounts.length > 0 && (
        <Text fontSize="sm" fontWeight="semibold" mb="-2">
          Member discounts
        </Text>
      )}
      {definition.discounts.length > 0 && (
        <List.Root ps="5" gap="1" aria-label={`${definition.name} discounts`}>
          {definition.discounts.map((discount) => (
            <List.Item key={discount.id}>{discountText(discount, categories)}</List.Item>
          ))}
        </List.Root>
      )}
    </>
  );
}

type ActionProps = Pick<MembershipCardProps, 'definition' | 'actions' | 'activeElsewhere'>;

/** Purchase, unless another membership is Active (one Active membership per marketplace). */
function PurchaseAction({ definition, actions, activeElsewhere }: ActionProps) {
  const { pending, busy } = actions;
  return (
    <Stack gap="1" alignItems="start">
      <Button
        aria-label={`Purchase ${definition.name}`}
        loading={pending?.action === 'purchaseMembership' && pending.id === definition.id}
        loadingText="Purchase"
        disabled={busy || activeElsewhere}
        onClick={() => actions.purchaseMembership(definition.id)}
      >
        Purchase
      </Button>
      {activeElsewhere && (
        <Text fontSize="sm" color="fg.muted">
          You already have an active membership.
        </Text>
      )}
    </Stack>
  );
}

interface HeldActionsProps extends ActionProps {
  membership: HeldMembership;
  active: boolean;
  onCancel: (membershipId: string) => void;
}

/** A held membership's term, and Cancel (Active) or Renew (Cancelled). */
function HeldActions({
  definition,
  membership,
  active,
  actions,
  activeElsewhere,
  onCancel,
}: HeldActionsProps) {
  const { pending, busy } = actions;
  return (
    <Flex align="center" justify="space-between" gap="3" wrap="wrap">
      <Text fontSize="sm" color="fg.muted">
        {membershipTerm(membership)}
      </Text>
      {active ? (
        <Button
          variant="outline"
          colorPalette="red"
          aria-label={`Cancel ${definition.name}`}
          disabled={busy}
          onClick={() => onCancel(membership.id)}
        >
          Cancel
        </Button>
      ) : (
        <Button
          aria-label={`Renew ${definition.name}`}
          loading={pending?.action === 'renew' && pending.id === membership.id}
          loadingText="Renew"
          disabled={busy || activeElsewhere}
          onClick={() => actions.renewMembership(membership.id)}
        >
          Renew
        </Button>
      )}
    </Flex>
  );
}
