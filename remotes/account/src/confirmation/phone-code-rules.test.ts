import { describe, expect, it } from 'vitest';
import { validatePhoneCode } from './phone-code-rules';

describe('phone confirmation code (spec 5)', () => {
  it.each(['', '   '])("needs a code (%j): 'Code is required'", (code) => {
    expect(validatePhoneCode(code)).toBe('Code is required');
  });

  it.each(['12345', '1234567', '12a456'])("refuses %j: 'Please enter a valid code'", (code) => {
    expect(validatePhoneCode(code)).toBe('Please enter a valid code');
  });

  it('accepts six digits', () => {
    expect(validatePhoneCode(' 123456 ')).toBeNull();
  });
});
