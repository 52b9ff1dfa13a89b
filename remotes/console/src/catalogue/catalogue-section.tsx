import { type StaffCatalogue, useStaffCatalogue } from '@atrium/graphql-client/staff-catalogue';
import { Button, Heading, PageHeading, Stack, Text } from '@atrium/ui';
import { useState } from 'react';
import { UnsavedChangesGuard, useConfirmLeave } from '../settings/unsaved-changes';
import { LoadError, Loading } from '../shared/query-states';
import type { ConsoleSectionProps } from '../shell/console-staff';
import { CatalogueList, type Editing } from './catalogue-list';
import { CategoryForm } from './category-form';
import { OfferForm } from './offer-form';

function editorTitle(editing: Editing, catalogue: StaffCatalogue): string {
  const noun = { category: 'category', service: 'service', addOn: 'add-on' }[editing.kind];
  if (editing.id === null) return `New ${noun}`;
  const items = [
    ...catalogue.categories,
    ...catalogue.categories.flatMap((c) => c.services),
    ...catalogue.addOns,
  ];
  return `Edit ${items.find((item) => item.id === editing.id)?.name ?? noun}`;
}

/** The editor of one category, service or add-on, with the way back to the list. */
function Editor({
  marketplaceId,
  editing,
  catalogue,
  onClose,
}: {
  marketplaceId: string;
  editing: Editing;
  catalogue: StaffCatalogue;
  onClose: () => void;
}) {
  const confirmLeave = useConfirmLeave();
  const services = catalogue.categories.flatMap((category) => category.services);
  const back = (
    <Button variant="outline" alignSelf="start" onClick={() => confirmLeave(onClose)}>
      Back to the catalogue
    </Button>
  );
  return (
    <Stack gap="4">
      {back}
      <Heading as="h2" size="lg">
        {editorTitle(editing, catalogue)}
      </Heading>
      {editing.kind === 'category' ? (
        <CategoryForm
          marketplaceId={marketplaceId}
          category={catalogue.categories.find((category) => category.id === editing.id) ?? null}
          onDone={onClose}
        />
      ) : (
        <OfferForm
          key={`${editing.kind}-${editing.id ?? 'new'}`}
          marketplaceId={marketplaceId}
          kind={editing.kind}
          item={
            (editing.kind === 'service' ? services : catalogue.addOns).find(
              (item) => item.id === editing.id,
            ) ?? null
          }
          categoryId={editing.kind === 'service' ? editing.categoryId : undefined}
          catalogue={catalogue}
          onDone={onClose}
        />
      )}
    </Stack>
  );
}

/**
 * The catalogue (owner only): categories in menu order with their services, and the add-ons; each
 * edited, reordered, archived (off the menu, kept on past appointments) or deleted when never booked.
 * Clients see a change on their next page load.
 */
export default function CatalogueSection({ marketplaceId }: ConsoleSectionProps) {
  const catalogue = useStaffCatalogue(marketplaceId);
  const [editing, setEditing] = useState<Editing | null>(null);
  return (
    <UnsavedChangesGuard>
      <Stack gap="4">
        <PageHeading mb="0">Catalogue</PageHeading>
        <Text color="fg.muted">
          Your menu: categories, services and add-ons, in the order clients see them. Something ever booked is
          archived instead of deleted, so past appointments keep it.
        </Text>
        {catalogue.isPending ? (
          <Loading label="Loading the catalogue" section />
        ) : catalogue.isError ? (
          <LoadError error={catalogue.error} onRetry={() => catalogue.refetch()} />
        ) : editing ? (
          <Editor
            marketplaceId={marketplaceId}
            editing={editing}
            catalogue={catalogue.data}
            onClose={() => setEditing(null)}
          />
        ) : (
          <CatalogueList marketplaceId={marketplaceId} catalogue={catalogue.data} onEdit={setEditing} />
        )}
      </Stack>
    </UnsavedChangesGuard>
  );
}
