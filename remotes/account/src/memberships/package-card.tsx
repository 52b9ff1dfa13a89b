import { formatCents } from '@atrium/domain';
import type { HeldPackageItem, MembershipPackage } from '@atrium/graphql-client/memberships';
import { Button, Card, Flex, Heading, List, Stack, Text } from '@atrium/ui';
import { displayDate } from '../profile/profile-rules';
import { benefits, groupNames, pointsText } from './membership-rules';
import type { MembershipActions } from './use-membership-actions';

interface PackageCardProps {
  pkg: MembershipPackage;
  /** The viewer's unexpired items of this package (none when signed out). */
  items: readonly HeldPackageItem[];
  categories: ReadonlyMap<string, string>;
  actions: MembershipActions;
}

/** One prepaid package: name, price, description, benefits, points per definition, Purchase, and the viewer's points left. */
export function PackageCard({ pkg, items, categories, actions }: PackageCardProps) {
  const headingId = `package-${pkg.id}-name`;
  const lines = benefits(pkg.list);
  const { pending, busy } = actions;
  return (
    <Card.Root as="li" aria-labelledby={headingId}>
      <Card.Body gap="3">
        <Stack gap="0">
          <Heading as="h3" size="md" id={headingId}>
            {pkg.name}
          </Heading>
          <Text fontWeight="semibold">{formatCents(pkg.price)}</Text>
        </Stack>
        {pkg.description && <Text color="fg.muted">{pkg.description}</Text>}
        {lines.length > 0 && (
          <List.Root ps="5" gap="1" aria-label={`${pkg.name} benefits`}>
            {lines.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List.Root>
        )}
        {pkg.packageItemDefinitions.length > 0 && (
          <Text fontSize="sm" fontWeight="semibold" mb="-2">
            Included points
          </Text>
        )}
        {pkg.packageItemDefinitions.length > 0 && (
          <List.Root ps="5" gap="1" aria-label={`${pkg.name} points`}>
            {pkg.packageItemDefinitions.map((definition) => {
              const names = groupNames(definition.procedureGroups, categories);
              return (
                <List.Item key={definition.id}>
                  {pointsText(definition.points)}
                  {names.length > 0 && ` for ${names.join(', ')}`}
                </List.Item>
              );
            })}
          </List.Root>
        )}
        {items.length > 0 && (
          <Stack as="section" gap="1" aria-label={`Your ${pkg.name} points`}>
            <Text fontWeight="semibold" fontSize="sm">
              Your points
            </Text>
            <List.Root ps="5" gap="1">
              {items.map((item) => {
                const expires = displayDate(item.expiresAt);
                return (
                  <List.Item key={item.id}>
                    {item.balance} of {pointsText(item.totalPoints)} left
                    {expires && ` · expires ${expires}`}
                  </List.Item>
                );
              })}
            </List.Root>
          </Stack>
        )}
        <Flex>
          <Button
            aria-label={`Purchase ${pkg.name}`}
            loading={pending?.action === 'purchasePackage' && pending.id === pkg.id}
            loadingText="Purchase"
            disabled={busy}
            onClick={() => actions.purchasePackage(pkg.id)}
          >
            Purchase
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
