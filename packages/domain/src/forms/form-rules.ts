// Each form's rules, with the spec's exact messages: the browser validates its forms with these and
// the API its arguments, so both say the same thing about the same value.
import * as z from 'zod/mini';
import { tipToCents } from '../pricing/tips';
import { coordinates } from './coordinates';
import {
  birthDate,
  emailAddress,
  type FieldRule,
  limitedText,
  newPassword,
  refuse,
  requiredPassword,
  requiredText,
  usPhone,
} from './field-rules';

/** Sign-in email: asked for when empty, then held to a simple email pattern. */
export const SIGN_IN_EMAIL_MESSAGES = {
  required: 'Please enter your email address.',
  invalid: 'Please enter a valid email address.',
};
export const signInEmail = emailAddress(SIGN_IN_EMAIL_MESSAGES);
export const signInEmailForm = z.object({ email: signInEmail });

/** Signing in with a password: the address as above; the server says whether the password is right. */
export const passwordSignInForm = z.object({
  email: signInEmail,
  password: requiredPassword('Please enter your password.'),
});

/** The emailed passcode: exactly 6 digits. */
export const PASSCODE_LENGTH = 6;
export const passcode = z
  .string({ error: 'Please enter the 6-digit code.' })
  .check(z.trim(), z.regex(/^\d{6}$/, 'Please enter the 6-digit code.'));

/** The code texted to confirm a phone: required, then exactly six digits. */
export const phoneCode = z.pipe(
  requiredText('Code is required'),
  z.string().check(z.regex(/^\d{6}$/, 'Please enter a valid code')),
);
export const phoneCodeForm = z.object({ code: phoneCode });

/** Reset password: both fields required; when both are given and differ, nothing is sent. */
export const RESET_PASSWORD_MESSAGES = {
  password: 'Password is required',
  confirmPassword: 'Confirm Password is required',
  mismatch: 'Passwords do not match',
};

/** A new password and its confirmation: the new-password rule, then both equal. */
const newPasswordFields = {
  password: newPassword(RESET_PASSWORD_MESSAGES.password),
  confirmPassword: requiredPassword(RESET_PASSWORD_MESSAGES.confirmPassword),
};
const passwordsMatch = <Values extends { password: string; confirmPassword: string }>() =>
  z.refine<Values>(
    ({ password, confirmPassword }) => !password || !confirmPassword || password === confirmPassword,
    { message: RESET_PASSWORD_MESSAGES.mismatch, path: ['confirmPassword'] },
  );

/** Choosing a new password: /reset-password's form, and the profile's Set a password. */
export const newPasswordForm = z.object(newPasswordFields).check(passwordsMatch());
export const resetPasswordForm = newPasswordForm;

/** The profile's Change password: the current password too (the server says whether it is right). */
export const CHANGE_PASSWORD_MESSAGES = {
  currentPassword: 'Please enter your current password.',
};
export const changePasswordForm = z
  .object({
    currentPassword: requiredPassword(CHANGE_PASSWORD_MESSAGES.currentPassword),
    ...newPasswordFields,
  })
  .check(passwordsMatch());

/** The longest a name and an address may be. */
export const NAME_MAX_LENGTH = 100;
export const ADDRESS_MAX_LENGTH = 500;

const personName = (required: string, label: string) => limitedText(required, label, NAME_MAX_LENGTH);
const address = (required: string) => limitedText(required, 'Address', ADDRESS_MAX_LENGTH);

/** The profile's messages, shared by the profile form and the Confirm Information registration form. */
export const PROFILE_MESSAGES = {
  email: 'Email is required',
  givenName: 'First Name is required',
  familyName: 'Last Name is required',
  phone: 'Phone Number is required',
  phoneInvalid: 'Please provide a valid US phone number',
  dob: 'Date of Birth is required',
  address: 'Address is required',
};

/** The profile fields a profile form and the registration form require, each with its message. */
export const profileFields = (now?: Date) => ({
  givenName: personName(PROFILE_MESSAGES.givenName, 'First Name'),
  familyName: personName(PROFILE_MESSAGES.familyName, 'Last Name'),
  phone: usPhone({ required: PROFILE_MESSAGES.phone, invalid: PROFILE_MESSAGES.phoneInvalid }),
  dob: birthDate(PROFILE_MESSAGES.dob, now),
  address: address(PROFILE_MESSAGES.address),
});

/** Confirm Information (registration): every field required; the email as the provider gave it. */
export const registrationForm = (now?: Date) =>
  z.object({ email: requiredText(PROFILE_MESSAGES.email), ...profileFields(now) });
