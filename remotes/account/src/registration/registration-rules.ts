import { birthDateError, checkBirthDate } from '@atrium/domain';
import type { ProfileInput, ThirdPartyUserData } from '@atrium/graphql-client/identity';
import { format, isValid, parseISO } from 'date-fns';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** The Confirm Information registration form (spec 3): every field is required. */
export interface RegistrationValues {
  email: string;
  givenName: string;
  familyName: string;
  phone: string;
  dob: string;
  address: string;
}

export type RegistrationField = keyof RegistrationValues;
export type RegistrationErrors = Partial<Record<RegistrationField, string>>;

/** Form order, which is also the order errors are focused in. */
export const REGISTRATION_FIELDS: readonly RegistrationField[] = [
  'email',
  'givenName',
  'familyName',
  'phone',
  'dob',
  'address',
];

/** Spec 5 "Confirm Information registration form" messages. */
export const REQUIRED_MESSAGES: Record<RegistrationField, string> = {
  email: 'Email is required',
  givenName: 'First Name is required',
  familyName: 'Last Name is required',
  phone: 'Phone Number is required',
  dob: 'Date of Birth is required',
  address: 'Address is required',
};

export const INVALID_PHONE = 'Please provide a valid US phone number';

/** Spec 5 phone input: US by default; the value sent is E.164, or null when it is not a number. */
export function toE164(phone: string): string | null {
  const parsed = parsePhoneNumberFromString(phone, 'US');
  return parsed?.isValid() ? parsed.number : null;
}

/** An E.164 number shown in national format, e.g. +12125550142 as (212) 555-0142. */
export function displayPhone(e164: string | null | undefined): string {
  if (!e164) return '';
  return parsePhoneNumberFromString(e164, 'US')?.formatNational() ?? e164;
}

/** A stored yyyy-MM-dd date shown as MM/DD/YYYY. */
export function displayBirthDate(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const date = parseISO(isoDate);
  return isValid(date) ? format(date, 'MM/dd/yyyy') : '';
}

/** Spec 5: every field is required with its message; phone and birth date must also be usable. */
export function validateRegistration(
  values: RegistrationValues,
  today: Date = new Date(),
): RegistrationErrors {
  const errors: RegistrationErrors = {};
  for (const field of REGISTRATION_FIELDS) {
    if (values[field].trim() === '') errors[field] = REQUIRED_MESSAGES[field];
  }
  if (!errors.phone && toE164(values.phone) === null) errors.phone = INVALID_PHONE;
  if (!errors.dob) {
    const problem = birthDateError(values.dob, today);
    if (problem) errors.dob = problem;
  }
  return errors;
}

/** The form prefilled with what the provider said (spec 2: email, givenName, familyName, phone, dob). */
export function initialRegistrationValues(userData: ThirdPartyUserData | null): RegistrationValues {
  return {
    email: userData?.email ?? '',
    givenName: userData?.givenName ?? '',
    familyName: userData?.familyName ?? '',
    phone: displayPhone(userData?.phone),
    dob: displayBirthDate(userData?.dob),
    address: '',
  };
}

/** The profile registerWithToken receives: phone E.164, birth date yyyy-MM-dd, the browser's zone. */
export function registrationProfile(
  values: RegistrationValues,
  tzid: string,
  today: Date = new Date(),
): ProfileInput {
  const birthDate = checkBirthDate(values.dob, today);
  return {
    givenName: values.givenName.trim(),
    familyName: values.familyName.trim(),
    phone: toE164(values.phone) ?? values.phone.trim(),
    dob: 'date' in birthDate ? birthDate.date : values.dob.trim(),
    address: values.address.trim(),
    tzid,
  };
}
