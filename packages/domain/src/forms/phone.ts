import { ParseError, parsePhoneNumberWithError, validatePhoneNumberLength } from 'libphonenumber-js/min';

/** Spec 5: the phone input keeps at most 250 characters. */
export const PHONE_INPUT_MAX_LENGTH = 250;

export type PhoneProblem = 'TOO_SHORT' | 'TOO_LONG' | 'NOT_A_NUMBER' | 'INVALID_COUNTRY' | 'INVALID';

/**
 * Spec 5: a phone in the US by default, typed in national format, stored as E.164. Returns the E.164
 * number, or why it is not one (too short, too long, not a number, invalid country).
 */
export function parseUsPhone(text: string): { e164: string } | { problem: PhoneProblem } {
  const value = text.slice(0, PHONE_INPUT_MAX_LENGTH).trim();
  if (!/\d/.test(value)) return { problem: 'NOT_A_NUMBER' };
  const length = validatePhoneNumberLength(value, 'US');
  if (
    length === 'TOO_SHORT' ||
    length === 'TOO_LONG' ||
    length === 'NOT_A_NUMBER' ||
    length === 'INVALID_COUNTRY'
  ) {
    return { problem: length };
  }
  try {
    const phone = parsePhoneNumberWithError(value, 'US');
    if (phone.country !== 'US' || !phone.isValid()) return { problem: 'INVALID' };
    return { e164: phone.number };
  } catch (error) {
    if (error instanceof ParseError && error.message === 'INVALID_COUNTRY')
      return { problem: 'INVALID_COUNTRY' };
    return { problem: 'NOT_A_NUMBER' };
  }
}

/** A stored E.164 US number in national format for display, e.g. (212) 555-0143. */
export function formatUsPhone(e164: string): string {
  try {
    return parsePhoneNumberWithError(e164, 'US').formatNational();
  } catch {
    return e164;
  }
}
