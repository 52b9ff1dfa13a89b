import { describe, expect, it } from 'vitest';
import {
  displayBirthDate,
  displayPhone,
  INVALID_PHONE,
  initialRegistrationValues,
  type RegistrationValues,
  registrationProfile,
  toE164,
  validateRegistration,
} from './registration-rules';

const today = new Date(2026, 10, 22);
const complete: RegistrationValues = {
  email: 'jane.doe@example.com',
  givenName: 'Jane',
  familyName: 'Doe',
  phone: '(212) 555-0142',
  dob: '01/31/1990',
  address: '350 5th Ave, New York, NY 10118',
};

describe('Confirm Information form (spec 5)', () => {
  it('gives every required message for an empty form', () => {
    const empty = { email: '', givenName: '', familyName: '', phone: '', dob: '', address: ' ' };
    expect(validateRegistration(empty, today)).toEqual({
      email: 'Email is required',
      givenName: 'First Name is required',
      familyName: 'Last Name is required',
      phone: 'Phone Number is required',
      dob: 'Date of Birth is required',
      address: 'Address is required',
    });
  });

  it('passes a complete form', () => {
    expect(validateRegistration(complete, today)).toEqual({});
  });

  it('refuses a phone that is not a US number and an impossible birth date', () => {
    expect(validateRegistration({ ...complete, phone: '555', dob: '02/30/1990' }, today)).toEqual({
      phone: INVALID_PHONE,
      dob: 'Enter a real date, like 4/2/1990',
    });
  });

  it('takes a birth date typed the common US way (M/D/YYYY) and names a year before 1900', () => {
    expect(validateRegistration({ ...complete, dob: '4/2/1990' }, today)).toEqual({});
    expect(registrationProfile({ ...complete, dob: '4/2/1990' }, 'UTC', today).dob).toBe('1990-04-02');
    expect(validateRegistration({ ...complete, dob: '01/01/1899' }, today)).toEqual({
      dob: 'Enter a year from 1900 on',
    });
  });

  it('sends the phone as E.164, the birth date as yyyy-MM-dd and the time zone', () => {
    expect(registrationProfile(complete, 'America/New_York', today)).toEqual({
      givenName: 'Jane',
      familyName: 'Doe',
      phone: '+12125550142',
      dob: '1990-01-31',
      address: '350 5th Ave, New York, NY 10118',
      tzid: 'America/New_York',
    });
  });

  it('prefills from the provider: email, names, phone and birth date', () => {
    expect(
      initialRegistrationValues({
        email: 'jane.doe@example.com',
        givenName: 'Jane',
        familyName: 'Doe',
        phone: '+12125550142',
        dob: '1990-01-31',
        privateEmail: false,
      }),
    ).toEqual({ ...complete, address: '' });
    expect(initialRegistrationValues(null)).toEqual({
      email: '',
      givenName: '',
      familyName: '',
      phone: '',
      dob: '',
      address: '',
    });
  });
});

describe('phone input (spec 5: US, national format, stored E.164)', () => {
  it.each([
    ['2125550142', '+12125550142'],
    ['(212) 555-0142', '+12125550142'],
    ['+1 212 555 0142', '+12125550142'],
  ])('reads %j as %s', (typed, e164) => {
    expect(toE164(typed)).toBe(e164);
  });

  it.each(['', '555', '1234567890123456789', 'call me'])('has no number in %j', (typed) => {
    expect(toE164(typed)).toBeNull();
  });

  it('shows a stored number nationally', () => {
    expect(displayPhone('+12125550142')).toBe('(212) 555-0142');
    expect(displayPhone(null)).toBe('');
  });
});

describe('birth date (spec 5)', () => {
  it('shows a stored date as MM/DD/YYYY', () => {
    expect(displayBirthDate('1990-01-05')).toBe('01/05/1990');
    expect(displayBirthDate(null)).toBe('');
  });
});
