import { describe, expect, it } from 'vitest';
import {
  asksForNewCode,
  extractPasscode,
  isCompletePasscode,
  passcodeInput,
  validatePassword,
  validateSignInEmail,
} from './sign-in-rules';

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

describe('a pasted code (spec 5)', () => {
  it.each([
    '246801',
    ' 246801\n',
    '246 801',
    '246-801',
    '246.801',
    '2 4 6 8 0 1',
    'Code: 246801',
    'Your Atrium code is 246801. It works once, for 10 minutes.',
  ])('takes the six digits of %j', (text) => {
    expect(extractPasscode(text)).toBe('246801');
  });

  it.each(['', 'Code:', '24680', '2468011', '246--801', 'call 212 555 0143'])(
    'finds no code in %j',
    (text) => {
      expect(extractPasscode(text)).toBeNull();
    },
  );

  it('keeps only digits typed into a one-box code input, at most six', () => {
    expect(passcodeInput('Code: 246-801')).toBe('246801');
    expect(passcodeInput('24a6')).toBe('246');
    expect(passcodeInput('24680199')).toBe('246801');
  });
});

describe('a spent code', () => {
  it('is one the server asks to replace', () => {
    expect(asksForNewCode('Too many incorrect codes. Please request a new code.')).toBe(true);
    expect(asksForNewCode('This code has expired. Please request a new code.')).toBe(true);
    expect(asksForNewCode('This code is no longer valid. Please request a new code.')).toBe(true);
    expect(asksForNewCode('Incorrect code. You have 4 tries left.')).toBe(false);
    expect(asksForNewCode(null)).toBe(false);
  });
});
