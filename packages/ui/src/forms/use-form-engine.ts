import {
  type FormGroup,
  type FormValue,
  type FormValues,
  formSchema,
  normalizeFormValues,
} from '@atrium/domain';
import { useMemo } from 'react';
import { useForm } from './use-form';

/**
 * A generic form definition's state: useForm with the definition's own rules (each field's type,
 * required and invalid messages, bounds and patterns), starting from the fields' values.
 */
export function useFormEngine(groups: readonly FormGroup[], initial: FormValues = {}) {
  const rules = useMemo(() => formSchema(groups), [groups]);
  const form = useForm<FormValues, FormValues>(rules, () => ({
    ...Object.fromEntries(groups.flatMap((g) => g.fields).map((f) => [f.id, f.value ?? null])),
    ...initial,
  }));
  return {
    ...form,
    errors: form.errors as Record<string, string>,
    setValue: form.setValue as (id: string, value: FormValue) => void,
    /** Values as the API takes them (dates yyyy-MM-dd, phones E.164, text trimmed). */
    normalized: () => normalizeFormValues(groups, form.values),
  };
}
