// What a charge was for, in one line: the same words on the client's receipt and in their payment
// history (the receipt with the visit's long date, the history with its short one).
import { formatDateTime, formatShortDateTime, listNames } from '../../notifications';

export type PaymentPurpose =
  | {
      kind: 'appointment';
      /** A deposit (less than the total was due on confirmation), the whole amount, or a no-show fee. */
      charge: 'deposit' | 'payment' | 'no_show_fee';
      procedures: string[];
      startsAt: Date;
      /** The place's zone: the visit's time is said in it. */
      timeZone: string;
    }
  | { kind: 'package'; name: string }
  | { kind: 'membership'; charge: 'purchase' | 'renewal' | 'reactivation'; name: string };

/**
 * 'Deposit for Drip and Boost on Tuesday, March 4, 2025 at 9:00 AM EST', 'Package: 5 Drips',
 * 'Membership renewal: Glow Club'. `short` says the visit's time as a text message does.
 */
export function purposeLine(purpose: PaymentPurpose, { short = false }: { short?: boolean } = {}): string {
  if (purpose.kind === 'package') return `Package: ${purpose.name}`;
  if (purpose.kind === 'membership') {
    const what = {
      purchase: 'Membership',
      renewal: 'Membership renewal',
      reactivation: 'Membership reactivation',
    };
    return `${what[purpose.charge]}: ${purpose.name}`;
  }
  const when = (short ? formatShortDateTime : formatDateTime)(purpose.startsAt, purpose.timeZone);
  const visit = `${listNames(purpose.procedures)} on ${when}`;
  if (purpose.charge === 'deposit') return `Deposit for ${visit}`;
  if (purpose.charge === 'no_show_fee') return `No-show fee for ${visit}`;
  return visit;
}

/** What an appointment's charge was: a no-show fee, or the confirmation's deposit or whole amount. */
export function appointmentCharge(payment: {
  purpose: 'confirmation' | 'no_show_fee';
  amountCents: number;
  totalCents: number;
}): 'deposit' | 'payment' | 'no_show_fee' {
  if (payment.purpose === 'no_show_fee') return 'no_show_fee';
  return payment.amountCents < payment.totalCents ? 'deposit' : 'payment';
}
