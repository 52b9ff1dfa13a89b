import {
  type FormGroup,
  type FormValues,
  formatDateInput,
  formatUsPhone,
  PROFILE_MESSAGES,
} from '@atrium/domain';
import type { ProfileViewer, UpdateProfileVariables } from '@atrium/graphql-client/account';
import type { SexAssignedAtBirth } from '@atrium/graphql-client/identity';
import { format, isValid, parseISO } from 'date-fns';
import { NOT_PROVIDED } from '../shared/messages';

export type Profile = ProfileViewer['profile'];
type ProfileUpdate = UpdateProfileVariables['input'];

/** sexAssignedAtBirth: male, female, unknown, or empty for not specified. */
export const SEX_OPTIONS: { label: string; value: SexAssignedAtBirth }[] = [
  { label: 'Female', value: 'female' },
  { label: 'Male', value: 'male' },
  { label: 'Unknown', value: 'unknown' },
];

/** A client "has a profile" once it holds their name (a password sign-up starts without). */
export function hasProfile(profile: Profile): boolean {
  return Boolean(profile.givenName?.trim() || profile.familyName?.trim());
}

const filled = (value: string | null | undefined) => Boolean(value?.trim());

/**
 * The profile form, with the domain's messages. In profile edit an empty field keeps the existing value, so a field is
 * required (with the spec's message) only while there is no value to keep; the email is read-only.
 */
export function profileFormGroups(profile: Profile): FormGroup[] {
  return [
    {
      id: 'profile',
      fields: [
        {
          id: 'givenName',
          label: 'First Name',
          type: 'text',
          width: 'half',
          autoComplete: 'given-name',
          isRequired: !filled(profile.givenName),
          requiredMessage: PROFILE_MESSAGES.givenName,
        },
        {
          id: 'familyName',
          label: 'Last Name',
          type: 'text',
          width: 'half',
          autoComplete: 'family-name',
          isRequired: !filled(profile.familyName),
          requiredMessage: PROFILE_MESSAGES.familyName,
        },
        {
          id: 'dob',
          label: 'Date of Birth',
          type: 'date',
          mode: 'birth',
          width: 'half',
          maxDate: 'today',
          isRequired: !filled(profile.dob),
          requiredMessage: PROFILE_MESSAGES.dob,
        },
        {
          id: 'sexAssignedAtBirth',
          label: 'Assigned sex',
          type: 'select',
          width: 'half',
          placeholder: 'Not specified',
          options: SEX_OPTIONS,
        },
        {
          id: 'email',
          label: 'Email',
          type: 'email',
          isReadonly: true,
          isRequired: true,
          autoComplete: 'email',
        },
        {
          id: 'phone',
          label: 'Phone Number',
          type: 'phone',
          autoComplete: 'tel-national',
          isRequired: !filled(profile.phone),
          requiredMessage: PROFILE_MESSAGES.phone,
        },
        {
          id: 'address',
          label: 'Address',
          type: 'text',
          autoComplete: 'street-address',
          isRequired: !filled(profile.address),
          requiredMessage: PROFILE_MESSAGES.address,
        },
      ],
    },
  ];
}

/** The edit form starts from the stored profile: birth date as MM/DD/YYYY, phone in national format. */
export function profileFormValues(profile: Profile): FormValues {
  return {
    givenName: profile.givenName ?? '',
    familyName: profile.familyName ?? '',
    dob: formatDateInput(profile.dob),
    sexAssignedAtBirth: profile.sexAssignedAtBirth ?? '',
    email: profile.email,
    phone: profile.phone ? formatUsPhone(profile.phone) : '',
    address: profile.address ?? '',
  };
}

const text = (value: FormValues[string] | undefined) => (typeof value === 'string' ? value.trim() : '');

/**
 * What updateProfile receives from the form's normalized values (dates yyyy-MM-dd, phones E.164):
 * an empty field keeps the existing value, so it is left out; the email is never sent.
 */
export function profileUpdateInput(values: FormValues, extra: { tzid?: string | null } = {}): ProfileUpdate {
  const input: ProfileUpdate = {};
  for (const key of ['givenName', 'familyName', 'dob', 'phone', 'address'] as const) {
    const value = text(values[key]);
    if (value) input[key] = value;
  }
  const sex = text(values.sexAssignedAtBirth);
  if (SEX_OPTIONS.some((option) => option.value === sex)) {
    input.sexAssignedAtBirth = sex as SexAssignedAtBirth;
  }
  if (extra.tzid) input.tzid = extra.tzid;
  return input;
}

export function fullName(profile: Pick<Profile, 'givenName' | 'familyName'>): string {
  return [profile.givenName, profile.familyName].filter((part) => part?.trim()).join(' ');
}

/** A stored yyyy-MM-dd date as 'April 12, 1990'. */
export function displayDate(isoDate: string | null | undefined): string | null {
  if (!isoDate) return null;
  const date = parseISO(isoDate);
  return isValid(date) ? format(date, 'MMMM d, yyyy') : null;
}

/** The Profile tab's summary: each row shows 'Not provided' when empty. */
export function profileSummaryRows(profile: Profile): { label: string; value: string }[] {
  const sex = SEX_OPTIONS.find((option) => option.value === profile.sexAssignedAtBirth)?.label;
  const rows: [string, string | null | undefined][] = [
    ['Name', fullName(profile)],
    ['Birthdate', displayDate(profile.dob)],
    ['Address', profile.address],
    ['Assigned sex', sex],
    ['Email', profile.email],
    ['Phone', profile.phone ? formatUsPhone(profile.phone) : null],
  ];
  return rows.map(([label, value]) => ({ label, value: value?.trim() ? value : NOT_PROVIDED }));
}
