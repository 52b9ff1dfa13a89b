import type { FormGroup } from '@atrium/domain';

/**
 * Spec 5 "Checkout personal form", with its exact messages. The email is read-only when it is
 * already known (a signed-in client).
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
          requiredMessage: 'Name is required',
          autoComplete: 'given-name',
          width: 'half',
        },
        {
          id: 'familyName',
          label: 'Last Name',
          type: 'text',
          isRequired: true,
          requiredMessage: 'Last Name is required',
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
          requiredMessage: 'Date of Birth is required',
          width: 'half',
        },
        {
          id: 'phone',
          label: 'Phone',
          type: 'phone',
          isRequired: true,
          requiredMessage: 'Phone is required',
          invalidMessage: 'Please provide a valid US phone number',
          autoComplete: 'tel-national',
          width: 'half',
        },
        {
          id: 'email',
          label: 'Email',
          type: 'email',
          isRequired: true,
          requiredMessage: 'Email is required',
          invalidMessage: 'Please provide a valid email',
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
