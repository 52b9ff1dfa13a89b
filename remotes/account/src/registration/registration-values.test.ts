import { registrationForm } from '@atrium/domain';
import { describe, expect, it } from 'vitest';
import {
  initialRegistrationValues,
  type RegistrationValues,
  registrationProfile,
} from './registration-values';

const today = new Date(2026, 10, 22);
const complete: RegistrationValues = {
  email: 'jane.doe@example.com',
  givenName: 'Jane',
  familyName: 'Doe',
  phone: '(212) 555-0142',
  dob: '01/31/1990',
  address: '350 5th Ave, New York, NY 10118',
};

describe('Confirm Information form', () => {
  it('sends the phone as E.164, the birth date as yyyy-MM-dd and the time zone', () => {
    expect(registrationProfile(registrationForm(today).parse(complete), 'America/New_York')).toEqual({
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
