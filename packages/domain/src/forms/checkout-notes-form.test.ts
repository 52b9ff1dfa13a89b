import { describe, expect, it } from 'vitest';
import { checkoutNoteAnswers, checkoutNotesGroups } from './checkout-notes-form';

const notes = [
  {
    id: '2',
    index: 2,
    label: 'Any allergies we should know about?',
    type: 'TEXT' as const,
    isRequired: true,
    options: null,
  },
  { id: '1', index: 1, label: 'A few questions', type: 'HEADER' as const, isRequired: false, options: null },
  {
    id: '3',
    index: 3,
    label: 'What are your goals?',
    type: 'MULTISELECT' as const,
    isRequired: false,
    options: { placeholder: null, values: ['Energy', 'Recovery'] },
  },
  { id: '4', index: 4, label: 'First IV?', type: 'BOOLEAN' as const, isRequired: false, options: null },
];

describe('checkout notes', () => {
  it('become form fields of the matching types, in index order, with a required message', () => {
    const [group] = checkoutNotesGroups(notes);
    expect(group?.fields.map((f) => [f.id, f.type])).toEqual([
      ['1', 'header'],
      ['2', 'text'],
      ['3', 'multiselect'],
      ['4', 'checkbox'],
    ]);
    expect(group?.fields[1]?.requiredMessage).toBe('Any allergies we should know about is required');
    expect(group?.fields[2]?.options).toEqual([
      { label: 'Energy', value: 'Energy' },
      { label: 'Recovery', value: 'Recovery' },
    ]);
  });

  it('send answers as text, lists one value per line, and leave out blanks and headers', () => {
    expect(
      checkoutNoteAnswers(notes, { '1': 'x', '2': ' None ', '3': ['Energy', 'Recovery'], '4': false }),
    ).toEqual([
      { checkoutNoteId: '2', value: ' None ' },
      { checkoutNoteId: '3', value: 'Energy\nRecovery' },
      { checkoutNoteId: '4', value: 'false' },
    ]);
  });
});
