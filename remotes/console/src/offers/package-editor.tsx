import { type PackageForm, packageForm } from '@atrium/domain';
import {
  type StaffOfferChoices,
  type StaffPackage,
  useSaveStaffPackage,
} from '@atrium/graphql-client/staff-offers';
import { SimpleGrid, Stack } from '@atrium/ui';
import { Input, Textarea } from '@atrium/ui/forms';
import { CategoryRows } from './category-rows';
import { EditorDialog } from './editor-dialog';
import { centsToDollarsText } from './offer-format';
import { TextField } from './promo-code-editor';
import { useOfferForm } from './use-offer-form';

function formOf(item: StaffPackage | null): PackageForm {
  if (!item)
    return {
      name: '',
      description: '',
      price: '',
      items: [{ points: '', categoryIds: [] }],
      validityDays: '',
    };
  return {
    name: item.name,
    description: item.description ?? '',
    price: centsToDollarsText(item.price),
    items: item.items.map((row) => ({ points: String(row.points), categoryIds: row.categoryIds })),
    validityDays:
      item.validityDays === null || item.validityDays === undefined ? '' : String(item.validityDays),
  };
}

/** Creates a package (item null) or changes one, in a dialog. */
export function PackageEditor({
  marketplaceId,
  item,
  choices,
  onClose,
}: {
  marketplaceId: string;
  item: StaffPackage | null;
  choices: StaffOfferChoices;
  onClose: () => void;
}) {
  const save = useSaveStaffPackage();
  const form = useOfferForm({
    rules: packageForm,
    initial: formOf(item),
    save: (input) => save.mutateAsync({ marketplaceId, id: item?.id ?? null, input }),
    done: item ? 'Package saved.' : 'Package created.',
    onDone: onClose,
  });
  const { values, errors, setValue } = form;
  // Clients hold points of it: its items stay (the API refuses a change).
  const locked = (item?.purchases ?? 0) > 0;

  return (
    <EditorDialog
      open
      title={item ? `Edit ${item.name}` : 'New package'}
      formId={form.formId}
      submitLabel={item ? 'Save' : 'Create package'}
      dirty={form.dirty}
      pending={save.isPending}
      formError={form.formError}
      onClose={onClose}
    >
      <form id={form.formId} onSubmit={form.submit} noValidate>
        <Stack gap="4">
          <TextField label="Name" required error={errors.name}>
            <Input value={values.name} onChange={(event) => setValue('name', event.target.value)} />
          </TextField>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField label="Price ($)" required helper="For later purchases." error={errors.price}>
              <Input
                value={values.price}
                inputMode="decimal"
                onChange={(event) => setValue('price', event.target.value)}
              />
            </TextField>
            <TextField
              label="Points last (days)"
              helper="After purchase. Leave empty: they never expire."
              error={errors.validityDays}
            >
              <Input
                value={values.validityDays}
                inputMode="numeric"
                onChange={(event) => setValue('validityDays', event.target.value)}
              />
            </TextField>
          </SimpleGrid>
          <CategoryRows
            legend={
              locked
                ? 'Points per category (clients hold these: retire and create a new package to change them)'
                : 'Points per category'
            }
            rowLabel="Item"
            amountLabel="points"
            addLabel="Add points"
            locked={locked}
            rows={values.items.map((row) => ({ amount: row.points, categoryIds: row.categoryIds }))}
            categories={choices.categories}
            error={errors.items}
            onChange={(rows) =>
              setValue(
                'items',
                rows.map((row) => ({ points: row.amount, categoryIds: row.categoryIds })),
              )
            }
          />
          <TextField label="Description" error={errors.description}>
            <Textarea
              value={values.description}
              rows={3}
              onChange={(event) => setValue('description', event.target.value)}
            />
          </TextField>
        </Stack>
      </form>
    </EditorDialog>
  );
}
