import { CATALOGUE_NAME_MAX_LENGTH, categoryRules } from '@atrium/domain';
import { errorExtensions, errorMessage } from '@atrium/graphql-client';
import {
  type CatalogueCategoryInput,
  catalogueChanges,
  type StaffCatalogueCategory,
  useCatalogueChange,
} from '@atrium/graphql-client/staff-catalogue';
import { emit } from '@atrium/stores';
import { Button, HStack, Stack, Text } from '@atrium/ui';
import { Field, focusFirstInvalid, Input, Textarea, useForm } from '@atrium/ui/forms';
import { type FormEvent, useId, useRef } from 'react';
import { useReportDirty } from '../settings/unsaved-changes';
import { ImageField } from '../shared/image-field';

interface CategoryValues {
  name: string;
  description: string;
  thumbnail: string | null;
  banner: string | null;
}

const valuesOf = (category: StaffCatalogueCategory | null): CategoryValues => ({
  name: category?.name ?? '',
  description: category?.description ?? '',
  thumbnail: category?.thumbnail ?? null,
  banner: category?.banner ?? null,
});

/** A category's name, description and images; new or existing. */
export function CategoryForm({
  marketplaceId,
  category,
  onDone,
}: {
  marketplaceId: string;
  category: StaffCatalogueCategory | null;
  onDone: () => void;
}) {
  const initial = useRef(valuesOf(category));
  const form = useForm(categoryRules, () => initial.current);
  const save = useCatalogueChange((input: CatalogueCategoryInput) =>
    category
      ? catalogueChanges.updateCategory({ marketplaceId, id: category.id, input })
      : catalogueChanges.createCategory({ marketplaceId, input }),
  );
  const formRef = useRef<HTMLFormElement>(null);
  const nameId = useId();
  const descriptionId = useId();
  const dirty = JSON.stringify(form.values) !== JSON.stringify(initial.current);
  useReportDirty(`category-${category?.id ?? 'new'}`, dirty);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return focusFirstInvalid(formRef.current);
    try {
      await save.mutateAsync(input);
      initial.current = form.values;
      emit('toast', { type: 'success', message: category ? 'Category saved.' : `${input.name} added.` });
      onDone();
    } catch (error) {
      const field = errorExtensions(error)?.field;
      form.setError(
        typeof field === 'string' && field in form.values ? (field as keyof CategoryValues) : null,
        errorMessage(error),
      );
    }
  };

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={category ? `Edit ${category.name}` : 'New category'}
    >
      <Stack gap="4" maxW="40rem">
        <Field.Root invalid={Boolean(form.errors.name)} required>
          <Field.Label htmlFor={nameId}>
            Name <Field.RequiredIndicator />
          </Field.Label>
          <Input
            id={nameId}
            value={form.values.name}
            maxLength={CATALOGUE_NAME_MAX_LENGTH + 20}
            onChange={(event) => form.setValue('name', event.target.value)}
          />
          {form.errors.name && <Field.ErrorText>{form.errors.name}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={Boolean(form.errors.description)}>
          <Field.Label htmlFor={descriptionId}>Description</Field.Label>
          <Textarea
            id={descriptionId}
            value={form.values.description}
            onChange={(event) => form.setValue('description', event.target.value)}
          />
          {form.errors.description && <Field.ErrorText>{form.errors.description}</Field.ErrorText>}
        </Field.Root>
        <ImageField
          marketplaceId={marketplaceId}
          label="Thumbnail"
          purpose="category-thumbnail"
          value={form.values.thumbnail}
          onChange={(url) => form.setValue('thumbnail', url)}
        />
        {form.errors.thumbnail && <Text color="fg.error">{form.errors.thumbnail}</Text>}
        <ImageField
          marketplaceId={marketplaceId}
          label="Banner"
          purpose="category-banner"
          value={form.values.banner}
          onChange={(url) => form.setValue('banner', url)}
        />
        {form.errors.banner && <Text color="fg.error">{form.errors.banner}</Text>}
        {form.formError && (
          <Text color="fg.error" role="alert">
            {form.formError}
          </Text>
        )}
        <HStack gap="3">
          <Button type="submit" loading={save.isPending}>
            {category ? 'Save category' : 'Add category'}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
