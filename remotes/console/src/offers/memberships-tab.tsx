import { formatCents } from '@atrium/domain';
import { errorMessage } from '@atrium/graphql-client';
import {
  type StaffMembershipDefinition,
  type StaffOfferChoices,
  useRetireStaffMembershipDefinition,
  useStaffMembershipDefinitions,
  useStaffPackages,
} from '@atrium/graphql-client/staff-offers';
import { emit } from '@atrium/stores';
import { Badge, Button, HStack, Stack, Table, Text } from '@atrium/ui';
import { useState } from 'react';
import { LoadError, Loading } from '../shared/query-states';
import { RetireDialog } from './editor-dialog';
import { MembershipEditor } from './membership-editor';
import { namesOf, perPeriod, statusLabels, statusPalettes } from './offer-format';

function benefits(
  definition: StaffMembershipDefinition,
  choices: StaffOfferChoices,
  packageName: string | null,
) {
  const discounts = definition.discounts.map(
    (item) => `${item.percentage}% off ${namesOf(item.categoryIds, choices.categories)}`,
  );
  return [...discounts, packageName ? `Includes ${packageName}` : null].filter(Boolean).join('; ') || 'None';
}

/** The membership definitions: price, period, benefits, members and status; create, edit, retire. */
export function MembershipsTab({
  marketplaceId,
  choices,
}: {
  marketplaceId: string;
  choices: StaffOfferChoices;
}) {
  const definitions = useStaffMembershipDefinitions(marketplaceId);
  const packages = useStaffPackages(marketplaceId);
  const retire = useRetireStaffMembershipDefinition();
  const [editing, setEditing] = useState<StaffMembershipDefinition | 'new' | null>(null);
  const [retiring, setRetiring] = useState<StaffMembershipDefinition | null>(null);
  const packageName = (id: string | null | undefined) =>
    packages.data?.find((item) => item.id === id)?.name ?? null;

  const confirmRetire = async () => {
    if (!retiring) return;
    try {
      await retire.mutateAsync({ marketplaceId, id: retiring.id });
      emit('toast', { type: 'success', message: `${retiring.name} is retired: it is no longer sold.` });
    } catch (error) {
      emit('toast', { type: 'error', message: errorMessage(error) });
    } finally {
      setRetiring(null);
    }
  };

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text color="fg.muted">A new price is for new members; active members keep theirs.</Text>
        <Button onClick={() => setEditing('new')}>New membership</Button>
      </HStack>
      {definitions.isPending ? (
        <Loading label="Loading memberships" section />
      ) : definitions.isError ? (
        <LoadError error={definitions.error} onRetry={() => definitions.refetch()} />
      ) : definitions.data.length === 0 ? (
        <Text>No memberships yet. Create one to offer clients a subscription.</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-label="Memberships">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader>Price</Table.ColumnHeader>
                <Table.ColumnHeader>Benefits</Table.ColumnHeader>
                <Table.ColumnHeader>Active members</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader>Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {definitions.data.map((definition) => (
                <Table.Row key={definition.id}>
                  <Table.Cell fontWeight="semibold">{definition.name}</Table.Cell>
                  <Table.Cell>
                    {formatCents(definition.price)} {perPeriod[definition.period]}
                  </Table.Cell>
                  <Table.Cell>{benefits(definition, choices, packageName(definition.packageId))}</Table.Cell>
                  <Table.Cell>{definition.activeMembers}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={statusPalettes[definition.status]}>
                      {statusLabels[definition.status]}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>
                    {definition.status === 'ACTIVE' && (
                      <HStack gap="2" wrap="wrap">
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setEditing(definition)}
                          aria-label={`Edit ${definition.name}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          colorPalette="red"
                          onClick={() => setRetiring(definition)}
                          aria-label={`Retire ${definition.name}`}
                        >
                          Retire
                        </Button>
                      </HStack>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {editing !== null && (
        <MembershipEditor
          key={editing === 'new' ? 'new' : editing.id}
          marketplaceId={marketplaceId}
          definition={editing === 'new' ? null : editing}
          choices={choices}
          packages={packages.data?.filter((item) => item.status === 'ACTIVE') ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      <RetireDialog
        subject={retiring ? `Retire ${retiring.name}?` : null}
        message="It will no longer be sold. Its active members keep it and renew at their price until they cancel."
        pending={retire.isPending}
        onConfirm={confirmRetire}
        onClose={() => setRetiring(null)}
      />
    </Stack>
  );
}
