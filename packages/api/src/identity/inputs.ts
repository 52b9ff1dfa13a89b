// Input rules of the identity operations: the domain's field rules, which the sign-in and profile
// forms use too, so the API judges and words a field as the form does; plus the limits only the
// API keeps (a new password's strength, a token's length, the time zone, zod's stricter email check).
import {
  anyCountryPhone,
  changePasswordForm,
  NEW_PASSWORD_MESSAGES,
  newPassword,
  optional,
  PASSWORD_MAX_LENGTH,
  PROFILE_MESSAGES,
  passcode,
  passwordSignInForm,
  phoneCode,
  profileFields,
  RESET_PASSWORD_MESSAGES,
  SIGN_IN_EMAIL_MESSAGES,
  signInEmail,
} from '@atrium/domain';
import { z } from 'zod';
import { weakPasswordReason } from './password-strength';

/** Sign-in email: 'Please enter your email address.' when empty, 'Please enter a valid email address.' else. */
export const emailInput = z.pipe(signInEmail, z.email(SIGN_IN_EMAIL_MESSAGES.invalid));

/**
 * A password being chosen: the forms' rule (required, 8 to 256 characters), then not easy to guess
 * (zxcvbn, password-strength.ts). Services check it again with the account's own words (email, names).
 */
export const newPasswordInput = z.pipe(
  newPassword(RESET_PASSWORD_MESSAGES.password),
  z.string().superRefine((password, context) => {
    const reason = weakPasswordReason(password);
    if (reason) context.addIssue({ code: 'custom', message: reason });
  }),
);

const atMostMaxLength = z.string().max(PASSWORD_MAX_LENGTH, NEW_PASSWORD_MESSAGES.tooLong);

export const passwordInput = z.pipe(passwordSignInForm.shape.password, atMostMaxLength);

/** The current password the profile's Change password asks for. */
export const currentPasswordInput = z.pipe(changePasswordForm.shape.currentPassword, atMostMaxLength);

export const passcodeTokenInput = z
  .string()
  .trim()
  .min(1, 'Passcode token is not set. Please request a passcode first.')
  .max(100, 'Passcode token is not valid. Please request a passcode first.');

/** The emailed passcode: exactly 6 digits. */
export const passcodeInput = passcode;

/** Phone confirmation code: 'Code is required', then exactly 6 digits else 'Please enter a valid code'. */
export const phoneCodeInput = phoneCode;

export const linkTokenInput = (message: string) => z.string().trim().min(1, message).max(100, message);

export const webOriginUrlInput = z.string().trim().min(1, 'webOriginUrl is required.');

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

/**
 * The profile's phone, with the profile form's messages. Unlike the form, which takes US numbers
 * only, the API keeps any country's number: a client living abroad may have set theirs before.
 */
const profilePhone = anyCountryPhone({
  required: PROFILE_MESSAGES.phone,
  invalid: PROFILE_MESSAGES.phoneInvalid,
});

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

/** register and updateProfile: every profile field optional (blank is not given), each valid when given. */
export const optionalProfileInput = (today: Date) => {
  const { givenName, familyName, dob, address } = profileFields(today);
  return z.object({
    givenName: optional(givenName),
    familyName: optional(familyName),
    phone: optional(profilePhone),
    dob: optional(dob),
    address: optional(address),
    ...commonFields,
  });
};

/** registerWithToken: the Confirm Information form's required fields and messages. */
export const requiredProfileInput = (today: Date) =>
  z.object({ ...profileFields(today), phone: profilePhone, ...commonFields });
