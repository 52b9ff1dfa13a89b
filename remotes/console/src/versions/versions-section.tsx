import { errorMessage } from '@atrium/graphql-client';
import { useStaffRemoteVersions } from '@atrium/graphql-client/staff';
import { Alert, Button, Center, PageHeading, Spinner, Stack, Table, Text } from '@atrium/ui';
import type { ConsoleSectionProps } from '../shell/console-staff';
import { RemoteVersionRow } from './remote-version-row';

/**
 * Tenant versions (issue 19, owner only): which release of each part of the site this marketplace's
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
        <Center py="12">
          <Spinner size="lg" role="status" aria-label="Loading versions" />
        </Center>
      ) : versions.isError ? (
        <Stack gap="3" align="start">
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{errorMessage(versions.error)}</Alert.Title>
          </Alert.Root>
          <Button onClick={() => versions.refetch()}>Try again</Button>
        </Stack>
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
