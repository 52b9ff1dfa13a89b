// How much of the total is collected when the marketplace confirms, and the caption that
// tells the client so. The browser and the API use the same rule.
import { percentOfCents } from './cents';

export type PaymentCollectionMethod = 'collect_on_site' | 'collect_deposit' | 'collect_on_confirmation';
export type PaymentDepositType = 'percentage' | 'fixed_amount';

/** The marketplace's payment settings (paymentSettings) that decide the due-now amount. */
export interface DueNowSettings {
  paymentCollectionMethod: PaymentCollectionMethod | string;
  paymentDepositType?: PaymentDepositType | string | null;
  /** Percent for percentage deposits, cents for fixed amounts. */
  paymentDepositValue?: number | null;
}

export const PAYMENT_CAPTIONS = {
  onSite: 'Payment will be collected at the time of your appointment.',
  deposit: 'Your deposit will be collected when your appointment is confirmed.',
  full: 'Your card will be charged when your appointment is confirmed.',
} as const;

/**
 * Cents due when the appointment is confirmed:
 * - collect_on_site: 0;
 * - collect_deposit, percentage: (total - gratuity) x percent, rounded to whole cents (half up);
 * - collect_deposit, fixed_amount: the fixed value, never more than the total;
 * - collect_on_confirmation, and anything else: the whole total.
 * `total` and `gratuity` are the charged (low) ends of the summary, in cents.
 */
export function dueNow(total: number, gratuity: number, settings: DueNowSettings): number {
  if (!Number.isInteger(total) || !Number.isInteger(gratuity)) {
    throw new RangeError(`Money must be integer cents, got ${total} and ${gratuity}`);
  }
  const payable = Math.max(0, total);
  switch (settings.paymentCollectionMethod) {
    case 'collect_on_site':
      return 0;
    case 'collect_deposit': {
      const value = settings.paymentDepositValue ?? 0;
      if (settings.paymentDepositType === 'percentage') {
        return percentOfCents(
          Math.max(0, payable - Math.max(0, gratuity)),
          Math.min(100, Math.max(0, value)),
        );
      }
      if (settings.paymentDepositType === 'fixed_amount')
        return Math.min(payable, Math.max(0, Math.round(value)));
      return payable;
    }
    default:
      return payable;
  }
}

/**
 * The caption under the payment method: nothing due now is collected on site; less than
 * the total is a deposit; otherwise the card is charged the full amount.
 */
export function paymentCaption(dueNowCents: number, total: number): string {
  if (dueNowCents <= 0) return PAYMENT_CAPTIONS.onSite;
  if (dueNowCents < total) return PAYMENT_CAPTIONS.deposit;
  return PAYMENT_CAPTIONS.full;
}
