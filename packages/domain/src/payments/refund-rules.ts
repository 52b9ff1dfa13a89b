// What staff may give back of a payment, and what they are told when they cannot: one rule set for
// the console's refund field and the API's refund operation.
import { formatCents } from '../money/format-cents';
import { dollarsTextToCents } from '../offers/offer-rules';

export const REFUND_MESSAGES = {
  amountFormat: 'Enter an amount in dollars and cents, like 25.00.',
  amountPositive: 'Enter an amount of at least $0.01.',
  nothingLeft: 'Nothing is left to refund on this payment.',
  requestKey: 'A refund request key is 8 to 64 letters, digits and dashes.',
  notRefundable: 'Only a payment that went through can be refunded.',
} as const;

/** The most a refund may be: what is left of the payment. */
export const refundTooLargeMessage = (leftCents: number) =>
  `The most you can refund is ${formatCents(leftCents)}.`;

/** What the processor answered when it refused the refund. */
export const refundRefusedMessage = (reason: string) => `The refund was refused: ${reason}`;

/** Why `amountCents` cannot be refunded from a payment with `leftCents` left; null when it can. */
export function refundAmountProblem(amountCents: number, leftCents: number): string | null {
  if (leftCents <= 0) return REFUND_MESSAGES.nothingLeft;
  if (!Number.isInteger(amountCents)) return REFUND_MESSAGES.amountFormat;
  if (amountCents < 1) return REFUND_MESSAGES.amountPositive;
  if (amountCents > leftCents) return refundTooLargeMessage(leftCents);
  return null;
}

/** The console's refund field (dollars as typed) checked against what is left: cents, or the message. */
export function refundFieldValue(
  text: string,
  leftCents: number,
): { cents: number; problem: null } | { cents: null; problem: string } {
  const cents = dollarsTextToCents(text);
  if (cents === null) return { cents: null, problem: REFUND_MESSAGES.amountFormat };
  const problem = refundAmountProblem(cents, leftCents);
  return problem ? { cents: null, problem } : { cents, problem: null };
}

/** A key the console makes once per refund it asks for, so a retried request refunds once. */
export const isRefundRequestKey = (key: string) => /^[A-Za-z0-9-]{8,64}$/.test(key);
