import { format, isValid, parse } from 'date-fns';

/** Dates travel as yyyy-MM-dd (a birth date is sent so too). */
export const ISO_DATE = 'yyyy-MM-dd';
/** A year must have four digits and be at most this many years ahead. */
export const MAX_YEARS_AHEAD = 12;
/** The birth-year selector starts at 1900. */
export const FIRST_BIRTH_YEAR = 1900;

const today = (now: Date) => format(now, ISO_DATE);

/**
 * Reads a typed date: MM/DD/YYYY (the masked input), M/D/YYYY (birth dates may be typed so), or
 * yyyy-MM-dd. Returns yyyy-MM-dd, or null when it is not a real date with a four-digit year up to
 * the current year plus 12.
 */
export function parseDateInput(text: string, now = new Date()): string | null {
  const value = text.trim();
  const match = value.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/) ?? null;
  let date: Date;
  if (match) {
    date = parse(`${match[1]}/${match[2]}/${match[3]}`, 'M/d/yyyy', new Date(2000, 0, 1));
  } else if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    date = parse(value, ISO_DATE, new Date(2000, 0, 1));
  } else {
    return null;
  }
  if (!isValid(date)) return null;
  const year = date.getFullYear();
  if (year < 1000 || year > now.getFullYear() + MAX_YEARS_AHEAD) return null;
  return format(date, ISO_DATE);
}

/** minDate and maxDate are yyyy-MM-dd or the word 'today' (the current date). */
export function resolveDateBound(bound: string | null | undefined, now = new Date()): string | null {
  if (!bound) return null;
  return bound === 'today' ? today(now) : bound;
}

/**
 * A stored yyyy-MM-dd date as the date input shows it, MM/DD/YYYY (a birth date prefilled from a
 * profile or a sign-in provider); '' when there is none.
 */
export function formatDateInput(iso: string | null | undefined): string {
  const [, year, month, day] = iso?.match(/^(\d{4})-(\d{2})-(\d{2})$/) ?? [];
  return year && month && day ? `${month}/${day}/${year}` : '';
}

/**
 * The date mask: MM/DD/YYYY from whatever digits were typed, slashes added as the digits come
 * ("0715" -> "07/15", "07151990" -> "07/15/1990"); anything but digits is dropped.
 */
export function maskDateInput(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/** Keys the masked date input lets through. */
export const DATE_MASK_KEYS = [
  'Tab',
  'Backspace',
  'Delete',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
];
export const allowsDateMaskKey = (key: string) => /^\d$/.test(key) || DATE_MASK_KEYS.includes(key);
