import { describe, expect, it } from 'vitest';
import { isCompletePasscode, validatePassword, validateSignInEmail } from './sign-in-rules';

describe('sign-in email (spec 5)', () => {
  it.each(['', '   '])("asks for an address when empty (%j): 'Please enter your email address.'", (value) => {
    expect(validateSignInEmail(value)).toBe('Please enter your email address.');
  });

  it.each(['ana', 'ana@', 'ana@example', '@example.com', 'ana @example.com', 'ana@exa mple.com'])(
    "refuses %j: 'Please enter a valid email address.'",
    (value) => {
      expect(validateSignInEmail(value)).toBe('Please enter a valid email address.');
    },
  );

  it.each(['ana@example.com', ' ana.lima+spa@glow.example '])('accepts %j', (value) => {
    expect(validateSignInEmail(value)).toBeNull();
  });
});

describe('passcode (spec 5: exactly 6 digits, digits only)', () => {
  it('accepts six digits', () => {
    expect(isCompletePasscode('012345')).toBe(true);
  });

  it.each(['12345', '1234567', '12345a', '12 345', ''])('refuses %j', (code) => {
    expect(isCompletePasscode(code)).toBe(false);
  });
});

describe('password form', () => {
  it('needs a password', () => {
    expect(validatePassword('')).toBe('Please enter your password.');
    expect(validatePassword('demo-pass-123')).toBeNull();
  });
});
