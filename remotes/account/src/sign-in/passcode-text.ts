import { PASSCODE_LENGTH } from '@atrium/domain';
import { errorCode } from '@atrium/graphql-client';

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
 * Whether the server refused the code as spent (no longer valid, expired, too many incorrect codes:
 * CODE_SPENT); then waiting out the countdown is pointless.
 */
export function asksForNewCode(error: unknown): boolean {
  return errorCode(error) === 'CODE_SPENT';
}
