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

// Six digits, each pair at most one space, dash or dot apart, not part of a longer number.
const SIX_DIGITS = /(?<!\d)\d(?:[\s.-]?\d){5}(?![\s.-]?\d)/;

/**
 * The code in pasted or autofilled text ('246801', '246 801', '246-801', 'Code: 246801'): its six
 * digits, or null when the text holds no six-digit code.
 */
export function extractPasscode(text: string): string | null {
  const found = SIX_DIGITS.exec(text);
  return found ? found[0].replace(/\D/g, '') : null;
}

/** A one-box code input's value: the pasted code when there is one, else the digits typed, up to 6. */
export function passcodeInput(text: string): string {
  return extractPasscode(text) ?? text.replace(/\D/g, '').slice(0, PASSCODE_LENGTH);
}

/**
 * The server's refusals that spend the code (no longer valid, expired, too many incorrect codes) all
 * end 'Please request a new code.'; then waiting out the countdown is pointless.
 */
export function asksForNewCode(message: string | null): boolean {
  return message !== null && /request a new code\.?$/i.test(message.trim());
}

/** The password form's own rule; the server says whether it is right. */
export function validatePassword(password: string): string | null {
  return password === '' ? 'Please enter your password.' : null;
}
