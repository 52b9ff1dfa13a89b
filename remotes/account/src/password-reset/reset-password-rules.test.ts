import { describe, expect, it } from 'vitest';
import { validateResetPassword } from './reset-password-rules';

describe('reset password form (spec 5)', () => {
  it('needs both fields', () => {
    expect(validateResetPassword({ password: '', confirmPassword: '' })).toEqual({
      password: 'Password is required',
      confirmPassword: 'Confirm Password is required',
    });
  });

  it('needs the confirmation when the password is given', () => {
    expect(validateResetPassword({ password: 'new-pass-1', confirmPassword: '' })).toEqual({
      confirmPassword: 'Confirm Password is required',
    });
  });

  it("says 'Passwords do not match' when they differ", () => {
    expect(validateResetPassword({ password: 'new-pass-1', confirmPassword: 'new-pass-2' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });

  it('passes two equal passwords', () => {
    expect(validateResetPassword({ password: 'new-pass-1', confirmPassword: 'new-pass-1' })).toEqual({});
  });
});
