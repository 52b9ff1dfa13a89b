// How the Offers section words and shows offers: statuses, discounts, prices and the form's values.
import { formatCents, type MembershipPeriod } from '@atrium/domain';
import type { StaffPromoCode } from '@atrium/graphql-client/staff-offers';

export type OfferStatus = StaffPromoCode['status'] | 'RETIRED';

export const statusLabels: Record<OfferStatus, string> = {
  ACTIVE: 'Active',
  PAUSED: 'Paused',
  SCHEDULED: 'Scheduled',
  EXPIRED: 'Expired',
  USED_UP: 'Used up',
  RETIRED: 'Retired',
};

export const statusPalettes: Record<OfferStatus, string> = {
  ACTIVE: 'green',
  PAUSED: 'orange',
  SCHEDULED: 'blue',
  EXPIRED: 'gray',
  USED_UP: 'gray',
  RETIRED: 'gray',
};

export const periodLabels: Record<MembershipPeriod, string> = {
  monthly: 'Monthly',
  quarterly: 'Every 3 months',
  yearly: 'Yearly',
};

export const perPeriod: Record<MembershipPeriod, string> = {
  monthly: 'a month',
  quarterly: 'every 3 months',
  yearly: 'a year',
};

/** '25% off' or '$10.00 off'. */
export const discountText = (promo: Pick<StaffPromoCode, 'kind' | 'value'>) =>
  promo.kind === 'PERCENTAGE' ? `${promo.value}% off` : `${formatCents(promo.value)} off`;

/** Cents as the price fields show them: 1250 -> '12.50'. */
export const centsToDollarsText = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '' : (cents / 100).toFixed(2);

/** An ISO instant as a datetime-local field shows it, in this browser's zone. */
export function isoToLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 'From Jan 1, 2030, 9:00 AM until Feb 1, 2030, 9:00 AM', or null when the code has no window. */
export function windowText(promo: Pick<StaffPromoCode, 'startsAt' | 'endsAt'>): string | null {
  const from = promo.startsAt ? `From ${dateTime.format(new Date(promo.startsAt))}` : null;
  const until = promo.endsAt ? `until ${dateTime.format(new Date(promo.endsAt))}` : null;
  if (!from && !until) return null;
  const text = [from, until].filter(Boolean).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Names of the chosen ids, in the choices' order: 'Drip, Shot'. */
export const namesOf = (ids: readonly string[], choices: readonly { id: string; name: string }[]) =>
  choices
    .filter((choice) => ids.includes(choice.id))
    .map((choice) => choice.name)
    .join(', ') || ids.join(', ');
