import { errorMessage } from '@atrium/graphql-client';
import { type ReportPeriod, useReportExport } from '@atrium/graphql-client/staff-reports';
import { Alert, Button, Flex, Stack } from '@atrium/ui';

/** Hands CSV text to the browser as a file download. */
function saveCsv(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the download has taken the file by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function ExportButton({
  kind,
  label,
  marketplaceId,
  period,
}: {
  kind: 'appointments' | 'payments';
  label: string;
  marketplaceId: string;
  period: ReportPeriod;
}) {
  const download = useReportExport(kind, marketplaceId);
  const run = () =>
    download.mutate(period, {
      onSuccess: (csv) => saveCsv(csv, `${kind}-${period.from}-to-${period.to}.csv`),
    });
  return (
    <Stack gap="2" align="start">
      <Button variant="outline" loading={download.isPending} onClick={run}>
        {label}
      </Button>
      {download.isError && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(download.error)}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}

/** The period's appointments and payments as CSV files, for a spreadsheet or the accountant. */
export function ReportDownloads({ marketplaceId, period }: { marketplaceId: string; period: ReportPeriod }) {
  return (
    <Flex gap="3" wrap="wrap" align="start">
      <ExportButton
        kind="appointments"
        label="Export appointments (CSV)"
        marketplaceId={marketplaceId}
        period={period}
      />
      <ExportButton
        kind="payments"
        label="Export payments (CSV)"
        marketplaceId={marketplaceId}
        period={period}
      />
    </Flex>
  );
}
