import { useActivityLog } from '@atrium/graphql-client/staff-setup';
import { Button, PageHeading, Stack, Table, Text } from '@atrium/ui';
import { LoadError, Loading } from '../shared/query-states';
import type { ConsoleSectionProps } from '../shell/console-staff';
import { ActivityRow } from './activity-row';

/**
 * Activity (owner): every change made in the console and by the platform's operator, newest first —
 * when, who, what and to what, with the values before and after — older pages on request.
 */
export default function ActivitySection({ marketplaceId }: ConsoleSectionProps) {
  const log = useActivityLog(marketplaceId);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Stack gap="4">
      <PageHeading mb="0">Activity</PageHeading>
      <Text color="fg.muted">Who changed what in your marketplace, and when.</Text>
      {log.isPending ? (
        <Loading label="Loading the activity" section />
      ) : log.isError && entries.length === 0 ? (
        <LoadError error={log.error} onRetry={() => log.refetch()} />
      ) : entries.length === 0 ? (
        <Text>Nothing has been changed yet.</Text>
      ) : (
        <Stack gap="3" align="start">
          <Table.ScrollArea borderWidth="1px" rounded="md" width="full">
            <Table.Root size="sm" aria-label="Activity">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>When</Table.ColumnHeader>
                  <Table.ColumnHeader>Who</Table.ColumnHeader>
                  <Table.ColumnHeader>What</Table.ColumnHeader>
                  <Table.ColumnHeader>Subject</Table.ColumnHeader>
                  <Table.ColumnHeader>Changes</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {entries.map((entry) => (
                  <ActivityRow key={entry.id} entry={entry} />
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          {log.isFetchNextPageError ? (
            <LoadError error={log.error} onRetry={() => log.fetchNextPage()} />
          ) : log.hasNextPage ? (
            <Button variant="outline" loading={log.isFetchingNextPage} onClick={() => log.fetchNextPage()}>
              Show older changes
            </Button>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
