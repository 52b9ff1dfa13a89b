// The section's charts (Recharts, bundled with this section only). Each draws a table that follows
// it: the table is its text, so the drawing is hidden from assistive technology and the figure named.

import { formatCents } from '@atrium/domain';
import type { StaffReport } from '@atrium/graphql-client/staff-reports';
import { Box } from '@atrium/ui';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { statusRows } from './report-format';
import { shortDay } from './report-period';

// The theme's colours as CSS variables, so a chart follows the marketplace's brand.
const colors = {
  brand: 'var(--chakra-colors-brand-solid)',
  refund: 'var(--chakra-colors-red-solid)',
  grid: 'var(--chakra-colors-border)',
  text: 'var(--chakra-colors-fg-muted)',
};
const axisTick = { fill: colors.text, fontSize: 12 };

/**
 * A chart as a figure named by `label`, at a height that reads at tablet width and up. The drawing is
 * hidden (its tooltip holds a focusable element, which a named image may not), the table tells it.
 */
function ChartFrame({
  label,
  height = 260,
  children,
}: {
  label: string;
  height?: number;
  children: ReactNode;
}) {
  return (
    <Box as="figure" aria-label={label} width="full">
      <Box aria-hidden="true" height={`${height}px`}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </Box>
    </Box>
  );
}

const money = (value: unknown) => formatCents(Number(value));

/** Collected and refunded per day of the period. */
export function MoneyChart({ days }: { days: StaffReport['days'] }) {
  return (
    <ChartFrame label="Bar chart of the money collected and refunded each day; the table below lists the days.">
      <BarChart data={days} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid stroke={colors.grid} vertical={false} />
        <XAxis dataKey="date" tickFormatter={shortDay} tick={axisTick} minTickGap={16} />
        {/* At least a dollar high, so a period without money is not drawn in cents. */}
        <YAxis
          tickFormatter={money}
          tick={axisTick}
          width={80}
          domain={[0, (highest: number) => Math.max(highest, 100)]}
        />
        <Tooltip formatter={money} labelFormatter={(date) => shortDay(String(date))} />
        <Legend />
        <Bar
          dataKey="collected"
          name="Collected"
          fill={colors.brand}
          isAnimationActive={false}
          maxBarSize={48}
        />
        <Bar
          dataKey="refunded"
          name="Refunded"
          fill={colors.refund}
          isAnimationActive={false}
          maxBarSize={48}
        />
      </BarChart>
    </ChartFrame>
  );
}

/** How many appointments are in each status. */
export function StatusChart({ bookings }: { bookings: StaffReport['bookings'] }) {
  return (
    <ChartFrame
      label="Bar chart of the appointments in each status; the table below lists them."
      height={220}
    >
      <BarChart
        data={statusRows(bookings)}
        accessibilityLayer={false}
        margin={{ top: 8, right: 8, bottom: 0 }}
      >
        <CartesianGrid stroke={colors.grid} vertical={false} />
        <XAxis dataKey="label" tick={axisTick} interval={0} />
        <YAxis allowDecimals={false} tick={axisTick} width={40} />
        <Tooltip />
        <Bar
          dataKey="count"
          name="Appointments"
          fill={colors.brand}
          isAnimationActive={false}
          maxBarSize={48}
        />
      </BarChart>
    </ChartFrame>
  );
}

/** Each practitioner's utilisation, as a percentage of their working time. */
export function UtilisationChart({ rows }: { rows: StaffReport['practitioners'] }) {
  const data = rows.map((row) => ({
    name: row.name,
    percent: Math.round((row.utilisation ?? 0) * 1000) / 10,
  }));
  return (
    <ChartFrame
      label="Bar chart of each practitioner's utilisation; the table below lists the practitioners."
      height={Math.max(160, 48 * data.length)}
    >
      <BarChart data={data} layout="vertical" accessibilityLayer={false} margin={{ right: 16, left: 8 }}>
        <CartesianGrid stroke={colors.grid} horizontal={false} />
        <XAxis type="number" domain={[0, 100]} unit="%" tick={axisTick} />
        <YAxis type="category" dataKey="name" tick={axisTick} width={120} />
        <Tooltip formatter={(value) => `${value}%`} />
        <Bar
          dataKey="percent"
          name="Utilisation"
          fill={colors.brand}
          isAnimationActive={false}
          maxBarSize={48}
        />
      </BarChart>
    </ChartFrame>
  );
}
