// Input rules of the identity operations, with the spec's messages where it gives them (section 5).
import { isAfter, isValid, parseISO, startOfDay } from 'date-fns';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { weakPasswordReason } from './password-strength';

/** Sign-in email: 'Please enter your email address.' when empty, 'Please enter a valid email address.' else. */
export const emailInput = z
  .string()
  .trim()
  .min(1, 'Please enter your email address.')
  .max(254, 'Please enter a valid email address.')
  .pipe(z.email('Please enter a valid email address.'));

/** A password being chosen: 8 to 256 characters, and not easy to guess (zxcvbn, password-strength.ts). */
export const newPasswordInput = z
  .string()
  .min(8, 'Password must be at least 8 characters.')
  .max(256, 'Password must be at most 256 characters.')
  .superRefine((password, context) => {
    const reason = weakPasswordReason(password);
    if (reason) context.addIssue({ code: 'custom', message: reason });
  });

export const passwordInput = z
  .string()
  .min(1, 'Please enter your password.')
  .max(256, 'Password must be at most 256 characters.');

export const passcodeTokenInput = z
  .string()
  .trim()
  .min(1, 'Passcode token is not set. Please request a passcode first.')
  .max(100, 'Passcode token is not valid. Please request a passcode first.');

/** Passcode: exactly 6 digits. */
export const passcodeInput = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Please enter the 6-digit code.');

/** Phone confirmation code: 'Code is required', then exactly 6 characters else 'Please enter a valid code'. */
export const phoneCodeInput = z
  .string()
  .trim()
  .min(1, 'Code is required')
  .regex(/^\d{6}$/, 'Please enter a valid code');

export const linkTokenInput = (message: string) => z.string().trim().min(1, message).max(100, message);

export const webOriginUrlInput = z.string().trim().min(1, 'webOriginUrl is required.');

const messages = {
  givenName: 'First Name is required',
  familyName: 'Last Name is required',
  phone: 'Phone Number is required',
  dob: 'Date of Birth is required',
  address: 'Address is required',
};

/** Trimmed text; empty means not given (null). */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));

const requiredText = (message: string, label: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters.`);

/** Any format libphonenumber understands, US by default; E.164 out. */
const phoneNumber = z.string().transform((value, context) => {
  const parsed = parsePhoneNumberFromString(value, 'US');
  if (!parsed?.isValid()) {
    context.addIssue({ code: 'custom', message: 'Please enter a valid phone number.' });
    return z.NEVER;
  }
  return parsed.number;
});

/** yyyy-MM-dd, a real date from 1900 on, not after today. */
export const birthDate = (today: Date) =>
  z.string().transform((value, context) => {
    const date = parseISO(value);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !isValid(date) || date.getFullYear() < 1900) {
      context.addIssue({ code: 'custom', message: 'Please enter a valid date of birth (yyyy-MM-dd).' });
      return z.NEVER;
    }
    if (isAfter(startOfDay(date), startOfDay(today))) {
      context.addIssue({ code: 'custom', message: 'Date of Birth cannot be in the future.' });
      return z.NEVER;
    }
    return value;
  });

/** An IANA time zone the runtime knows. */
export const timeZone = z.string().refine((value) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}, 'Please enter a valid time zone.');

const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const commonFields = {
  sexAssignedAtBirth: z
    .enum(['male', 'female', 'unknown'])
    .nullish()
    .transform((value) => value ?? null),
  tzid: z.preprocess(emptyToNull, timeZone.nullish()).transform((value) => value ?? null),
  emailOptIn: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
  phoneOptIn: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
};

/** register: every profile field optional, each valid when given. */
export const optionalProfileInput = (today: Date) =>
  z.object({
    givenName: optionalText('First Name', 100),
    familyName: optionalText('Last Name', 100),
    phone: z.preprocess(emptyToNull, phoneNumber.nullish()).transform((value) => value ?? null),
    dob: z.preprocess(emptyToNull, birthDate(today).nullish()).transform((value) => value ?? null),
    address: optionalText('Address', 500),
    ...commonFields,
  });

/** registerWithToken: the Confirm Information form's required fields and messages. */
export const requiredProfileInput = (today: Date) =>
  z.object({
    givenName: requiredText(messages.givenName, 'First Name', 100),
    familyName: requiredText(messages.familyName, 'Last Name', 100),
    phone: z.string({ error: messages.phone }).trim().min(1, messages.phone).pipe(phoneNumber),
    dob: z.string({ error: messages.dob }).trim().min(1, messages.dob).pipe(birthDate(today)),
    address: requiredText(messages.address, 'Address', 500),
    ...commonFields,
  });
