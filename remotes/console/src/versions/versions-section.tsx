import { useStaffRemoteVersions } from '@atrium/graphql-client/staff';
import { PageHeading, Stack, Table, Text } from '@atrium/ui';
import { LoadError, Loading } from '../shared/query-states';
import type { ConsoleSectionProps } from '../shell/console-staff';
import { RemoteVersionRow } from './remote-version-row';

/**
 * Tenant versions (for the owner only): which release of each part of the site this marketplace's
 * clients get (the default, or its own override), previewed in the owner's browser first, made live,
 * rolled back. A change shows on the clients' next page load, with no deploy.
 */
export default function VersionsSection({ marketplaceId }: ConsoleSectionProps) {
  const versions = useStaffRemoteVersions(marketplaceId);
  return (
    <Stack gap="4">
      <PageHeading mb="0">Versions</PageHeading>
      <Text color="fg.muted">
        Which release of each part of the site your clients get. Preview a release in this browser before
        making it live; a change shows on your clients' next page load.
      </Text>
      {versions.isPending ? (
        <Loading label="Loading versions" section />
      ) : versions.isError ? (
        <LoadError error={versions.error} onRetry={() => versions.refetch()} />
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-label="Versions of the site's parts">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Part</Table.ColumnHeader>
                <Table.ColumnHeader>Clients get</Table.ColumnHeader>
                <Table.ColumnHeader>Version</Table.ColumnHeader>
                <Table.ColumnHeader>Change</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {versions.data.map((item) => (
                <RemoteVersionRow key={item.remote} marketplaceId={marketplaceId} item={item} />
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
