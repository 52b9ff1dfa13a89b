import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-rules';
import {
  changePasswordForm,
  checkoutPersonalFields,
  customTip,
  normalizePromoCode,
  passcode,
  passwordSignInForm,
  phoneCodeForm,
  promoCode,
  REASON_MESSAGES,
  reasonForClient,
  registrationForm,
  resetPasswordForm,
  signInEmailForm,
  tipDollars,
} from './form-rules';

const today = new Date(2026, 10, 22);

describe('sign-in email', () => {
  const emailError = (email: string) => fieldErrors(signInEmailForm, { email }).email ?? null;

  it.each(['', '   '])("asks for an address when empty (%j): 'Please enter your email address.'", (value) => {
    expect(emailError(value)).toBe('Please enter your email address.');
  });

  it.each(['ana', 'ana@', 'ana@example', '@example.com', 'ana @example.com', 'ana@exa mple.com'])(
    "refuses %j: 'Please enter a valid email address.'",
    (value) => {
      expect(emailError(value)).toBe('Please enter a valid email address.');
    },
  );

  it.each(['ana@example.com', ' ana.lima+spa@glow.example '])('accepts %j', (value) => {
    expect(emailError(value)).toBeNull();
  });
});

describe('passcode (exactly 6 digits, digits only)', () => {
  it('accepts six digits', () => {
    expect(passcode.safeParse('012345').success).toBe(true);
  });

  it.each(['12345', '1234567', '12345a', '12 345', ''])('refuses %j', (code) => {
    expect(passcode.safeParse(code).success).toBe(false);
  });
});

describe('password form', () => {
  it('needs a password', () => {
    expect(fieldErrors(passwordSignInForm, { email: 'ana@example.com', password: '' })).toEqual({
      password: 'Please enter your password.',
    });
    expect(fieldErrors(passwordSignInForm, { email: 'ana@example.com', password: 'demo-pass-123' })).toEqual(
      {},
    );
  });
});

describe('phone confirmation code', () => {
  const codeError = (code: string) => fieldErrors(phoneCodeForm, { code }).code ?? null;

  it.each(['', '   '])("needs a code (%j): 'Code is required'", (code) => {
    expect(codeError(code)).toBe('Code is required');
  });

  it.each(['12345', '1234567', '12a456'])("refuses %j: 'Please enter a valid code'", (code) => {
    expect(codeError(code)).toBe('Please enter a valid code');
  });

  it('accepts six digits', () => {
    expect(codeError(' 123456 ')).toBeNull();
  });
});

describe('reset password form', () => {
  const errors = (password: string, confirmPassword: string) =>
    fieldErrors(resetPasswordForm, { password, confirmPassword });

  it('needs both fields', () => {
    expect(errors('', '')).toEqual({
      password: 'Password is required',
      confirmPassword: 'Confirm Password is required',
    });
  });

  it('needs the confirmation when the password is given', () => {
    expect(errors('new-pass-1', '')).toEqual({ confirmPassword: 'Confirm Password is required' });
  });

  it("says 'Passwords do not match' when they differ", () => {
    expect(errors('new-pass-1', 'new-pass-2')).toEqual({ confirmPassword: 'Passwords do not match' });
  });

  it('passes two equal passwords', () => {
    expect(errors('new-pass-1', 'new-pass-1')).toEqual({});
  });

  it('refuses a new password under 8 characters or over 256, as the API does', () => {
    expect(errors('seven77', 'seven77')).toEqual({ password: 'Password must be at least 8 characters.' });
    const long = 'a'.repeat(257);
    expect(errors(long, long)).toEqual({ password: 'Password must be at most 256 characters.' });
    expect(errors('a'.repeat(256), 'a'.repeat(256))).toEqual({});
  });

  it('never trims a password: spaces count as characters', () => {
    expect(errors('   a    ', '   a    ')).toEqual({});
  });
});

describe('change password form', () => {
  const errors = (currentPassword: string, password: string, confirmPassword: string) =>
    fieldErrors(changePasswordForm, { currentPassword, password, confirmPassword });

  it('needs every field, with its own message', () => {
    expect(errors('', '', '')).toEqual({
      currentPassword: 'Please enter your current password.',
      password: 'Password is required',
      confirmPassword: 'Confirm Password is required',
    });
  });

  it('holds the new password to the new-password rule and to its confirmation', () => {
    expect(errors('old one', 'short', 'short')).toEqual({
      password: 'Password must be at least 8 characters.',
    });
    expect(errors('old one', 'new-pass-1', 'new-pass-2')).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(errors('old one', 'new-pass-1', 'new-pass-1')).toEqual({});
  });
});

