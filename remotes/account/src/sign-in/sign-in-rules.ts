/** Spec 9: a passcode has 6 digits. */
export const PASSCODE_LENGTH = 6;

// Spec 5: "a simple email pattern" — something, @, something, a dot, something; no spaces.
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec 5 sign-in email: the message to show, or null when the address may be sent. */
export function validateSignInEmail(email: string): string | null {
  const value = email.trim();
  if (value === '') return 'Please enter your email address.';
  if (!SIMPLE_EMAIL.test(value)) return 'Please enter a valid email address.';
  return null;
}

/** Spec 5 passcode: exactly 6 digits, digits only. */
export function isCompletePasscode(code: string): boolean {
  return code.length === PASSCODE_LENGTH && /^\d+$/.test(code);
}

/** The password form's own rule; the server says whether it is right. */
export function validatePassword(password: string): string | null {
  return password === '' ? 'Please enter your password.' : null;
}
