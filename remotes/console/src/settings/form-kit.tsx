import { errorMessage } from '@atrium/graphql-client';
import {
  type SettingsChangeName,
  type StaffSettings,
  useSettingsChange,
} from '@atrium/graphql-client/staff-settings';
import { emit } from '@atrium/stores';
import { Alert, Button, HStack } from '@atrium/ui';
import { Field, Input, type InputProps } from '@atrium/ui/forms';
import type { ReactNode } from 'react';

/** Whether a form's values differ from what was loaded. */
export const isDirty = (values: unknown, initial: unknown) =>
  JSON.stringify(values) !== JSON.stringify(initial);

interface TextFieldProps extends Omit<InputProps, 'value' | 'onChange'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  helper?: ReactNode;
  required?: boolean;
}

/** A labelled text input with its rule's message under it. */
export function TextField({ label, value, onValue, error, helper, required, ...input }: TextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input value={value} onChange={(event) => onValue(event.target.value)} {...input} />
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        helper && <Field.HelperText>{helper}</Field.HelperText>
      )}
    </Field.Root>
  );
}

/** Save and discard for a form, with the server's reason when it refused. */
export function FormActions({
  dirty,
  pending,
  formError,
  onDiscard,
  saveLabel = 'Save',
}: {
  dirty: boolean;
  pending: boolean;
  formError: string | null;
  onDiscard: () => void;
  saveLabel?: string;
}) {
  return (
    <>
      {formError && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{formError}</Alert.Title>
        </Alert.Root>
      )}
      <HStack gap="3" flexWrap="wrap">
        <Button type="submit" loading={pending} disabled={!dirty}>
          {saveLabel}
        </Button>
        <Button variant="outline" onClick={onDiscard} disabled={!dirty || pending}>
          Discard changes
        </Button>
      </HStack>
    </>
  );
}

/**
 * A settings change as a form runs it: a toast says it was saved, and the server's reason for
 * refusing is handed to the form (`onRefused`) to show beside it.
 */
export function useSettingsSave<Name extends SettingsChangeName>(name: Name, done: string) {
  const change = useSettingsChange(name);
  const save = (
    variables: Parameters<typeof change.mutate>[0],
    handlers: { onSaved?: (settings: StaffSettings) => void; onRefused?: (message: string) => void } = {},
  ) =>
    change.mutate(variables, {
      onSuccess: (settings) => {
        emit('toast', { type: 'success', message: done });
        handlers.onSaved?.(settings);
      },
      onError: (error) => {
        const message = errorMessage(error);
        if (handlers.onRefused) handlers.onRefused(message);
        else emit('toast', { type: 'error', message });
      },
    });
  return { save, pending: change.isPending };
}
