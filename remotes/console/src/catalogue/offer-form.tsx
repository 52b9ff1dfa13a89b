import { CATALOGUE_NAME_MAX_LENGTH, offerFormRules, type PriceOptionRow } from '@atrium/domain';
import { errorExtensions, errorMessage } from '@atrium/graphql-client';
import {
  catalogueChanges,
  type StaffCatalogue,
  type StaffCatalogueItem,
  useCatalogueChange,
} from '@atrium/graphql-client/staff-catalogue';
import { emit } from '@atrium/stores';
import { Button, HStack, Stack, Text } from '@atrium/ui';
import {
  Checkbox,
  Field,
  Fieldset,
  focusFirstInvalid,
  Input,
  NativeSelect,
  Textarea,
  useForm,
} from '@atrium/ui/forms';
import { type FormEvent, useId, useMemo, useRef } from 'react';
import { useReportDirty } from '../settings/unsaved-changes';
import { ImageField } from '../shared/image-field';
import { LinksField } from './links-field';
import { OptionRows } from './option-rows';

export type OfferKind = 'service' | 'addOn';

export interface OfferValues {
  name: string;
  tagline: string;
  description: string;
  thumbnail: string | null;
  ingredients: string;
  tags: string;
  offeredAtHome: boolean;
  categoryId: string;
  options: PriceOptionRow[];
  clinicIds: string[];
  /** A service's add-ons in order, or the services an add-on goes with. */
  links: { id: string; recommended: boolean }[];
}

// Older rows may list fewer durations than prices: each price takes the last duration given.
function rowsOf(item: StaffCatalogueItem | null): PriceOptionRow[] {
  if (!item) return [{ price: '', duration: '' }];
  const count = Math.max(item.prices.length, item.durations.length);
  return Array.from({ length: count }, (_, index) => ({
    price: ((item.prices[Math.min(index, item.prices.length - 1)] ?? 0) / 100).toFixed(2),
    duration: String(item.durations[Math.min(index, item.durations.length - 1)] ?? ''),
  }));
}

export const offerValuesOf = (
  kind: OfferKind,
  item: StaffCatalogueItem | null,
  categoryId = '',
): OfferValues => ({
  name: item?.name ?? '',
  tagline: item?.tagline ?? '',
  description: item?.description ?? '',
  thumbnail: item?.thumbnail ?? null,
  ingredients: (item?.ingredients ?? []).join(', '),
  tags: (item?.tags ?? []).join(', '),
  offeredAtHome: item?.offeredAtHome ?? false,
  categoryId: item?.categoryId ?? categoryId,
  options: rowsOf(item),
  clinicIds: item?.clinicIds ?? [],
  links:
    (kind === 'service' ? item?.addOns : item?.services)?.map(({ id, recommended }) => ({
      id,
      recommended,
    })) ?? [],
});

/** Where the API said a value is wrong, as the form's field (price and duration rows are one field). */
function formField(field: unknown): keyof OfferValues | null {
  if (typeof field !== 'string') return null;
  if (/^(prices|durations)/.test(field)) return 'options';
  const known = [
    'name',
    'tagline',
    'description',
    'thumbnail',
    'ingredients',
    'tags',
    'offeredAtHome',
    'categoryId',
  ];
  return known.includes(field) ? (field as keyof OfferValues) : null;
}

/** Saves the form's values as a new or changed service or add-on, through the rules' parse. */
function useOfferSave(
  marketplaceId: string,
  kind: OfferKind,
  item: StaffCatalogueItem | null,
  rules: ReturnType<typeof offerFormRules>,
) {
  return useCatalogueChange(async (values: OfferValues) => {
    const parsed = rules.parse(values);
    const common = {
      name: parsed.name,
      tagline: parsed.tagline,
      description: parsed.description,
      thumbnail: parsed.thumbnail,
      ingredients: parsed.ingredients,
      tags: parsed.tags,
      prices: parsed.options.prices,
      durations: parsed.options.durations,
      offeredAtHome: parsed.offeredAtHome,
      clinicIds: values.clinicIds,
    };
    if (kind === 'service') {
      const input = { ...common, categoryId: parsed.categoryId ?? '', addOns: values.links };
      return item
        ? catalogueChanges.updateService({ marketplaceId, id: item.id, input })
        : catalogueChanges.createService({ marketplaceId, input });
    }
    const input = { ...common, services: values.links };
    return item
      ? catalogueChanges.updateAddOn({ marketplaceId, id: item.id, input })
      : catalogueChanges.createAddOn({ marketplaceId, input });
  });
}

