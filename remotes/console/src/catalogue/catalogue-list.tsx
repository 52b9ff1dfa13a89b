import {
  catalogueChanges,
  type StaffCatalogue,
  type StaffCatalogueCategory,
  type StaffCatalogueItem,
  useCatalogueChange,
} from '@atrium/graphql-client/staff-catalogue';
import { Badge, Button, Card, Heading, HStack, Stack, Text } from '@atrium/ui';
import { useState } from 'react';
import { type Confirmation, ConfirmChange, moved, optionsLine, withToast } from './catalogue-parts';

export type Editing =
  | { kind: 'category'; id: string | null }
  | { kind: 'service'; id: string | null; categoryId?: string }
  | { kind: 'addOn'; id: string | null };

interface ListProps {
  marketplaceId: string;
  catalogue: StaffCatalogue;
  onEdit: (editing: Editing) => void;
}

/** Archive or unarchive, and delete when nothing names it, each after the owner's yes. */
function useLifecycle(marketplaceId: string) {
  const change = useCatalogueChange((run: () => Promise<unknown>) => run());
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const ask = (
    kind: 'category' | 'procedure',
    item: { id: string; name: string; archivedAt?: string | null },
    action: 'archive' | 'unarchive' | 'delete',
  ) => {
    const target = { marketplaceId, id: item.id };
    const runs = {
      category: {
        archive: catalogueChanges.archiveCategory,
        unarchive: catalogueChanges.unarchiveCategory,
        delete: catalogueChanges.deleteCategory,
      },
      procedure: {
        archive: catalogueChanges.archiveProcedure,
        unarchive: catalogueChanges.unarchiveProcedure,
        delete: catalogueChanges.deleteProcedure,
      },
    } as const;
    const texts = {
      archive: {
        title: `Archive ${item.name}?`,
        message:
          kind === 'category'
            ? 'The category and its services leave the menu. Past appointments keep their names; you can unarchive it later.'
            : 'It leaves the menu. Past appointments keep its name; you can unarchive it later.',
        label: 'Archive',
        done: `${item.name} archived.`,
      },
      unarchive: {
        title: `Put ${item.name} back on the menu?`,
        message: 'Clients see it again on their next page load.',
        label: 'Unarchive',
        done: `${item.name} is back on the menu.`,
      },
      delete: {
        title: `Delete ${item.name}?`,
        message: 'Nobody ever booked it, so it is deleted for good. This cannot be undone.',
        label: 'Delete',
        done: `${item.name} deleted.`,
      },
    }[action];
    setConfirmation({
      title: texts.title,
      message: texts.message,
      confirmLabel: texts.label,
      destructive: action !== 'unarchive',
      run: () =>
        withToast(
          change.mutateAsync(() => runs[kind][action](target)),
          texts.done,
        ),
    });
  };
  const dialog = (
    <ConfirmChange
      confirmation={confirmation}
      pending={change.isPending}
      onClose={() => setConfirmation(null)}
    />
  );
  return { ask, dialog };
}

function ItemActions({
  name,
  archivedAt,
  canDelete,
  onEdit,
  onArchive,
  onUnarchive,
  onDelete,
}: {
  name: string;
  archivedAt: string | null;
  canDelete: boolean;
  onEdit: () => void;
  onArchive: () => void;
  onUnarchive: () => void;
  onDelete: () => void;
}) {
  return (
    <HStack gap="2" flexWrap="wrap">
      <Button size="xs" variant="outline" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      {archivedAt ? (
        <Button size="xs" variant="outline" onClick={onUnarchive} aria-label={`Unarchive ${name}`}>
          Unarchive
        </Button>
      ) : (
        <Button size="xs" variant="outline" onClick={onArchive} aria-label={`Archive ${name}`}>
          Archive
        </Button>
      )}
      {canDelete && (
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          onClick={onDelete}
          aria-label={`Delete ${name}`}
        >
          Delete
        </Button>
      )}
    </HStack>
  );
}

function MoveButtons({
  name,
  first,
  last,
  onMove,
}: {
  name: string;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
}) {
  return (
    <HStack gap="1">
      <Button
        size="xs"
        variant="ghost"
        disabled={first}
        onClick={() => onMove(-1)}
        aria-label={`Move ${name} up`}
      >
        ↑
      </Button>
      <Button
        size="xs"
        variant="ghost"
        disabled={last}
        onClick={() => onMove(1)}
        aria-label={`Move ${name} down`}
      >
        ↓
      </Button>
    </HStack>
  );
}

