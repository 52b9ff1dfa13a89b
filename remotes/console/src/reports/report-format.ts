// How the section words its figures: statuses, shares and time. Money goes through the one
// formatter, @atrium/domain's formatCents.

import { formatDuration } from '@atrium/domain';
import type { StaffReport } from '@atrium/graphql-client/staff-reports';

/** The statuses in the order a visit moves through them, with the words the console uses. */
const statuses = [
  ['pending', 'Pending'],
  ['booked', 'Booked'],
  ['complete', 'Completed'],
  ['noShow', 'No-show'],
  ['cancelled', 'Cancelled'],
] as const;

export const statusRows = (bookings: StaffReport['bookings']) =>
  statuses.map(([key, label]) => ({ key, label, count: bookings[key] }));

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** A share (0.25) as '25%', or `none` (words, not a dash a screen reader spells out) when there is none. */
export const formatShare = (share: number | null, none: string) =>
  share === null ? none : percent.format(share);

/** Minutes as '9 hr 30 min'; none as '0 min'. */
export const formatMinutes = (minutes: number) => formatDuration(minutes) ?? '0 min';
