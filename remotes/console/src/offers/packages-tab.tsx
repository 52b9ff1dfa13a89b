import { formatCents } from '@atrium/domain';
import { errorMessage } from '@atrium/graphql-client';
import {
  type StaffOfferChoices,
  type StaffPackage,
  useRetireStaffPackage,
  useStaffPackages,
} from '@atrium/graphql-client/staff-offers';
import { emit } from '@atrium/stores';
import { Badge, Button, HStack, Stack, Table, Text } from '@atrium/ui';
import { useState } from 'react';
import { LoadError, Loading } from '../shared/query-states';
import { RetireDialog } from './editor-dialog';
import { namesOf, statusLabels, statusPalettes } from './offer-format';
import { PackageEditor } from './package-editor';

function contents(item: StaffPackage, choices: StaffOfferChoices): string {
  const points = item.items.map(
    (row) => `${row.points} points for ${namesOf(row.categoryIds, choices.categories)}`,
  );
  const expiry = item.validityDays ? `last ${item.validityDays} days` : 'never expire';
  const included = item.includedIn.length > 0 ? `; with ${item.includedIn.join(', ')}` : '';
  return `${points.join('; ')} (${expiry})${included}`;
}

/** The packages: price, points per category, expiry, purchases and status; create, edit, retire. */
export function PackagesTab({
  marketplaceId,
  choices,
}: {
  marketplaceId: string;
  choices: StaffOfferChoices;
}) {
  const packages = useStaffPackages(marketplaceId);
  const retire = useRetireStaffPackage();
  const [editing, setEditing] = useState<StaffPackage | 'new' | null>(null);
  const [retiring, setRetiring] = useState<StaffPackage | null>(null);

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
        <Text color="fg.muted">Points clients buy ahead. A new price or expiry is for later purchases.</Text>
        <Button onClick={() => setEditing('new')}>New package</Button>
      </HStack>
      {packages.isPending ? (
        <Loading label="Loading packages" section />
      ) : packages.isError ? (
        <LoadError error={packages.error} onRetry={() => packages.refetch()} />
      ) : packages.data.length === 0 ? (
        <Text>No packages yet. Create one to sell points ahead.</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-label="Packages">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader>Price</Table.ColumnHeader>
                <Table.ColumnHeader>Points</Table.ColumnHeader>
                <Table.ColumnHeader>Purchases</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader>Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {packages.data.map((item) => (
                <Table.Row key={item.id}>
                  <Table.Cell fontWeight="semibold">{item.name}</Table.Cell>
                  <Table.Cell>{formatCents(item.price)}</Table.Cell>
                  <Table.Cell>{contents(item, choices)}</Table.Cell>
                  <Table.Cell>{item.purchases}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={statusPalettes[item.status]}>{statusLabels[item.status]}</Badge>
                  </Table.Cell>
                  <Table.Cell>
                    {item.status === 'ACTIVE' && (
                      <HStack gap="2" wrap="wrap">
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setEditing(item)}
                          aria-label={`Edit ${item.name}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          colorPalette="red"
                          onClick={() => setRetiring(item)}
                          aria-label={`Retire ${item.name}`}
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
        <PackageEditor
          key={editing === 'new' ? 'new' : editing.id}
          marketplaceId={marketplaceId}
          item={editing === 'new' ? null : editing}
          choices={choices}
          onClose={() => setEditing(null)}
        />
      )}
      <RetireDialog
        subject={retiring ? `Retire ${retiring.name}?` : null}
        message="It will no longer be sold. Points clients already hold stay good until they expire."
        pending={retire.isPending}
        onConfirm={confirmRetire}
        onClose={() => setRetiring(null)}
      />
    </Stack>
  );
}