/** A valid registration form's values as sent: trimmed, phone E.164, birth date yyyy-MM-dd. */
export type RegistrationDetails = z.output<ReturnType<typeof registrationForm>>;

/** The checkout personal form's messages (a guest registers with these details). */
export const CHECKOUT_PERSONAL_MESSAGES = {
  givenName: 'Name is required',
  familyName: 'Last Name is required',
  dob: 'Date of Birth is required',
  email: 'Email is required',
  emailInvalid: 'Please provide a valid email',
  phone: 'Phone is required',
  phoneInvalid: 'Please provide a valid US phone number',
};

/** The checkout personal form's fields, for the API's registerUser. */
export const checkoutPersonalFields = (now?: Date) => ({
  givenName: personName(CHECKOUT_PERSONAL_MESSAGES.givenName, 'First Name'),
  familyName: personName(CHECKOUT_PERSONAL_MESSAGES.familyName, 'Last Name'),
  dob: birthDate(CHECKOUT_PERSONAL_MESSAGES.dob, now),
  phone: usPhone({
    required: CHECKOUT_PERSONAL_MESSAGES.phone,
    invalid: CHECKOUT_PERSONAL_MESSAGES.phoneInvalid,
  }),
  email: emailAddress({
    required: CHECKOUT_PERSONAL_MESSAGES.email,
    invalid: CHECKOUT_PERSONAL_MESSAGES.emailInvalid,
  }),
});

/** A promo code has at most 15 characters, trimmed and upper-cased, and is not empty. */
export const PROMO_CODE_MAX_LENGTH = 15;
export const INVALID_PROMO_CODE = 'Invalid promo code';
export const normalizePromoCode = (text: string) => text.trim().toUpperCase().slice(0, PROMO_CODE_MAX_LENGTH);
export const promoCode = z.pipe(
  z.string({ error: INVALID_PROMO_CODE }),
  z.transform((text, context) => normalizePromoCode(text) || refuse(context, text, INVALID_PROMO_CODE)),
);

/** A custom tip typed in dollars (at most 2 decimals, below 10000): cents out. */
export const CUSTOM_TIP_INVALID = 'Enter an amount below $10,000 with at most 2 decimals.';
const tipInCents = <Dollars extends string | number>() =>
  z.transform(
    (dollars: Dollars, context) => tipToCents(dollars) ?? refuse(context, dollars, CUSTOM_TIP_INVALID),
  );
export const customTip: FieldRule<number> = z.pipe(z.string({ error: CUSTOM_TIP_INVALID }), tipInCents());
/** The same tip sent as a number of dollars, as the checkout summary takes it: cents out. */
export const tipDollars: FieldRule<number> = z.pipe(z.number({ error: CUSTOM_TIP_INVALID }), tipInCents());

/** The checkout notes textarea: optional, at most 2000 characters. */
export const NOTES_MAX_LENGTH = 2000;
export const notes = z.nullable(
  z
    .string()
    .check(z.trim(), z.maxLength(NOTES_MAX_LENGTH, `Notes must be at most ${NOTES_MAX_LENGTH} characters.`)),
);

/** A home address for a mobile visit: the address as written and where it is. */
export const homeAddress = z.extend(coordinates, { address: address(PROFILE_MESSAGES.address) });

/** Why staff decline a request or cancel an appointment: required, and told to the client. */
export const REASON_MAX_LENGTH = 500;
/** Staff actions on an appointment refused by its time. */
export const APPOINTMENT_ACTION_MESSAGES = {
  completeBeforeStart: 'An appointment can be completed once it has started.',
  noShowBeforeStart: 'An appointment can be marked a no-show once it has started.',
  noShowNotBooked: 'Only a booked appointment can be marked a no-show.',
} as const;

/** Whether an appointment starting at `start` (ISO 8601) has started by `now`: then it may be completed. */
export const hasStarted = (start: string | Date, now: Date) => new Date(start).getTime() <= now.getTime();

export const REASON_MESSAGES = {
  required: 'Enter a reason: the client is told it.',
  tooLong: `The reason must be at most ${REASON_MAX_LENGTH} characters.`,
};
export const reasonForClient = z
  .string({ error: REASON_MESSAGES.required })
  .check(
    z.trim(),
    z.minLength(1, { error: REASON_MESSAGES.required, abort: true }),
    z.maxLength(REASON_MAX_LENGTH, REASON_MESSAGES.tooLong),
  );
