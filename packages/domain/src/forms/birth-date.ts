import { FIRST_BIRTH_YEAR } from './dates';

/** What a typed birth date is wrong with; each has its own message so the client knows what to fix. */
export type BirthDateProblem = 'format' | 'impossible' | 'tooEarly' | 'future';

/** The birth date's messages (the future one keeps the product's wording, 'cannot be after today'). */
export const BIRTH_DATE_MESSAGES: Record<BirthDateProblem, string> = {
  format: 'Enter the date as M/D/YYYY, like 4/2/1990',
  impossible: 'Enter a real date, like 4/2/1990',
  tooEarly: `Enter a year from ${FIRST_BIRTH_YEAR} on`,
  future: 'Date of Birth cannot be after today',
};

const pad = (value: number) => String(value).padStart(2, '0');

/** The local calendar date as yyyy-MM-dd; a birth date is a calendar day, not an instant. */
const isoDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/**
 * A birth date typed as M/D/YYYY or MM/DD/YYYY (yyyy-MM-dd is read too, as stored dates
 * arrive so). It must be a real calendar day, from 1900 (where the year list starts) and not after
 * today. Gives the yyyy-MM-dd to send, or the one problem to tell the client about.
 */
export function checkBirthDate(
  text: string,
  now = new Date(),
): { date: string } | { problem: BirthDateProblem } {
  const value = text.trim();
  const typed = value.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
  const stored = value.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  const parts = typed ? [typed[3], typed[1], typed[2]] : stored ? [stored[1], stored[2], stored[3]] : null;
  if (!parts) return { problem: 'format' };
  const [year, month, day] = parts.map(Number) as [number, number, number];
  // Day 0 of the next month is the last day of this one (leap years included).
  const daysInMonth = new Date(year, month, 0).getDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return { problem: 'impossible' };
  if (year < FIRST_BIRTH_YEAR) return { problem: 'tooEarly' };
  const date = `${year}-${pad(month)}-${pad(day)}`;
  if (date > isoDay(now)) return { problem: 'future' };
  return { date };
}

/** The message for a typed birth date, or null when it is fine. */
export function birthDateError(text: string, now = new Date()): string | null {
  const checked = checkBirthDate(text, now);
  return 'problem' in checked ? BIRTH_DATE_MESSAGES[checked.problem] : null;
}

/**
 * The masked MM/DD/YYYY input that also takes M/D/YYYY: digits and slashes only; a slash goes in
 * by itself after two digits of month or day, and a slash typed after one digit ends that part, so
 * '4/2/1990' stays as typed. Deleting is left alone, so backspace can remove a slash.
 */
export function maskBirthDateInput(previous: string, next: string): string {
  const cleaned = next.replace(/[^\d/]/g, '');
  if (cleaned.length <= previous.length) return cleaned.slice(0, 10);
  let masked = '';
  let part = 0; // 0 month, 1 day, 2 year
  let length = 0;
  for (const char of cleaned) {
    if (char === '/') {
      if (part < 2 && length > 0) {
        masked += '/';
        part++;
        length = 0;
      }
      continue;
    }
    if (part < 2 && length === 2) {
      masked += '/';
      part++;
      length = 0;
    }
    if (part === 2 && length === 4) break;
    masked += char;
    length++;
  }
  return masked;
}