describe('Confirm Information form', () => {
  const complete = {
    email: 'jane.doe@example.com',
    givenName: 'Jane',
    familyName: 'Doe',
    phone: '(212) 555-0142',
    dob: '01/31/1990',
    address: '350 5th Ave, New York, NY 10118',
  };
  const validate = (values: typeof complete) => fieldErrors(registrationForm(today), values);

  it('gives every required message for an empty form', () => {
    const empty = { email: '', givenName: '', familyName: '', phone: '', dob: '', address: ' ' };
    expect(validate(empty)).toEqual({
      email: 'Email is required',
      givenName: 'First Name is required',
      familyName: 'Last Name is required',
      phone: 'Phone Number is required',
      dob: 'Date of Birth is required',
      address: 'Address is required',
    });
  });

  it('passes a complete form', () => {
    expect(validate(complete)).toEqual({});
  });

  it('refuses a phone that is not a US number and an impossible birth date', () => {
    expect(validate({ ...complete, phone: '555', dob: '02/30/1990' })).toEqual({
      phone: 'Please provide a valid US phone number',
      dob: 'Enter a real date, like 4/2/1990',
    });
  });

  it('takes a birth date typed the common US way (M/D/YYYY) and names a year before 1900', () => {
    expect(validate({ ...complete, dob: '4/2/1990' })).toEqual({});
    expect(registrationForm(today).parse({ ...complete, dob: '4/2/1990' }).dob).toBe('1990-04-02');
    expect(validate({ ...complete, dob: '01/01/1899' })).toEqual({ dob: 'Enter a year from 1900 on' });
  });

  it('sends the phone as E.164, the birth date as yyyy-MM-dd and the text trimmed', () => {
    expect(registrationForm(today).parse({ ...complete, givenName: ' Jane ' })).toEqual({
      email: 'jane.doe@example.com',
      givenName: 'Jane',
      familyName: 'Doe',
      phone: '+12125550142',
      dob: '1990-01-31',
      address: '350 5th Ave, New York, NY 10118',
    });
  });
});

describe('checkout personal details, as the API receives them', () => {
  const fields = checkoutPersonalFields(today);

  it("has the checkout form's messages", () => {
    expect(fields.givenName.safeParse('').error?.issues[0]?.message).toBe('Name is required');
    expect(fields.phone.safeParse(undefined).error?.issues[0]?.message).toBe('Phone is required');
    expect(fields.phone.safeParse('555').error?.issues[0]?.message).toBe(
      'Please provide a valid US phone number',
    );
    expect(fields.email.safeParse('ada@example').error?.issues[0]?.message).toBe(
      'Please provide a valid email',
    );
    expect(fields.dob.safeParse('2026-11-23').error?.issues[0]?.message).toBe(
      'Date of Birth cannot be after today',
    );
  });

  it('takes a stored yyyy-MM-dd birth date and an E.164 phone as they are', () => {
    expect(fields.dob.parse('1990-04-02')).toBe('1990-04-02');
    expect(fields.phone.parse('+12125550142')).toBe('+12125550142');
  });
});

describe('promo code input', () => {
  it('is trimmed, upper-cased and at most 15 characters', () => {
    expect(normalizePromoCode('  welcome15 ')).toBe('WELCOME15');
    expect(normalizePromoCode('abcdefghijklmnopq')).toBe('ABCDEFGHIJKLMNO');
    expect(normalizePromoCode('   ')).toBe('');
  });

  it("is refused when nothing is left after trimming: 'Invalid promo code'", () => {
    expect(promoCode.parse(' welcome15')).toBe('WELCOME15');
    expect(promoCode.safeParse('   ').error?.issues[0]?.message).toBe('Invalid promo code');
  });
});

describe('custom tip', () => {
  it('is cents for an amount below 10000 with at most 2 decimals, else refused', () => {
    expect(customTip.parse('12.34')).toBe(1234);
    expect(customTip.safeParse('12.345').error?.issues[0]?.message).toBe(
      'Enter an amount below $10,000 with at most 2 decimals.',
    );
    expect(customTip.safeParse('10000').success).toBe(false);
  });

  it('is judged the same when sent as a number of dollars', () => {
    expect(tipDollars.parse(12.34)).toBe(1234);
    expect(tipDollars.parse(0)).toBe(0);
    expect(tipDollars.parse(9999.99)).toBe(999999);
    for (const refused of [1.005, -1, 10000, Number.NaN]) {
      expect(tipDollars.safeParse(refused).error?.issues[0]?.message).toBe(
        'Enter an amount below $10,000 with at most 2 decimals.',
      );
    }
  });
});

describe('a reason told to the client', () => {
  it('is required, trimmed and at most 500 characters', () => {
    expect(reasonForClient.safeParse('  Our practitioner is unwell.  ')).toMatchObject({
      success: true,
      data: 'Our practitioner is unwell.',
    });
    expect(reasonForClient.safeParse('   ').error?.issues[0]?.message).toBe(REASON_MESSAGES.required);
    expect(reasonForClient.safeParse(undefined).error?.issues[0]?.message).toBe(REASON_MESSAGES.required);
    expect(reasonForClient.safeParse('x'.repeat(501)).error?.issues[0]?.message).toBe(
      'The reason must be at most 500 characters.',
    );
    expect(reasonForClient.safeParse('x'.repeat(500)).success).toBe(true);
  });
});
