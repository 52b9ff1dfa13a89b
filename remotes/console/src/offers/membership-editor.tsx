import { MEMBERSHIP_PERIODS, type MembershipForm, membershipForm } from '@atrium/domain';
import {
  type StaffMembershipDefinition,
  type StaffOfferChoices,
  type StaffPackage,
  useSaveStaffMembershipDefinition,
} from '@atrium/graphql-client/staff-offers';
import { SimpleGrid, Stack } from '@atrium/ui';
import { Input, NativeSelect, Textarea } from '@atrium/ui/forms';
import { CategoryRows } from './category-rows';
import { EditorDialog } from './editor-dialog';
import { centsToDollarsText, periodLabels } from './offer-format';
import { TextField } from './promo-code-editor';
import { useOfferForm } from './use-offer-form';

function formOf(definition: StaffMembershipDefinition | null): MembershipForm {
  if (!definition) {
    return { name: '', description: '', price: '', period: 'monthly', discounts: [], packageId: '' };
  }
  return {
    name: definition.name,
    description: definition.description ?? '',
    price: centsToDollarsText(definition.price),
    period: definition.period,
    discounts: definition.discounts.map((item) => ({
      percentage: String(item.percentage),
      categoryIds: item.categoryIds,
    })),
    packageId: definition.packageId ?? '',
  };
}

/** Creates a membership definition (definition null) or changes one, in a dialog. */
export function MembershipEditor({
  marketplaceId,
  definition,
  choices,
  packages,
  onClose,
}: {
  marketplaceId: string;
  definition: StaffMembershipDefinition | null;
  choices: StaffOfferChoices;
  packages: readonly StaffPackage[];
  onClose: () => void;
}) {
  const save = useSaveStaffMembershipDefinition();
  const form = useOfferForm({
    rules: membershipForm,
    initial: formOf(definition),
    save: (input) => save.mutateAsync({ marketplaceId, id: definition?.id ?? null, input }),
    done: definition ? 'Membership saved.' : 'Membership created.',
    onDone: onClose,
  });
  const { values, errors, setValue } = form;
  const members = definition?.activeMembers ?? 0;

  return (
    <EditorDialog
      open
      title={definition ? `Edit ${definition.name}` : 'New membership'}
      formId={form.formId}
      submitLabel={definition ? 'Save' : 'Create membership'}
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
            <TextField
              label="Price ($ per period)"
              required
              helper={
                members > 0 ? `For new members: the ${members} active members keep their price.` : undefined
              }
              error={errors.price}
            >
              <Input
                value={values.price}
                inputMode="decimal"
                onChange={(event) => setValue('price', event.target.value)}
              />
            </TextField>
            <TextField label="Billed" required error={errors.period}>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={values.period}
                  onChange={(event) => setValue('period', event.target.value as MembershipForm['period'])}
                >
                  {MEMBERSHIP_PERIODS.map((period) => (
                    <option key={period} value={period}>
                      {periodLabels[period]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </TextField>
          </SimpleGrid>
          <TextField
            label="Included package"
            helper="Granted with every paid period."
            error={errors.packageId}
          >
            <NativeSelect.Root>
              <NativeSelect.Field
                value={values.packageId}
                onChange={(event) => setValue('packageId', event.target.value)}
              >
                <option value="">None</option>
                {packages.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </TextField>
          <CategoryRows
            legend="Discounts per category"
            rowLabel="Discount"
            amountLabel="percent off"
            addLabel="Add a discount"
            rows={values.discounts.map((item) => ({
              amount: item.percentage,
              categoryIds: item.categoryIds,
            }))}
            categories={choices.categories}
            error={errors.discounts}
            onChange={(rows) =>
              setValue(
                'discounts',
                rows.map((row) => ({ percentage: row.amount, categoryIds: row.categoryIds })),
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
