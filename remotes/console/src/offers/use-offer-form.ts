import type { FieldRule } from '@atrium/domain';
import { errorCode, errorMessage } from '@atrium/graphql-client';
import { emit } from '@atrium/stores';
import { focusFirstInvalid, useForm } from '@atrium/ui/forms';
import { type FormEvent, useId, useRef } from 'react';

/**
 * An offer's form: its values with the domain's rules (the API's own), whether they changed since it
 * opened, and a submit that validates, saves, toasts and closes, or shows what the server refused
 * (on `codeField` for PROMO_CODE_TAKEN, else for the whole form).
 */
export function useOfferForm<Values extends object, Out>(options: {
  rules: FieldRule<Out>;
  initial: Values;
  save: (input: Out) => Promise<unknown>;
  done: string;
  onDone: () => void;
  codeField?: keyof Values & string;
}) {
  const form = useForm<Values, Out>(options.rules, options.initial);
  const initial = useRef(JSON.stringify(options.initial));
  const formId = useId();
  const dirty = JSON.stringify(form.values) !== initial.current;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const root = event.currentTarget;
    const input = form.validate();
    if (input === null) {
      focusFirstInvalid(root);
      return;
    }
    try {
      await options.save(input);
      emit('toast', { type: 'success', message: options.done });
      options.onDone();
    } catch (error) {
      const field = errorCode(error) === 'PROMO_CODE_TAKEN' ? (options.codeField ?? null) : null;
      form.setError(field, errorMessage(error));
      if (field) focusFirstInvalid(root);
    }
  };

  return { ...form, formId, dirty, submit };
}
