import { asc, eq } from 'drizzle-orm';
import { checkoutNoteDefinitions } from '../catalogue';
import type { Db } from '../kernel/database/database';
import { InvalidInputError } from '../kernel/errors';

export interface CheckoutNoteAnswer {
  checkoutNoteId: number;
  /** A MULTISELECT's values joined with newlines, a BOOLEAN 'true' or 'false'. */
  value: string;
}

export interface CheckedAnswer {
  checkoutNoteId: number;
  label: string;
  value: string;
}

/**
 * Checks the answers against the marketplace's checkout notes: each answers one of its notes (not a
 * HEADER) once, a SELECT or MULTISELECT with its own values, a BOOLEAN with 'true' or 'false', a
 * DATETIME with a date; every required note is answered (a required BOOLEAN must be ticked).
 * Blank answers to optional notes are dropped.
 */
export async function checkNoteAnswers(
  db: Db,
  marketplaceId: number,
  answers: CheckoutNoteAnswer[],
): Promise<CheckedAnswer[]> {
  const notes = await db
    .select()
    .from(checkoutNoteDefinitions)
    .where(eq(checkoutNoteDefinitions.marketplaceId, marketplaceId))
    .orderBy(asc(checkoutNoteDefinitions.index));
  const byId = new Map(notes.map((note) => [note.id, note]));
  const given = new Map<number, string>();
  for (const answer of answers) {
    const note = byId.get(answer.checkoutNoteId);
    if (!note || note.type === 'HEADER') {
      throw new InvalidInputError(
        `Checkout note ${answer.checkoutNoteId} is not a question of this marketplace.`,
      );
    }
    if (given.has(note.id)) throw new InvalidInputError(`Checkout note ${note.id} is answered twice.`);
    given.set(note.id, answer.value.trim());
  }

  const checked: CheckedAnswer[] = [];
  for (const note of notes) {
    if (note.type === 'HEADER') continue;
    const value = given.get(note.id) ?? '';
    const answered = note.type === 'BOOLEAN' ? value === 'true' : value !== '';
    if (note.isRequired && !answered) throw new InvalidInputError(`${note.label} is required.`);
    if (value === '') continue;
    const choices = note.options?.values ?? [];
    const invalid =
      (note.type === 'SELECT' && !choices.includes(value)) ||
      (note.type === 'MULTISELECT' && value.split('\n').some((item) => !choices.includes(item.trim()))) ||
      (note.type === 'BOOLEAN' && value !== 'true' && value !== 'false') ||
      (note.type === 'DATETIME' && Number.isNaN(Date.parse(value)));
    if (invalid)
      throw new InvalidInputError(`The answer to '${note.label}' is not one of its choices or formats.`);
    checked.push({ checkoutNoteId: note.id, label: note.label, value });
  }
  return checked;
}
