/** Spec 5 phone confirmation code: required, then exactly 6 characters (the digits texted). */
export function validatePhoneCode(code: string): string | null {
  const value = code.trim();
  if (value === '') return 'Code is required';
  if (!/^\d{6}$/.test(value)) return 'Please enter a valid code';
  return null;
}
