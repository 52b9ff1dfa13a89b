import { describe, expect, it } from 'vitest';
import { type FormField, normalizeFormValues, validateField, validateForm } from './form-definition';

const now = new Date('2026-11-22T12:00:00');
const check = (field: FormField, value: FormField['value'], values = {}) =>
  validateField(field, value, values, now);

describe('validateField (generic rules)', () => {
  const name: FormField = {
    id: 'givenName',
    label: 'First Name',
    type: 'text',
    isRequired: true,
    requiredMessage: 'Name is required',
  };

  it('fails an empty required field with its required message', () => {
    expect(check(name, '')).toBe('Name is required');
    expect(check(name, '   ')).toBe('Name is required');
    expect(check(name, null)).toBe('Name is required');
    expect(check(name, 'Ada')).toBeNull();
  });

  it('fails an unchecked required checkbox or radio', () => {
    const consent: FormField = {
      id: 'ok',
      label: 'I agree',
      type: 'checkbox',
      isRequired: true,
      requiredMessage: 'Required',
    };
    expect(check(consent, false)).toBe('Required');
    expect(check(consent, true)).toBeNull();
  });

  it('passes an empty optional field', () => {
    expect(check({ id: 'notes', label: 'Notes', type: 'textarea' }, '')).toBeNull();
  });

  it('fails a must-match partner that differs with the invalid message', () => {
    const confirm: FormField = {
      id: 'confirm',
      label: 'Confirm Password',
      type: 'password',
      mustMatch: 'password',
      invalidMessage: 'Passwords do not match',
    };
    expect(check(confirm, 'abc12345', { password: 'abc12346' })).toBe('Passwords do not match');
    expect(check(confirm, 'abc12345', { password: 'abc12345' })).toBeNull();
  });

  it('holds dates to real dates, four-digit years up to now + 12, and min/max with today', () => {
    const dob: FormField = {
      id: 'dob',
      label: 'Date of Birth',
      type: 'date',
      maxDate: 'today',
      invalidMessage: 'Bad date',
      mode: 'birth',
    };
    expect(check(dob, '07/15/1990')).toBeNull();
    expect(check(dob, '7/5/1990')).toBeNull();
    // Birth dates name the problem themselves rather than the field's general invalid message.
    expect(check(dob, '02/30/1990')).toBe('Enter a real date, like 4/2/1990');
    expect(check(dob, '01/01/1899')).toBe('Enter a year from 1900 on');
    expect(check(dob, '42/19/90')).toBe('Enter the date as M/D/YYYY, like 4/2/1990');
    expect(check(dob, '11/23/2026')).toBe('Date of Birth cannot be after today');
    expect(check(dob, '11/22/2026')).toBeNull();
    const appointment: FormField = { id: 'when', label: 'When', type: 'date', invalidMessage: 'Bad date' };
    expect(check(appointment, '01/01/2038')).toBeNull();
    expect(check(appointment, '01/01/2039')).toBe('Bad date');
    expect(check(appointment, '01/01/99')).toBe('Bad date');
  });

  it('holds emails, US phones and the other patterns', () => {
    const email: FormField = {
      id: 'email',
      label: 'Email',
      type: 'email',
      invalidMessage: 'Please provide a valid email',
    };
    expect(check(email, 'ada@example')).toBe('Please provide a valid email');
    expect(check(email, 'ada@example.com')).toBeNull();
    const phone: FormField = {
      id: 'phone',
      label: 'Phone',
      type: 'phone',
      invalidMessage: 'Please provide a valid US phone number',
    };
    expect(check(phone, '(212) 555-014')).toBe('Please provide a valid US phone number');
    expect(check(phone, '(201) 555-0143')).toBeNull();
    expect(
      check({ id: 'c', label: 'Card', type: 'text', pattern: 'creditCard' }, '4242 4242 4242 4242'),
    ).toBeNull();
    expect(
      check({ id: 'c', label: 'Card', type: 'text', pattern: 'creditCard' }, '4242 4242 4242 4241'),
    ).toBe('Please enter a valid card number');
    expect(check({ id: 'z', label: 'ZIP', type: 'text', pattern: 'usZip' }, '10001-1234')).toBeNull();
    expect(check({ id: 'z', label: 'ZIP', type: 'text', pattern: 'usZip' }, '1000')).toBe(
      'Please enter a valid ZIP code',
    );
    expect(check({ id: 'p', label: 'Postal', type: 'text', pattern: 'caPostalCode' }, 'K1A 0B1')).toBeNull();
    expect(check({ id: 'p', label: 'Postal', type: 'text', pattern: 'caPostalCode' }, 'K1A 0D1')).toBe(
      'Please enter a valid postal code',
    );
  });

  it('skips headers', () => {
    expect(check({ id: 'h', label: 'About you', type: 'header', isRequired: true }, null)).toBeNull();
  });
});

describe('validateForm and normalizeFormValues', () => {
  const groups = [
    {
      id: 'you',
      fields: [
        {
          id: 'dob',
          label: 'Date of Birth',
          type: 'date',
          isRequired: true,
          requiredMessage: 'Date of Birth is required',
        },
        {
          id: 'phone',
          label: 'Phone',
          type: 'phone',
          isRequired: true,
          requiredMessage: 'Phone is required',
        },
      ] satisfies FormField[],
    },
  ];

  it('gives each field its first problem', () => {
    expect(validateForm(groups, { dob: '', phone: '' }, now)).toEqual({
      dob: 'Date of Birth is required',
      phone: 'Phone is required',
    });
    expect(validateForm(groups, { dob: '07/15/1990', phone: '201-555-0143' }, now)).toEqual({});
  });

  it('sends dates as yyyy-MM-dd and phones as E.164', () => {
    expect(normalizeFormValues(groups, { dob: '7/15/1990', phone: '(201) 555-0143' }, now)).toEqual({
      dob: '1990-07-15',
      phone: '+12015550143',
    });
  });
});
