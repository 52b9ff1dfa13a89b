export interface ResetPasswordValues {
  password: string;
  confirmPassword: string;
}

export type ResetPasswordErrors = Partial<Record<keyof ResetPasswordValues, string>>;

/**
 * Spec 5 reset password: 'Password is required', 'Confirm Password is required'; when both are given
 * and differ, 'Passwords do not match'. Any error means nothing is sent.
 */
export function validateResetPassword({
  password,
  confirmPassword,
}: ResetPasswordValues): ResetPasswordErrors {
  const errors: ResetPasswordErrors = {};
  if (password === '') errors.password = 'Password is required';
  if (confirmPassword === '') errors.confirmPassword = 'Confirm Password is required';
  else if (password !== '' && password !== confirmPassword) errors.confirmPassword = 'Passwords do not match';
  return errors;
}
