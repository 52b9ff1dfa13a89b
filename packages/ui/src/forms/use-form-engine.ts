import {
  type FormGroup,
  type FormValue,
  type FormValues,
  normalizeFormValues,
  validateField,
  validateForm,
} from '@atrium/domain';
import { useCallback, useState } from 'react';

/** State for a FormEngine: values, errors shown after a first submit, validation and clean values. */
export function useFormEngine(groups: readonly FormGroup[], initial: FormValues = {}) {
  const [values, setValues] = useState<FormValues>(() => ({
    ...Object.fromEntries(groups.flatMap((g) => g.fields).map((f) => [f.id, f.value ?? null])),
    ...initial,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);

  const setValue = useCallback(
    (id: string, value: FormValue) => {
      setValues((current) => {
        const next = { ...current, [id]: value };
        // Once the client has tried to submit, errors follow what they type.
        if (submitted) {
          const field = groups.flatMap((g) => g.fields).find((f) => f.id === id);
          setErrors((errs) => {
            const rest = { ...errs };
            const message = field ? validateField(field, value, next) : null;
            if (message) rest[id] = message;
            else delete rest[id];
            return rest;
          });
        }
        return next;
      });
    },
    [groups, submitted],
  );

  /** Validates everything; true when the form may be sent. */
  const validate = useCallback(() => {
    setSubmitted(true);
    const found = validateForm(groups, values);
    setErrors(found);
    return Object.keys(found).length === 0;
  }, [groups, values]);

  return {
    values,
    errors,
    setValue,
    setValues,
    validate,
    /** Values as the API takes them (dates yyyy-MM-dd, phones E.164, text trimmed). */
    normalized: () => normalizeFormValues(groups, values),
  };
}
