import { formatCents } from '@atrium/domain';
import type { StaffReport } from '@atrium/graphql-client/staff-reports';
import { Box, SimpleGrid, Text } from '@atrium/ui';
import { formatShare } from './report-format';

/** The period's headline figures, as a description list of cards. */
export function ReportSummary({ report }: { report: StaffReport }) {
  const figures = [
    { label: 'Appointments', value: String(report.bookings.total) },
    { label: 'Collected', value: formatCents(report.collected) },
    { label: 'Refunded', value: formatCents(report.refunded) },
    { label: 'Net revenue', value: formatCents(report.net) },
    { label: 'No-show rate', value: formatShare(report.noShowRate, 'No visits ended') },
  ];
  return (
    <SimpleGrid as="dl" columns={{ base: 2, md: 3, lg: 5 }} gap="3">
      {figures.map((figure) => (
        <Box key={figure.label} borderWidth="1px" rounded="md" p="3">
          <Text as="dt" color="fg.muted" fontSize="sm">
            {figure.label}
          </Text>
          <Text as="dd" fontSize="xl" fontWeight="semibold">
            {figure.value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}
