// The report's tables: the figures the charts draw, as text (each chart's alternative), and
// utilisation per practitioner and per clinic.

import { formatCents } from '@atrium/domain';
import type { StaffReport, StaffReportUtilisation } from '@atrium/graphql-client/staff-reports';
import { Table } from '@atrium/ui';
import type { ReactNode } from 'react';
import { formatMinutes, formatShare, statusRows } from './report-format';
import { shortDay } from './report-period';

const NumberCell = ({ children }: { children: ReactNode }) => (
  <Table.Cell textAlign="end">{children}</Table.Cell>
);
const NumberHeader = ({ children }: { children: ReactNode }) => (
  <Table.ColumnHeader textAlign="end">{children}</Table.ColumnHeader>
);

function ReportTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" width="full">
      <Table.Root size="sm" aria-label={label}>
        {children}
      </Table.Root>
    </Table.ScrollArea>
  );
}

export function StatusTable({ bookings }: { bookings: StaffReport['bookings'] }) {
  return (
    <ReportTable label="Appointments by status">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Status</Table.ColumnHeader>
          <NumberHeader>Appointments</NumberHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {statusRows(bookings).map((row) => (
          <Table.Row key={row.key}>
            <Table.Cell>{row.label}</Table.Cell>
            <NumberCell>{row.count}</NumberCell>
          </Table.Row>
        ))}
      </Table.Body>
      <Table.Footer>
        <Table.Row fontWeight="semibold">
          <Table.Cell>Total</Table.Cell>
          <NumberCell>{bookings.total}</NumberCell>
        </Table.Row>
      </Table.Footer>
    </ReportTable>
  );
}

/** The days with appointments (the others are all zero), and the period's totals. */
export function MoneyTable({ report }: { report: StaffReport }) {
  return (
    <ReportTable label="Money by day">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Day</Table.ColumnHeader>
          <NumberHeader>Appointments</NumberHeader>
          <NumberHeader>Collected</NumberHeader>
          <NumberHeader>Refunded</NumberHeader>
          <NumberHeader>Net</NumberHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {report.days
          .filter((day) => day.appointments > 0)
          .map((day) => (
            <Table.Row key={day.date}>
              <Table.Cell>{shortDay(day.date)}</Table.Cell>
              <NumberCell>{day.appointments}</NumberCell>
              <NumberCell>{formatCents(day.collected)}</NumberCell>
              <NumberCell>{formatCents(day.refunded)}</NumberCell>
              <NumberCell>{formatCents(day.net)}</NumberCell>
            </Table.Row>
          ))}
      </Table.Body>
      <Table.Footer>
        <Table.Row fontWeight="semibold">
          <Table.Cell>Total</Table.Cell>
          <NumberCell>{report.bookings.total}</NumberCell>
          <NumberCell>{formatCents(report.collected)}</NumberCell>
          <NumberCell>{formatCents(report.refunded)}</NumberCell>
          <NumberCell>{formatCents(report.net)}</NumberCell>
        </Table.Row>
      </Table.Footer>
    </ReportTable>
  );
}

/** Booked and working time per practitioner or per place (`nameHeader` names the first column). */
export function UtilisationTable({
  label,
  nameHeader,
  rows,
}: {
  label: string;
  nameHeader: string;
  rows: readonly StaffReportUtilisation[];
}) {
  return (
    <ReportTable label={label}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{nameHeader}</Table.ColumnHeader>
          <NumberHeader>Booked</NumberHeader>
          <NumberHeader>Working</NumberHeader>
          <NumberHeader>Utilisation</NumberHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={row.id ?? 'home'}>
            <Table.Cell>{row.name}</Table.Cell>
            <NumberCell>{formatMinutes(row.bookedMinutes)}</NumberCell>
            <NumberCell>{formatMinutes(row.workingMinutes)}</NumberCell>
            <NumberCell>{formatShare(row.utilisation, 'No working hours')}</NumberCell>
          </Table.Row>
        ))}
      </Table.Body>
    </ReportTable>
  );
}
