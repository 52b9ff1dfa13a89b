import * as z from 'zod/mini';
import { BIRTH_DATE_MESSAGES } from './birth-date';
import { parseDateInput, resolveDateBound } from './dates';
import { birthDateValue, type FieldRule, refuse, usPhoneNumber } from './field-rules';
import { isCanadianPostalCode, isCreditCardNumber, isEmail, isUsZip } from './patterns';

/** The generic form's field types; other values are plain input types (text, password, ...). */
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

/** Further patterns a plain input can be held to. */
export type FormFieldPattern = 'creditCard' | 'usZip' | 'caPostalCode';

export type FormValue = string | string[] | boolean | null;

/** One field of a generic form definition (the checkout questions, the profile form...). */
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

function isEmpty(field: FormField, value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'boolean') return (field.type === 'checkbox' || field.type === 'radio') && !value;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'string' && value.trim() === '';
}

const invalid = (field: FormField, fallback: string) => field.invalidMessage ?? fallback;
const INVALID_DATE = 'Please enter a valid date';

/** A date field's bounds (yyyy-MM-dd or 'today') as the problem of a date outside them, if it is. */
function boundProblem(field: FormField, date: string, now: Date): 'early' | 'late' | null {
  const min = resolveDateBound(field.minDate, now);
  const max = resolveDateBound(field.maxDate, now);
  if (max && date > max) return 'late';
  if (min && date < min) return 'early';
  return null;
}

/** Birth dates name what is wrong (format, impossible day, year before 1900, after today). */
const birthDateRule = (field: FormField, now?: Date) =>
  z.pipe(
    birthDateValue(now),
    z.transform((date, context) => {
      const problem = boundProblem(field, date, now ?? new Date());
      if (problem === 'late') return refuse(context, date, BIRTH_DATE_MESSAGES.future);
      return problem ? refuse(context, date, invalid(field, INVALID_DATE)) : date;
    }),
  );

/** Other dates: a real date with a four-digit year up to now + 12, within the field's bounds. */
const dateRule = (field: FormField, now?: Date) =>
  z.pipe(
    z.string(),
    z.transform((text, context) => {
      const today = now ?? new Date();
      const date = parseDateInput(text, today);
      if (!date || boundProblem(field, date, today))
        return refuse(context, text, invalid(field, INVALID_DATE));
      return date;
    }),
  );

const patternRules: Record<FormFieldPattern, [(text: string) => boolean, string]> = {
  creditCard: [isCreditCardNumber, 'Please enter a valid card number'],
  usZip: [isUsZip, 'Please enter a valid ZIP code'],
  caPostalCode: [isCanadianPostalCode, 'Please enter a valid postal code'],
};

const trimmed = z.string().check(z.trim());

/** The rule a filled-in value of the field must pass, giving the value to send. */
function filledRule(field: FormField, now?: Date): FieldRule<FormValue> {
  switch (field.type) {
    case 'checkbox':
    case 'switch':
      return z.boolean();
    case 'multiselect':
      return z.array(z.string());
    case 'date':
      return field.mode === 'birth' ? birthDateRule(field, now) : dateRule(field, now);
    case 'email':
      return trimmed.check(z.refine(isEmail, invalid(field, 'Please provide a valid email')));
    case 'phone':
      return usPhoneNumber(invalid(field, 'Please provide a valid US phone number'));
  }
  if (!field.pattern) return trimmed;
  const [test, message] = patternRules[field.pattern];
  return trimmed.check(z.refine(test, invalid(field, message)));
}

/**
 * One field of a generic form as a schema (the generic rules): a required field fails when empty (or
 * an unchecked checkbox/radio) with its required message; a filled one must pass its type's rule
 * (dates real and within minDate..maxDate, emails, US phones, the patterns). Out: the value as the API
 * takes it (dates yyyy-MM-dd, phones E.164, text trimmed); an empty one is left as it is.
 */
export function fieldSchema(field: FormField, now?: Date): FieldRule<FormValue> {
  const rule = filledRule(field, now);
  const required = field.requiredMessage ?? `${field.label} is required`;
  return z.pipe(
    z.unknown(),
    z.transform((value, context): FormValue => {
      if (isEmpty(field, value)) {
        if (field.isRequired) return refuse(context, value, required);
        return typeof value === 'string' ? value.trim() : ((value ?? null) as FormValue);
      }
      const result = rule.safeParse(value);
      if (result.success) return result.data;
      return refuse(context, value, result.error.issues[0]?.message ?? invalid(field, required));
    }),
  );
}

const fieldsOf = (groups: readonly FormGroup[]) =>
  groups.flatMap((group) => group.fields).filter((field) => field.type !== 'header');

/** A must-match partner (a password's confirmation) that differs fails with its invalid message. */
const mismatch = (field: FormField, values: Record<string, unknown>) =>
  field.mustMatch !== undefined &&
  !isEmpty(field, values[field.id]) &&
  values[field.id] !== values[field.mustMatch];

/** A whole generic form as one schema: its fields by id, and each must-match pair. */
export function formSchema(groups: readonly FormGroup[], now?: Date) {
  const fields = fieldsOf(groups);
  return z.object(Object.fromEntries(fields.map((field) => [field.id, fieldSchema(field, now)]))).check(
    z.superRefine((values, context) => {
      for (const field of fields.filter((f) => mismatch(f, values))) {
        context.issues.push({
          code: 'custom',
          path: [field.id],
          message: invalid(field, `${field.label} does not match`),
          input: values[field.id],
        });
      }
    }),
  );
}

/** The field's first problem, or null when it is fine. */
export function validateField(
  field: FormField,
  value: FormValue | undefined,
  values: FormValues,
  now = new Date(),
): string | null {
  if (field.type === 'header') return null;
  const result = fieldSchema(field, now).safeParse(value);
  if (!result.success && isEmpty(field, value)) return result.error.issues[0]?.message ?? null;
  if (mismatch(field, { ...values, [field.id]: value })) {
    return invalid(field, `${field.label} does not match`);
  }
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** Every field's first problem, by field id; an empty object means the form is valid. */
export function validateForm(
  groups: readonly FormGroup[],
  values: FormValues,
  now = new Date(),
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fieldsOf(groups)) {
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
  for (const field of fieldsOf(groups)) {
    const value = values[field.id] ?? null;
    const result = fieldSchema(field, now).safeParse(value);
    normalized[field.id] = result.success ? result.data : value;
  }
  return normalized;
}