function ItemRow({
  item,
  move,
  onEdit,
  ask,
}: {
  item: StaffCatalogueItem;
  move?: { first: boolean; last: boolean; onMove: (by: -1 | 1) => void };
  onEdit: () => void;
  ask: ReturnType<typeof useLifecycle>['ask'];
}) {
  return (
    <Stack
      as="li"
      direction={{ base: 'column', md: 'row' }}
      justify="space-between"
      align={{ base: 'start', md: 'center' }}
      gap="2"
      py="2"
      borderTopWidth="1px"
    >
      <HStack gap="2" align="start">
        {move && <MoveButtons name={item.name} {...move} />}
        <Stack gap="0">
          <HStack gap="2">
            <Text fontWeight="medium">{item.name}</Text>
            {item.archivedAt && <Badge colorPalette="gray">Archived</Badge>}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {optionsLine(item.prices, item.durations)}
          </Text>
        </Stack>
      </HStack>
      <ItemActions
        name={item.name}
        archivedAt={item.archivedAt ?? null}
        canDelete={item.canDelete}
        onEdit={onEdit}
        onArchive={() => ask('procedure', item, 'archive')}
        onUnarchive={() => ask('procedure', item, 'unarchive')}
        onDelete={() => ask('procedure', item, 'delete')}
      />
    </Stack>
  );
}

function CategoryCard({
  marketplaceId,
  category,
  index,
  count,
  onMove,
  onEdit,
  ask,
}: {
  marketplaceId: string;
  category: StaffCatalogueCategory;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onEdit: ListProps['onEdit'];
  ask: ReturnType<typeof useLifecycle>['ask'];
}) {
  const reorder = useCatalogueChange(catalogueChanges.reorderServices);
  const serviceIds = category.services.map((service) => service.id);
  const headingId = `category-${category.id}`;
  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Body gap="2">
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="2">
          <HStack gap="2">
            <MoveButtons
              name={category.name}
              first={index === 0}
              last={index === count - 1}
              onMove={onMove}
            />
            <Heading as="h2" size="md" id={headingId}>
              {category.name}
            </Heading>
            {category.archivedAt && <Badge colorPalette="gray">Archived</Badge>}
          </HStack>
          <ItemActions
            name={category.name}
            archivedAt={category.archivedAt ?? null}
            canDelete={category.canDelete}
            onEdit={() => onEdit({ kind: 'category', id: category.id })}
            onArchive={() => ask('category', category, 'archive')}
            onUnarchive={() => ask('category', category, 'unarchive')}
            onDelete={() => ask('category', category, 'delete')}
          />
        </Stack>
        {category.services.length === 0 ? (
          <Text color="fg.muted">No services in this category yet.</Text>
        ) : (
          <Stack as="ul" gap="0" listStyleType="none" aria-label={`Services of ${category.name}`}>
            {category.services.map((service, at) => (
              <ItemRow
                key={service.id}
                item={service}
                ask={ask}
                onEdit={() => onEdit({ kind: 'service', id: service.id })}
                move={{
                  first: at === 0,
                  last: at === category.services.length - 1,
                  onMove: (by) =>
                    withToast(
                      reorder.mutateAsync({
                        marketplaceId,
                        categoryId: category.id,
                        ids: moved(serviceIds, service.id, by),
                      }),
                      `${service.name} moved.`,
                    ),
                }}
              />
            ))}
          </Stack>
        )}
        <Button
          size="sm"
          variant="outline"
          alignSelf="start"
          onClick={() => onEdit({ kind: 'service', id: null, categoryId: category.id })}
        >
          Add a service to {category.name}
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

/** Categories with their services, then the add-ons; each with its order, edit, archive and delete. */
export function CatalogueList({ marketplaceId, catalogue, onEdit }: ListProps) {
  const { ask, dialog } = useLifecycle(marketplaceId);
  const reorder = useCatalogueChange(catalogueChanges.reorderCategories);
  const categoryIds = catalogue.categories.map((category) => category.id);
  return (
    <Stack gap="4">
      <HStack gap="3" flexWrap="wrap">
        <Button onClick={() => onEdit({ kind: 'category', id: null })}>Add category</Button>
        <Button variant="outline" onClick={() => onEdit({ kind: 'addOn', id: null })}>
          Add add-on
        </Button>
      </HStack>
      {catalogue.categories.length === 0 ? (
        <Text>No categories yet. Add one, then add its services.</Text>
      ) : (
        catalogue.categories.map((category, index) => (
          <CategoryCard
            key={category.id}
            marketplaceId={marketplaceId}
            category={category}
            index={index}
            count={catalogue.categories.length}
            ask={ask}
            onEdit={onEdit}
            onMove={(by) =>
              withToast(
                reorder.mutateAsync({ marketplaceId, ids: moved(categoryIds, category.id, by) }),
                `${category.name} moved.`,
              )
            }
          />
        ))
      )}
      <Card.Root as="section" aria-labelledby="catalogue-add-ons">
        <Card.Body gap="2">
          <Heading as="h2" size="md" id="catalogue-add-ons">
            Add-ons
          </Heading>
          {catalogue.addOns.length === 0 ? (
            <Text color="fg.muted">No add-ons yet.</Text>
          ) : (
            <Stack as="ul" gap="0" listStyleType="none" aria-label="Add-ons">
              {catalogue.addOns.map((addOn) => (
                <ItemRow
                  key={addOn.id}
                  item={addOn}
                  ask={ask}
                  onEdit={() => onEdit({ kind: 'addOn', id: addOn.id })}
                />
              ))}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
      {dialog}
    </Stack>
  );
}
