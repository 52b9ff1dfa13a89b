import { type FieldRule, fieldErrors } from '@atrium/domain';
import { useCallback, useMemo, useState } from 'react';

type Problem<Values> = { message: string; field: (keyof Values & string) | null };
type FieldErrors<Values> = Partial<Record<keyof Values & string, string>>;

/**
 * A form's state with its rules (a zod schema from @atrium/domain): the values as typed, and each
 * field's first problem once the client has tried to send, following what they type from then on.
 * `validate` shows every problem and gives the values to send (trimmed, phones E.164, dates
 * yyyy-MM-dd), or null when something needs the client's attention. `setError` shows what the server
 * said, on a field or for the whole form (`formError`), until the client changes something.
 */
export function useForm<Values extends object, Out>(rules: FieldRule<Out>, initial: Values | (() => Values)) {
  const [values, setValues] = useState<Values>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [problem, setProblem] = useState<Problem<Values> | null>(null);
  const errors = useMemo(() => {
    const found = (submitted ? fieldErrors(rules, values) : {}) as FieldErrors<Values>;
    if (problem?.field && !found[problem.field]) found[problem.field] = problem.message;
    return found;
  }, [submitted, rules, values, problem]);

  const setValue = useCallback(<K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setProblem(null);
  }, []);

  const validate = (): Out | null => {
    setSubmitted(true);
    setProblem(null);
    const result = rules.safeParse(values);
    return result.success ? result.data : null;
  };

  const setError = useCallback((field: (keyof Values & string) | null, message: string) => {
    setProblem({ field, message });
  }, []);

  return {
    values,
    errors,
    formError: problem && !problem.field ? problem.message : null,
    setValue,
    setValues,
    setError,
    validate,
  };
}

/** Takes the client to the first field that needs attention (in `root`), once it shows its message. */
export function focusFirstInvalid(root: ParentNode | null = document) {
  requestAnimationFrame(() => {
    const field = (root ?? document).querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.scrollIntoView({ block: 'center' });
    field?.focus({ preventScroll: true });
  });
}
