// The rules of single fields, as zod schemas: what the client typed goes in, what is sent comes out
// (text trimmed, phones E.164, birth dates yyyy-MM-dd). The browser's forms and the API's input
// validation both build on these, so a field is judged, and worded, the same on both sides.
// zod/mini: bundlers keep only the checks used, and the API's classic zod objects take these as fields.
import * as z from 'zod/mini';
import { BIRTH_DATE_MESSAGES, checkBirthDate } from './birth-date';
import { isEmail } from './patterns';
import { parseAnyCountryPhone, parseUsPhone } from './phone';

/** A field's schema: anything in (a form's value, an API argument), the value to send out. */
export type FieldRule<Out = string> = z.ZodMiniType<Out, unknown>;

type Issues = { issues: z.core.$ZodRawIssue[] };

/** Records a refusal inside a transform; its result is never used. */
export function refuse(context: Issues, input: unknown, message: string): never {
  context.issues.push({ code: 'custom', message, input });
  return z.NEVER;
}

/** Text that must be filled in: trimmed, and `message` when nothing is left (or nothing was given). */
export const requiredText = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message, abort: true }));

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters.`;

/** Required text with a length limit, e.g. 'First Name must be at most 100 characters.' */
export const limitedText = (message: string, label: string, max: number) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, { error: message, abort: true }), z.maxLength(max, tooLong(label, max)));

/** A password as typed (never trimmed): only its presence is the form's to check. */
export const requiredPassword = (message: string) =>
  z.string({ error: message }).check(z.minLength(1, message));

/** How long a new password may be (the API also refuses one that is easy to guess). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const NEW_PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
};

/**
 * A password being chosen (registration, a reset, the profile's Set a password and Change password),
 * as typed, never trimmed: `required` when empty, then 8 to 256 characters. How easy it is to guess is
 * the API's to judge (its estimator's dictionaries are too large for every browser to load).
 */
export const newPassword = (required: string) =>
  z
    .string({ error: required })
    .check(
      z.minLength(1, { error: required, abort: true }),
      z.minLength(PASSWORD_MIN_LENGTH, { error: NEW_PASSWORD_MESSAGES.tooShort, abort: true }),
      z.maxLength(PASSWORD_MAX_LENGTH, NEW_PASSWORD_MESSAGES.tooLong),
    );

const blankToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

/** A field that may be left empty: blank (or absent) gives null, anything else must pass `rule`. */
export const optional = <Out>(rule: FieldRule<Out>) =>
  z.pipe(
    z.transform((value: unknown): unknown => blankToNull(value)),
    z.nullable(rule),
  );

/** Text that may be left empty, with a length limit: blank (or absent) gives null, else trimmed. */
export const optionalText = (label: string, max: number) =>
  optional(z.string().check(z.trim(), z.maxLength(max, tooLong(label, max))));

/** An email address: required, then a simple shape (the server confirms it by writing to it). */
export const emailAddress = (messages: { required: string; invalid: string }) =>
  z.pipe(
    requiredText(messages.required),
    z.string().check(z.maxLength(254, messages.invalid), z.refine(isEmail, messages.invalid)),
  );

/** A US phone as typed in national format (or any form libphonenumber reads): E.164 out. */
export const usPhoneNumber = (invalid: string) =>
  z.pipe(
    z.string({ error: invalid }),
    z.transform((text, context) => {
      const phone = parseUsPhone(text);
      return 'e164' in phone ? phone.e164 : refuse(context, text, invalid);
    }),
  );

/** A required US phone: `required` when empty, `invalid` when it is not a US number; E.164 out. */
export const usPhone = (messages: { required: string; invalid: string }) =>
  z.pipe(requiredText(messages.required), usPhoneNumber(messages.invalid));

/** A phone of any country (a US one when it has no country code), as the API keeps it: E.164 out. */
export const anyCountryPhoneNumber = (invalid: string) =>
  z.pipe(
    z.string({ error: invalid }),
    z.transform((text, context) => parseAnyCountryPhone(text) ?? refuse(context, text, invalid)),
  );

/** A required phone of any country: `required` when empty, `invalid` when it is not a number; E.164 out. */
export const anyCountryPhone = (messages: { required: string; invalid: string }) =>
  z.pipe(requiredText(messages.required), anyCountryPhoneNumber(messages.invalid));

/**
 * A birth date typed M/D/YYYY or MM/DD/YYYY (or yyyy-MM-dd, as stored dates and the API's arguments
 * come): a real day, from 1900, not after today; each problem with its own message. yyyy-MM-dd out.
 * `now` is read when a value is checked, unless one is given (tests, a request's own clock).
 */
export const birthDateValue = (now?: Date) =>
  z.pipe(
    z.string({ error: BIRTH_DATE_MESSAGES.format }),
    z.transform((text, context) => {
      const checked = checkBirthDate(text, now ?? new Date());
      return 'date' in checked ? checked.date : refuse(context, text, BIRTH_DATE_MESSAGES[checked.problem]);
    }),
  );

/** A required birth date: `required` when empty, else as birthDateValue. */
export const birthDate = (required: string, now?: Date) =>
  z.pipe(requiredText(required), birthDateValue(now));

/** The first message of each field that is wrong, by field name; an empty object when all are fine. */
export function fieldErrors(schema: z.ZodMiniType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
