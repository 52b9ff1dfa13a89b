import { CHECKOUT_NOTE_TYPES, type CheckoutNoteType, checkoutNoteRules } from '@atrium/domain';
import type { StaffSettingsCheckoutNote } from '@atrium/graphql-client/staff-settings';
import { Button, Heading, Stack } from '@atrium/ui';
import { Checkbox, Field, focusFirstInvalid, NativeSelect, Textarea, useForm } from '@atrium/ui/forms';
import { type FormEvent, useMemo } from 'react';
import { FormActions, isDirty, TextField, useSettingsSave } from './form-kit';
import { useConfirmLeave, useReportDirty } from './unsaved-changes';

export const NOTE_TYPE_LABELS: Record<CheckoutNoteType, string> = {
  TEXT: 'Text answer',
  SELECT: 'One choice',
  MULTISELECT: 'Several choices',
  BOOLEAN: 'Yes or no',
  DATETIME: 'Date and time',
  HEADER: 'Heading (no answer)',
};

interface NoteValues {
  label: string;
  type: CheckoutNoteType;
  isRequired: boolean;
  placeholder: string;
  /** One choice a line. */
  values: string;
}

const noteValues = (note: StaffSettingsCheckoutNote | null): NoteValues => ({
  label: note?.label ?? '',
  type: note?.type ?? 'TEXT',
  isRequired: note?.isRequired ?? false,
  placeholder: note?.options?.placeholder ?? '',
  values: (note?.options?.values ?? []).join('\n'),
});

/** Adds a checkout question (`note` null) or changes one. */
export function CheckoutNoteEditor({
  marketplaceId,
  note,
  onDone,
}: {
  marketplaceId: string;
  note: StaffSettingsCheckoutNote | null;
  onDone: () => void;
}) {
  const initial = useMemo(() => noteValues(note), [note]);
  const form = useForm(checkoutNoteRules, initial);
  const create = useSettingsSave('createCheckoutNote', 'Checkout question added.');
  const update = useSettingsSave('updateCheckoutNote', 'Checkout question saved.');
  const dirty = isDirty(form.values, initial);
  useReportDirty('checkout-note', dirty);
  const confirmLeave = useConfirmLeave();
  const { values, errors, setValue } = form;
  const choices = values.type === 'SELECT' || values.type === 'MULTISELECT';
  const placeholder = values.type === 'TEXT' || values.type === 'SELECT';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.validate();
    if (!checked) return focusFirstInvalid(event.currentTarget);
    const input = {
      label: checked.label,
      type: checked.type,
      isRequired: checked.isRequired,
      placeholder: checked.options.placeholder ?? null,
      values: checked.options.values ?? [],
    };
    const handlers = { onSaved: onDone, onRefused: (message: string) => form.setError(null, message) };
    if (note) update.save({ marketplaceId, id: note.id, input }, handlers);
    else create.save({ marketplaceId, input }, handlers);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="settings-note-heading">
      <Stack gap="5" maxW="2xl">
        <Heading as="h3" size="md" id="settings-note-heading">
          {note ? 'Edit checkout question' : 'Add a checkout question'}
        </Heading>
        <TextField
          label={values.type === 'HEADER' ? 'Heading' : 'Question'}
          required
          value={values.label}
          onValue={(v) => setValue('label', v)}
          error={errors.label}
        />
        <Field.Root required>
          <Field.Label>Kind of answer</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={values.type}
              onChange={(e) => {
                const type = e.target.value as CheckoutNoteType;
                form.setValues((current) => ({
                  ...current,
                  type,
                  isRequired: type === 'HEADER' ? false : current.isRequired,
                }));
              }}
            >
              {CHECKOUT_NOTE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {NOTE_TYPE_LABELS[type]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {choices && (
          <Field.Root required invalid={Boolean(errors.values)}>
            <Field.Label>
              Choices <Field.RequiredIndicator />
            </Field.Label>
            <Textarea rows={4} value={values.values} onChange={(e) => setValue('values', e.target.value)} />
            {errors.values ? (
              <Field.ErrorText>{errors.values}</Field.ErrorText>
            ) : (
              <Field.HelperText>One choice a line.</Field.HelperText>
            )}
          </Field.Root>
        )}
        {placeholder && (
          <TextField
            label="Placeholder"
            value={values.placeholder}
            onValue={(v) => setValue('placeholder', v)}
            error={errors.placeholder}
            helper="Shown in the empty answer, e.g. ‘Latex, pollen…’."
          />
        )}
        <Field.Root invalid={Boolean(errors.isRequired)}>
          <Checkbox.Root
            checked={values.isRequired}
            disabled={values.type === 'HEADER'}
            onCheckedChange={(d) => setValue('isRequired', d.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Clients must answer</Checkbox.Label>
          </Checkbox.Root>
          {errors.isRequired && <Field.ErrorText>{errors.isRequired}</Field.ErrorText>}
        </Field.Root>
        <FormActions
          dirty={dirty}
          pending={create.pending || update.pending}
          formError={form.formError}
          onDiscard={() => form.setValues(initial)}
          saveLabel={note ? 'Save question' : 'Add question'}
        />
        <Button variant="ghost" alignSelf="start" onClick={() => confirmLeave(onDone)}>
          Back to checkout questions
        </Button>
      </Stack>
    </form>
  );
}
