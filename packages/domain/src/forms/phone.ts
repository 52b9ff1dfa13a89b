import {
  AsYouType,
  ParseError,
  parsePhoneNumberFromString,
  parsePhoneNumberWithError,
  validatePhoneNumberLength,
} from 'libphonenumber-js/min';

/** The phone input keeps at most 250 characters. */
export const PHONE_INPUT_MAX_LENGTH = 250;

export type PhoneProblem = 'TOO_SHORT' | 'TOO_LONG' | 'NOT_A_NUMBER' | 'INVALID_COUNTRY' | 'INVALID';

/**
 * A phone in the US by default, typed in national format, stored as E.164. Returns the E.164
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

/**
 * A phone of any country, read as a US number when it has no country code: the API keeps a
 * foreign number a client living abroad gives. The E.164 number, or null when it is not valid.
 */
export function parseAnyCountryPhone(text: string): string | null {
  const phone = parsePhoneNumberFromString(text, 'US');
  return phone?.isValid() ? phone.number : null;
}

/**
 * A stored phone (E.164, or anything libphonenumber reads as a US number) in national format for
 * display, e.g. +12125550143 as (212) 555-0143; text that is not a phone is shown as it is.
 */
export function formatUsPhone(phone: string): string {
  try {
    return parsePhoneNumberWithError(phone, 'US').formatNational();
  } catch {
    return phone;
  }
}

/**
 * A stored phone as mails and texts show it: a US number in national format, e.g. (212) 555-0143,
 * another country's in international format (+44 20 7946 0958), which a national format would
 * leave without its country code; text that is not a phone is shown as it is.
 */
export function formatPhone(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone, 'US');
  if (!parsed) return phone;
  return parsed.country === 'US' ? parsed.formatNational() : parsed.formatInternational();
}

/**
 * The phone input: national format as the client types (US), at most 250 characters. Deleting is
 * left alone, so a backspace over a bracket or dash is not undone by the formatting.
 */
export function formatUsPhoneInput(previous: string, next: string): string {
  const capped = next.slice(0, PHONE_INPUT_MAX_LENGTH);
  if (capped.length <= previous.length) return capped;
  return new AsYouType('US').input(capped).slice(0, PHONE_INPUT_MAX_LENGTH);
}

/** A tel: link for a stored phone (E.164, or anything read as a US number); digits only otherwise. */
export function phoneHref(phone: string): string {
  try {
    return parsePhoneNumberWithError(phone, 'US').getURI();
  } catch {
    return `tel:${phone.replace(/[^\d+]/g, '')}`;
  }
}
