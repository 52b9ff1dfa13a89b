import { outsideVisitForm } from '@atrium/domain';
import { errorCode, errorMessage } from '@atrium/graphql-client';
import { type StaffOutsideVisit, useStaffAddOutsideVisit } from '@atrium/graphql-client/staff';
import { focusFirstInvalid, useForm } from '@atrium/ui/forms';
import { type FormEvent, useId, useRef, useState } from 'react';
import { choiceProblems, type OutsideVisitValues, visitChanged, visitVariables } from './outside-visit-form';

/**
 * The visit's form: the domain's rules for its day, times and note, the choices' own checks, and a
 * submit that sends it or keeps what was typed with the API's reason (a taken time under the start).
 */
export function useOutsideVisitForm(
  marketplaceId: string,
  initial: OutsideVisitValues,
  onAdded: (visit: StaffOutsideVisit, values: OutsideVisitValues) => void,
) {
  const form = useForm(outsideVisitForm, initial);
  const opened = useRef(initial);
  const [tried, setTried] = useState(false);
  const add = useStaffAddOutsideVisit();
  const formId = useId();
  const errors = { ...(tried ? choiceProblems(form.values) : {}), ...form.errors };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const root = event.currentTarget;
    setTried(true);
    const valid = form.validate();
    if (!valid || Object.keys(choiceProblems(form.values)).length > 0) return focusFirstInvalid(root);
    try {
      onAdded(await add.mutateAsync(visitVariables(marketplaceId, form.values, valid)), form.values);
    } catch (error) {
      const taken = errorCode(error) === 'SLOT_TAKEN';
      form.setError(taken ? 'start' : null, errorMessage(error));
      if (taken) focusFirstInvalid(root);
    }
  };

  return {
    ...form,
    errors,
    formId,
    dirty: visitChanged(form.values, opened.current),
    pending: add.isPending,
    submit,
  };
}
