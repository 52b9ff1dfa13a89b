import { type FieldRule, fieldErrors } from '@atrium/domain';
import { useCallback, useMemo, useState } from 'react';

/**
 * A form's state with its rules (a zod schema from @atrium/domain): the values as typed, and each
 * field's first problem once the client has tried to send, following what they type from then on.
 * `validate` shows every problem and gives the values to send (trimmed, phones E.164, dates
 * yyyy-MM-dd), or null when something needs the client's attention.
 */
export function useForm<Values extends object, Out>(rules: FieldRule<Out>, initial: Values | (() => Values)) {
  const [values, setValues] = useState<Values>(initial);
  const [submitted, setSubmitted] = useState(false);
  const errors = useMemo(
    () => (submitted ? fieldErrors(rules, values) : {}) as Partial<Record<keyof Values & string, string>>,
    [submitted, rules, values],
  );

  const setValue = useCallback(<K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
  }, []);

  const validate = (): Out | null => {
    setSubmitted(true);
    const result = rules.safeParse(values);
    return result.success ? result.data : null;
  };

  return { values, errors, setValue, setValues, validate };
}

/** Takes the client to the first field that needs attention, once the page shows its message. */
export function focusFirstInvalid() {
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.scrollIntoView({ block: 'center' });
    field?.focus({ preventScroll: true });
  });
}
