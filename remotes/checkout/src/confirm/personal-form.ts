import {
  CHECKOUT_PERSONAL_MESSAGES,
  type FormGroup,
  type FormValues,
  formatDateInput,
  formatUsPhone,
} from '@atrium/domain';
import type { ViewerProfile } from '@atrium/graphql-client/identity';
import type { StoredUser } from '@atrium/stores';

/**
 * The checkout personal form, with the domain's messages (the API refuses a guest's details with
 * the same ones). The email is read-only when it is already known (a signed-in client).
 */
export function personalFormGroups({ emailKnown }: { emailKnown: boolean }): FormGroup[] {
  return [
    {
      id: 'personal',
      label: 'Your details',
      fields: [
        {
          id: 'givenName',
          label: 'First Name',
          type: 'text',
          isRequired: true,
          requiredMessage: CHECKOUT_PERSONAL_MESSAGES.givenName,
          autoComplete: 'given-name',
          width: 'half',
        },
        {
          id: 'familyName',
          label: 'Last Name',
          type: 'text',
          isRequired: true,
          requiredMessage: CHECKOUT_PERSONAL_MESSAGES.familyName,
          autoComplete: 'family-name',
          width: 'half',
        },
        {
          id: 'dob',
          label: 'Date of Birth',
          type: 'date',
          mode: 'birth',
          maxDate: 'today',
          isRequired: true,
          requiredMessage: CHECKOUT_PERSONAL_MESSAGES.dob,
          width: 'half',
        },
        {
          id: 'phone',
          label: 'Phone',
          type: 'phone',
          isRequired: true,
          requiredMessage: CHECKOUT_PERSONAL_MESSAGES.phone,
          invalidMessage: CHECKOUT_PERSONAL_MESSAGES.phoneInvalid,
          autoComplete: 'tel-national',
          width: 'half',
        },
        {
          id: 'email',
          label: 'Email',
          type: 'email',
          isRequired: true,
          requiredMessage: CHECKOUT_PERSONAL_MESSAGES.email,
          invalidMessage: CHECKOUT_PERSONAL_MESSAGES.emailInvalid,
          isReadonly: emailKnown,
          autoComplete: 'email',
        },
        { id: 'marketingOptIn', label: 'Sign me up for exclusive offers and updates', type: 'checkbox' },
        {
          id: 'notes',
          label: 'Notes',
          type: 'textarea',
          rows: 4,
          placeholder: 'Anything we should know before your visit?',
        },
      ],
    },
  ];
}

/** The form starts from what is known: a signed-in client's profile, else the stored user's names. */
export function personalFormValues(profile: ViewerProfile | null, user: StoredUser | null): FormValues {
  return {
    givenName: profile?.givenName ?? user?.givenName ?? '',
    familyName: profile?.familyName ?? user?.familyName ?? '',
    dob: formatDateInput(profile?.dob) || null,
    phone: profile?.phone ? formatUsPhone(profile.phone) : '',
    email: profile?.email ?? user?.email ?? '',
    marketingOptIn: false,
  };
}
