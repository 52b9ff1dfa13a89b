import { type ReportPeriod, type StaffReport, useStaffReport } from '@atrium/graphql-client/staff-reports';
import { Heading, PageHeading, Stack, Text } from '@atrium/ui';
import { type ReactNode, useId } from 'react';
import { LoadError, Loading } from '../shared/query-states';
import type { ConsoleSectionProps } from '../shell/console-staff';
import { PeriodPicker } from './period-picker';
import { MoneyChart, StatusChart, UtilisationChart } from './report-charts';
import { ReportDownloads } from './report-downloads';
import { periodLabel } from './report-period';
import { ReportSummary } from './report-summary';
import { MoneyTable, StatusTable, UtilisationTable } from './report-tables';
import { useReportPeriod } from './use-report-period';

/**
 * Reports (owner): for the appointments of a period, how many in each status, the money collected
 * and refunded, the no-show rate and how much of the team's working time was booked, with the
 * appointments and payments to download as CSV.
 */
export default function ReportsSection({ marketplaceId }: ConsoleSectionProps) {
  const { period, choose, today } = useReportPeriod();
  const report = useStaffReport(marketplaceId, period);
  return (
    <Stack gap="5">
      <PageHeading mb="0">Reports</PageHeading>
      <Text color="fg.muted">
        Bookings, money and how busy your team was, for the appointments of a period.
      </Text>
      <PeriodPicker period={period} today={today} onChoose={choose} />
      <Text fontWeight="semibold" aria-live="polite">
        {periodLabel(period)}
      </Text>
      {report.isPending ? (
        <Loading label="Loading the report" section />
      ) : report.isError ? (
        <LoadError error={report.error} onRetry={() => report.refetch()} />
      ) : report.data.bookings.total === 0 ? (
        <Text>No appointments in this period.</Text>
      ) : (
        <ReportBody report={report.data} marketplaceId={marketplaceId} period={period} />
      )}
    </Stack>
  );
}

function ReportBody({
  report,
  marketplaceId,
  period,
}: {
  report: StaffReport;
  marketplaceId: string;
  period: ReportPeriod;
}) {
  return (
    <Stack gap="6">
      <ReportSummary report={report} />
      <ReportDownloads marketplaceId={marketplaceId} period={period} />
      <ReportPart title="Money by day">
        <Text color="fg.muted" fontSize="sm">
          What was collected for the appointments starting each day (dates in {report.timeZone}), and what was
          refunded of it.
        </Text>
        <MoneyChart days={report.days} />
        <MoneyTable report={report} />
      </ReportPart>
      <ReportPart title="Appointments by status">
        <StatusChart bookings={report.bookings} />
        <StatusTable bookings={report.bookings} />
      </ReportPart>
      <ReportPart title="Utilisation">
        <Text color="fg.muted" fontSize="sm">
          Time booked (pending, booked, completed and no-show visits) over working hours, less time off.
        </Text>
        {report.practitioners.length > 0 && <UtilisationChart rows={report.practitioners} />}
        <UtilisationTable
          label="Utilisation by practitioner"
          nameHeader="Practitioner"
          rows={report.practitioners}
        />
        <UtilisationTable label="Utilisation by clinic" nameHeader="Clinic" rows={report.clinics} />
      </ReportPart>
    </Stack>
  );
}

/** A titled part of the report: a region named by its heading. */
function ReportPart({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack as="section" aria-labelledby={id} gap="3">
      <Heading as="h2" size="lg" id={id}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}
