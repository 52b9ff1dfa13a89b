// The periods the owner picks from: presets relative to today and a custom range, as local dates.

import { isLocalDate } from '@atrium/domain';
import type { ReportPeriod } from '@atrium/graphql-client/staff-reports';
import { addDays, endOfMonth, format, parseISO, startOfMonth, subMonths } from 'date-fns';

const DAY = 'yyyy-MM-dd';

export type PresetId = 'last7' | 'last30' | 'thisMonth' | 'lastMonth';

export interface PeriodPreset extends ReportPeriod {
  id: PresetId;
  label: string;
}

/** The section opens on the last 30 days. */
export const DEFAULT_PRESET: PresetId = 'last30';

/** The presets as of `today` (yyyy-MM-dd): the last 7 and 30 days and this month so far end today. */
export function periodPresets(today: string): PeriodPreset[] {
  const date = parseISO(today);
  const day = (value: Date) => format(value, DAY);
  const lastMonth = subMonths(date, 1);
  return [
    { id: 'last7', label: 'Last 7 days', from: day(addDays(date, -6)), to: today },
    { id: 'last30', label: 'Last 30 days', from: day(addDays(date, -29)), to: today },
    { id: 'thisMonth', label: 'This month', from: day(startOfMonth(date)), to: today },
    {
      id: 'lastMonth',
      label: 'Last month',
      from: day(startOfMonth(lastMonth)),
      to: day(endOfMonth(lastMonth)),
    },
  ];
}

/** The preset a period is, or null for a custom one. */
export function presetOf(period: ReportPeriod, today: string): PresetId | null {
  const found = periodPresets(today).find((preset) => preset.from === period.from && preset.to === period.to);
  return found?.id ?? null;
}

/** 'Mar 1, 2026 – Mar 31, 2026', or one date for a one-day period. */
export function periodLabel({ from, to }: ReportPeriod): string {
  const long = (value: string) => format(parseISO(value), 'MMM d, yyyy');
  return from === to ? long(from) : `${long(from)} – ${long(to)}`;
}

/** A day as a chart's axis and the money table show it: 'Mar 1'. */
export const shortDay = (value: string) => format(parseISO(value), 'MMM d');

/** A yyyy-MM-dd date from the address, or null when it is not one. */
export const dateParam = (value: string | null) => (value !== null && isLocalDate(value) ? value : null);