/** The service's category, archived ones marked. */
function CategorySelect({
  id,
  value,
  error,
  categories,
  onChange,
}: {
  id: string;
  value: string;
  error: string | undefined;
  categories: StaffCatalogue['categories'];
  onChange: (id: string) => void;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required>
      <Field.Label htmlFor={id}>
        Category <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field id={id} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">Choose a category</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
              {category.archivedAt ? ' (archived)' : ''}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/** A service's or add-on's editor: text, options, lists, images, where it is offered and its links. */
export function OfferForm({
  marketplaceId,
  kind,
  item,
  categoryId,
  catalogue,
  onDone,
}: {
  marketplaceId: string;
  kind: OfferKind;
  item: StaffCatalogueItem | null;
  categoryId?: string;
  catalogue: StaffCatalogue;
  onDone: () => void;
}) {
  const rules = useMemo(() => offerFormRules(kind), [kind]);
  const initial = useRef(offerValuesOf(kind, item, categoryId));
  const form = useForm(rules, () => initial.current);
  const formRef = useRef<HTMLFormElement>(null);
  const ids = {
    name: useId(),
    tagline: useId(),
    description: useId(),
    ingredients: useId(),
    tags: useId(),
    category: useId(),
  };
  const dirty = JSON.stringify(form.values) !== JSON.stringify(initial.current);
  useReportDirty(`${kind}-${item?.id ?? 'new'}`, dirty);
  const noun = kind === 'service' ? 'service' : 'add-on';

  const save = useOfferSave(marketplaceId, kind, item, rules);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return focusFirstInvalid(formRef.current);
    try {
      await save.mutateAsync(form.values);
      initial.current = form.values;
      emit('toast', {
        type: 'success',
        message: item ? `${form.values.name.trim()} saved.` : `${form.values.name.trim()} added.`,
      });
      onDone();
    } catch (error) {
      form.setError(formField(errorExtensions(error).field), errorMessage(error));
    }
  };

  const toggleClinic = (id: string, checked: boolean) =>
    form.setValue(
      'clinicIds',
      checked ? [...form.values.clinicIds, id] : form.values.clinicIds.filter((c) => c !== id),
    );
  const text = (name: 'name' | 'tagline' | 'ingredients' | 'tags', label: string, hint?: string) => (
    <Field.Root invalid={Boolean(form.errors[name])} required={name === 'name'}>
      <Field.Label htmlFor={ids[name]}>
        {label} {name === 'name' && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        id={ids[name]}
        value={form.values[name]}
        maxLength={name === 'name' ? CATALOGUE_NAME_MAX_LENGTH + 20 : undefined}
        onChange={(event) => form.setValue(name, event.target.value)}
      />
      {hint && <Field.HelperText>{hint}</Field.HelperText>}
      {form.errors[name] && <Field.ErrorText>{form.errors[name]}</Field.ErrorText>}
    </Field.Root>
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={item ? `Edit ${item.name}` : `New ${noun}`}>
      <Stack gap="4" maxW="48rem">
        {text('name', 'Name')}
        {kind === 'service' && (
          <CategorySelect
            id={ids.category}
            value={form.values.categoryId}
            error={form.errors.categoryId}
            categories={catalogue.categories}
            onChange={(id) => form.setValue('categoryId', id)}
          />
        )}
        {text('tagline', 'Tagline')}
        <Field.Root invalid={Boolean(form.errors.description)}>
          <Field.Label htmlFor={ids.description}>Description</Field.Label>
          <Textarea
            id={ids.description}
            value={form.values.description}
            onChange={(event) => form.setValue('description', event.target.value)}
          />
          {form.errors.description && <Field.ErrorText>{form.errors.description}</Field.ErrorText>}
        </Field.Root>
        <ImageField
          marketplaceId={marketplaceId}
          label="Thumbnail"
          purpose="service-thumbnail"
          value={form.values.thumbnail}
          onChange={(url) => form.setValue('thumbnail', url)}
        />
        {form.errors.thumbnail && <Text color="fg.error">{form.errors.thumbnail}</Text>}
        <OptionRows
          kind={kind}
          rules={rules}
          values={form.values}
          error={form.errors.options}
          onChange={(options) => form.setValue('options', options)}
        />
        {text('ingredients', 'Ingredients', 'Separate them with commas.')}
        {text('tags', 'Tags', 'Separate them with commas.')}
        <WhereOffered
          catalogue={catalogue}
          clinicIds={form.values.clinicIds}
          offeredAtHome={form.values.offeredAtHome}
          error={form.errors.offeredAtHome}
          onClinic={toggleClinic}
          onAtHome={(checked) => form.setValue('offeredAtHome', checked)}
        />
        <LinksField
          kind={kind}
          catalogue={catalogue}
          selfId={item?.id ?? null}
          links={form.values.links}
          onChange={(links) => form.setValue('links', links)}
        />
        {form.formError && (
          <Text color="fg.error" role="alert">
            {form.formError}
          </Text>
        )}
        <HStack gap="3">
          <Button type="submit" loading={save.isPending}>
            {item ? `Save ${noun}` : `Add ${noun}`}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

/** The clinics that offer it, and whether it is offered at the client's home. */
function WhereOffered({
  catalogue,
  clinicIds,
  offeredAtHome,
  error,
  onClinic,
  onAtHome,
}: {
  catalogue: StaffCatalogue;
  clinicIds: string[];
  offeredAtHome: boolean;
  error: string | undefined;
  onClinic: (id: string, checked: boolean) => void;
  onAtHome: (checked: boolean) => void;
}) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend>Where it is offered</Fieldset.Legend>
      <Stack gap="2" mt="2">
        {catalogue.clinics.length === 0 && (
          <Text color="fg.muted">No clinics yet: add them in Settings.</Text>
        )}
        {catalogue.clinics.map((clinic) => (
          <Checkbox.Root
            key={clinic.id}
            checked={clinicIds.includes(clinic.id)}
            onCheckedChange={(details) => onClinic(clinic.id, details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{clinic.name}</Checkbox.Label>
          </Checkbox.Root>
        ))}
        <Checkbox.Root
          checked={offeredAtHome}
          disabled={!catalogue.providesAtHome && !offeredAtHome}
          invalid={Boolean(error)}
          onCheckedChange={(details) => onAtHome(details.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>At the client's home</Checkbox.Label>
        </Checkbox.Root>
        {!catalogue.providesAtHome && (
          <Text fontSize="sm" color="fg.muted">
            Visits at home are off for this marketplace (Settings).
          </Text>
        )}
        {error && <Text color="fg.error">{error}</Text>}
      </Stack>
    </Fieldset.Root>
  );
}
