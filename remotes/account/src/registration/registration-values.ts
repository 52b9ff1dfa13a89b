import { formatDateInput, formatUsPhone, type RegistrationDetails } from '@atrium/domain';
import type { ProfileInput, ThirdPartyUserData } from '@atrium/graphql-client/identity';

/** The Confirm Information registration form as typed: every field is required. */
export interface RegistrationValues {
  email: string;
  givenName: string;
  familyName: string;
  phone: string;
  dob: string;
  address: string;
}

/** The form prefilled with what the provider said (email, givenName, familyName, phone, dob). */
export function initialRegistrationValues(userData: ThirdPartyUserData | null): RegistrationValues {
  return {
    email: userData?.email ?? '',
    givenName: userData?.givenName ?? '',
    familyName: userData?.familyName ?? '',
    phone: userData?.phone ? formatUsPhone(userData.phone) : '',
    dob: formatDateInput(userData?.dob),
    address: '',
  };
}

/** The profile registerWithToken receives: the form's details (phone E.164, dob yyyy-MM-dd) and zone. */
export function registrationProfile(details: RegistrationDetails, tzid: string): ProfileInput {
  const { email: _email, ...profile } = details;
  return { ...profile, tzid };
}
