import { type PromoCodeForm, promoCodeForm } from '@atrium/domain';
import {
  type StaffOfferChoices,
  type StaffPromoCode,
  useSaveStaffPromoCode,
} from '@atrium/graphql-client/staff-offers';
import { SimpleGrid, Stack } from '@atrium/ui';
import { Field, Input, RadioGroup } from '@atrium/ui/forms';
import type { ReactNode } from 'react';
import { ChoiceCheckboxes } from './choice-checkboxes';
import { EditorDialog } from './editor-dialog';
import { centsToDollarsText, isoToLocalInput } from './offer-format';
import { useOfferForm } from './use-offer-form';

const blankForm: PromoCodeForm = {
  code: '',
  kind: 'percentage',
  value: '',
  serviceIds: [],
  minimumOrder: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perClientLimit: '',
};

function formOf(promo: StaffPromoCode | null): PromoCodeForm {
  if (!promo) return blankForm;
  const percentage = promo.kind === 'PERCENTAGE';
  return {
    code: promo.code,
    kind: percentage ? 'percentage' : 'fixed',
    value: percentage ? String(promo.value) : centsToDollarsText(promo.value),
    serviceIds: promo.serviceIds ?? [],
    minimumOrder: centsToDollarsText(promo.minimumOrder),
    startsAt: isoToLocalInput(promo.startsAt ?? null),
    endsAt: isoToLocalInput(promo.endsAt ?? null),
    usageLimit: promo.usageLimit === null || promo.usageLimit === undefined ? '' : String(promo.usageLimit),
    perClientLimit:
      promo.perClientLimit === null || promo.perClientLimit === undefined ? '' : String(promo.perClientLimit),
  };
}

/** One text field of the form, with its label, helper and error. */
export function TextField({
  label,
  helper,
  error,
  required = false,
  children,
}: {
  label: string;
  helper?: string;
  error: string | undefined;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={error !== undefined} required={required}>
      <Field.Label>
        {label} {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        helper && <Field.HelperText>{helper}</Field.HelperText>
      )}
    </Field.Root>
  );
}

/** Creates a promo code (promo null) or changes one, in a dialog. */
export function PromoCodeEditor({
  marketplaceId,
  promo,
  choices,
  onClose,
}: {
  marketplaceId: string;
  promo: StaffPromoCode | null;
  choices: StaffOfferChoices;
  onClose: () => void;
}) {
  const save = useSaveStaffPromoCode();
  const form = useOfferForm({
    rules: promoCodeForm,
    initial: formOf(promo),
    save: (input) =>
      save.mutateAsync({
        marketplaceId,
        id: promo?.id ?? null,
        input: { ...input, kind: input.kind === 'percentage' ? 'PERCENTAGE' : 'FIXED' },
      }),
    done: promo ? 'Promo code saved.' : 'Promo code created.',
    onDone: onClose,
    codeField: 'code',
  });
  const { values, errors, setValue } = form;
  const text = (name: keyof PromoCodeForm & string) => ({
    value: values[name] as string,
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
  });
  const percentage = values.kind === 'percentage';

  return (
    <EditorDialog
      open
      title={promo ? `Edit promo code ${promo.code}` : 'New promo code'}
      formId={form.formId}
      submitLabel={promo ? 'Save' : 'Create promo code'}
      dirty={form.dirty}
      pending={save.isPending}
      formError={form.formError}
      onClose={onClose}
    >
      <form id={form.formId} onSubmit={form.submit} noValidate>
        <Stack gap="4">
          <TextField
            label="Code"
            required
            helper="What clients type at checkout, e.g. SPRING25."
            error={errors.code}
          >
            <Input {...text('code')} maxLength={30} autoComplete="off" textTransform="uppercase" />
          </TextField>
          <RadioGroup.Root
            value={values.kind}
            onValueChange={(details) => setValue('kind', details.value === 'fixed' ? 'fixed' : 'percentage')}
            aria-label="Discount type"
          >
            <Stack direction="row" gap="6">
              <RadioGroup.Item value="percentage">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>Percentage off</RadioGroup.ItemText>
              </RadioGroup.Item>
              <RadioGroup.Item value="fixed">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>Amount off</RadioGroup.ItemText>
              </RadioGroup.Item>
            </Stack>
          </RadioGroup.Root>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField
              label={percentage ? 'Percent off' : 'Amount off ($)'}
              required
              helper={percentage ? '1 to 100.' : 'In dollars, e.g. 10.00.'}
              error={errors.value}
            >
              <Input {...text('value')} inputMode="decimal" />
            </TextField>
            <TextField
              label="Minimum order ($)"
              helper="The services' total before discounts. Leave empty for none."
              error={errors.minimumOrder}
            >
              <Input {...text('minimumOrder')} inputMode="decimal" />
            </TextField>
            <TextField label="Starts" helper="Leave empty to start now." error={errors.startsAt}>
              <Input {...text('startsAt')} type="datetime-local" />
            </TextField>
            <TextField label="Ends" helper="Leave empty for no end." error={errors.endsAt}>
              <Input {...text('endsAt')} type="datetime-local" />
            </TextField>
            <TextField label="Total uses" helper="Leave empty for unlimited." error={errors.usageLimit}>
              <Input {...text('usageLimit')} inputMode="numeric" />
            </TextField>
            <TextField
              label="Uses per client"
              helper="Leave empty for unlimited."
              error={errors.perClientLimit}
            >
              <Input {...text('perClientLimit')} inputMode="numeric" />
            </TextField>
          </SimpleGrid>
          <ChoiceCheckboxes
            legend="Services"
            helper="Choose none for every service."
            choices={choices.services}
            chosen={values.serviceIds}
            error={errors.serviceIds}
            onChange={(ids) => setValue('serviceIds', ids)}
          />
        </Stack>
      </form>
    </EditorDialog>
  );
}
