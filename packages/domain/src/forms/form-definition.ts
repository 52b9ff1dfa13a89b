import { BIRTH_DATE_MESSAGES, checkBirthDate } from './birth-date';
import { parseDateInput, resolveDateBound } from './dates';
import { isCanadianPostalCode, isCreditCardNumber, isEmail, isUsZip } from './patterns';
import { parseUsPhone } from './phone';

/** Spec 3: the generic form's field types; other values are plain input types (text, password, ...). */
export type FormFieldType =
  | 'phone'
  | 'checkbox'
  | 'switch'
  | 'date'
  | 'radio'
  | 'select'
  | 'textarea'
  | 'multiselect'
  | 'header'
  | 'text'
  | 'email'
  | 'password'
  | 'number'
  | 'datetime-local';

/** Spec 5: further patterns a plain input can be held to. */
export type FormFieldPattern = 'creditCard' | 'usZip' | 'caPostalCode';

export type FormValue = string | string[] | boolean | null;

/** Spec 3 "Generic form definition": one field. */
export interface FormField {
  id: string;
  label: string;
  type: FormFieldType;
  value?: FormValue;
  placeholder?: string;
  isRequired?: boolean;
  requiredMessage?: string;
  invalidMessage?: string;
  isReadonly?: boolean;
  options?: { label: string; value: string }[];
  /** yyyy-MM-dd or 'today'. */
  minDate?: string;
  maxDate?: string;
  /** For dates: 'birth' accepts M/D/YYYY, offers years from 1900 and names each problem itself. */
  mode?: 'birth' | 'appointment';
  rows?: number;
  width?: 'full' | 'half';
  subLabel?: string;
  autoComplete?: string;
  /** The id of a field this one must equal (a password's confirmation). */
  mustMatch?: string;
  pattern?: FormFieldPattern;
}

export interface FormGroup {
  id: string;
  label?: string;
  fields: FormField[];
}

export type FormValues = Record<string, FormValue>;

function isEmpty(field: FormField, value: FormValue | undefined): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'boolean') return (field.type === 'checkbox' || field.type === 'radio') && !value;
  if (Array.isArray(value)) return value.length === 0;
  return value.trim() === '';
}

const invalid = (field: FormField, fallback: string) => field.invalidMessage ?? fallback;

/**
 * Spec 5 generic rules: a required field fails when empty (or an unchecked checkbox/radio) with its
 * required message; a must-match partner that differs fails with the invalid message; dates must be
 * real dates within minDate..maxDate; emails, US phones and the patterns must match.
 */
export function validateField(
  field: FormField,
  value: FormValue | undefined,
  values: FormValues,
  now = new Date(),
): string | null {
  if (field.type === 'header') return null;
  if (isEmpty(field, value)) {
    return field.isRequired ? (field.requiredMessage ?? `${field.label} is required`) : null;
  }
  if (field.mustMatch !== undefined && value !== values[field.mustMatch]) {
    return invalid(field, `${field.label} does not match`);
  }
  if (typeof value !== 'string') return null;

  if (field.type === 'date' && field.mode === 'birth') {
    // Birth dates name what is wrong (format, impossible day, year before 1900, after today).
    const checked = checkBirthDate(value, now);
    if ('problem' in checked) return BIRTH_DATE_MESSAGES[checked.problem];
    const min = resolveDateBound(field.minDate, now);
    const max = resolveDateBound(field.maxDate, now);
    if (max && checked.date > max) return BIRTH_DATE_MESSAGES.future;
    if (min && checked.date < min) return invalid(field, 'Please enter a valid date');
  } else if (field.type === 'date') {
    const date = parseDateInput(value, now);
    if (!date) return invalid(field, 'Please enter a valid date');
    const min = resolveDateBound(field.minDate, now);
    const max = resolveDateBound(field.maxDate, now);
    if ((min && date < min) || (max && date > max)) return invalid(field, 'Please enter a valid date');
  }
  if (field.type === 'email' && !isEmail(value)) return invalid(field, 'Please provide a valid email');
  if (field.type === 'phone' && 'problem' in parseUsPhone(value)) {
    return invalid(field, 'Please provide a valid US phone number');
  }
  if (field.pattern === 'creditCard' && !isCreditCardNumber(value))
    return invalid(field, 'Please enter a valid card number');
  if (field.pattern === 'usZip' && !isUsZip(value)) return invalid(field, 'Please enter a valid ZIP code');
  if (field.pattern === 'caPostalCode' && !isCanadianPostalCode(value)) {
    return invalid(field, 'Please enter a valid postal code');
  }
  return null;
}

/** Every field's first problem, by field id; an empty object means the form is valid. */
export function validateForm(
  groups: readonly FormGroup[],
  values: FormValues,
  now = new Date(),
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of groups.flatMap((group) => group.fields)) {
    const message = validateField(field, values[field.id], values, now);
    if (message) errors[field.id] = message;
  }
  return errors;
}

/** The values as the API takes them: dates as yyyy-MM-dd, phones as E.164, text trimmed. */
export function normalizeFormValues(
  groups: readonly FormGroup[],
  values: FormValues,
  now = new Date(),
): FormValues {
  const normalized: FormValues = {};
  for (const field of groups.flatMap((group) => group.fields)) {
    const value = values[field.id] ?? null;
    if (field.type === 'header') continue;
    if (typeof value !== 'string') {
      normalized[field.id] = value;
    } else if (field.type === 'date' && field.mode === 'birth') {
      const checked = checkBirthDate(value, now);
      normalized[field.id] = 'date' in checked ? checked.date : value;
    } else if (field.type === 'date') {
      normalized[field.id] = parseDateInput(value, now) ?? value;
    } else if (field.type === 'phone') {
      const phone = parseUsPhone(value);
      normalized[field.id] = 'e164' in phone ? phone.e164 : value;
    } else {
      normalized[field.id] = value.trim();
    }
  }
  return normalized;
}
