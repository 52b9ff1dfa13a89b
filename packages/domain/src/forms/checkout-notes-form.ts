// A marketplace's checkout notes (its own questions) as a generic form, and the answers as the API
// takes them: one place for checkout and the console's booking for a client, so both ask alike.
import type { FormField, FormGroup, FormValue, FormValues } from './form-definition';

type CheckoutNoteType = 'TEXT' | 'SELECT' | 'MULTISELECT' | 'BOOLEAN' | 'DATETIME' | 'HEADER';

/** A checkout note as the marketplace query gives it. */
export interface CheckoutNoteDefinition {
  id: string;
  index: number;
  label: string;
  type: CheckoutNoteType;
  isRequired: boolean;
  options?: { placeholder?: string | null; values: string[] } | null;
}

const fieldTypes = {
  TEXT: 'text',
  SELECT: 'select',
  MULTISELECT: 'multiselect',
  BOOLEAN: 'checkbox',
  DATETIME: 'datetime-local',
  HEADER: 'header',
} as const satisfies Record<CheckoutNoteType, FormField['type']>;

/** The marketplace's checkout notes as a generic form, in their index order. */
export function checkoutNotesGroups(notes: readonly CheckoutNoteDefinition[]): FormGroup[] {
  const fields = [...notes]
    .sort((a, b) => a.index - b.index)
    .map(
      (note): FormField => ({
        id: note.id,
        label: note.label,
        type: fieldTypes[note.type],
        isRequired: note.isRequired,
        requiredMessage: `${note.label.replace(/\?$/, '')} is required`,
        placeholder: note.options?.placeholder ?? undefined,
        options: note.options?.values.map((value) => ({ label: value, value })),
      }),
    );
  return fields.length > 0 ? [{ id: 'checkout-notes', fields }] : [];
}

/** Answers as the API takes them: text, a MULTISELECT's values one per line, a BOOLEAN 'true'/'false'. */
export function checkoutNoteAnswers(notes: readonly CheckoutNoteDefinition[], answers: FormValues) {
  return notes.flatMap((note) => {
    const value: FormValue | undefined = answers[note.id];
    if (note.type === 'HEADER' || value === null || value === undefined) return [];
    const text = Array.isArray(value) ? value.join('\n') : String(value);
    return text.trim() === '' ? [] : [{ checkoutNoteId: note.id, value: text }];
  });
}
