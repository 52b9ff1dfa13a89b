import type { StaffRemoteVersions } from '@atrium/graphql-client/staff';
import { Badge, Button, HStack, Link, Stack, Table, Text } from '@atrium/ui';
import { Field, NativeSelect } from '@atrium/ui/forms';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { useVersionChanges, type VersionChanges } from './use-version-changes';
import { currentRelease, formatInstant, remoteLabels } from './version-format';

/**
 * One remote of the Versions table: what the clients get and since when, a choice of its published
 * releases, and Preview (this browser only), Make live, Roll back and Use default, each confirmed.
 */
export function RemoteVersionRow({
  marketplaceId,
  item,
}: {
  marketplaceId: string;
  item: StaffRemoteVersions;
}) {
  const label = remoteLabels[item.remote];
  const [chosen, setChosen] = useState(item.releases[0]?.version ?? '');
  const changes = useVersionChanges(marketplaceId, item, chosen);

  return (
    <Table.Row>
      <Table.Cell>
        <Text as="span" fontWeight="semibold">
          {label}
        </Text>
      </Table.Cell>
      <CurrentReleaseCells item={item} />
      <Table.Cell minW="16rem">
        <Stack gap="2">
          <ReleaseSelect item={item} chosen={chosen} failure={changes.failure} onChoose={setChosen} />
          <ChangeButtons item={item} chosen={chosen} changes={changes} />
          {changes.previewLink && (
            <Link href={changes.previewLink} target="_blank" rel="noopener">
              Open the {label.toLowerCase()} preview
            </Link>
          )}
        </Stack>
        <ConfirmDialog change={changes.change} pending={changes.pending} onClose={changes.dismiss} />
      </Table.Cell>
    </Table.Row>
  );
}

/** What the clients get now (override, default or built in), its version and since when. */
function CurrentReleaseCells({ item }: { item: StaffRemoteVersions }) {
  const current = currentRelease(item);
  return (
    <>
      <Table.Cell>
        <Badge colorPalette={current.kind === 'Override' ? 'purple' : 'gray'}>{current.kind}</Badge>
      </Table.Cell>
      <Table.Cell>
        <Text fontFamily="mono">{current.version ?? '—'}</Text>
        {current.since && (
          <Text fontSize="xs" color="fg.muted">
            since {formatInstant(current.since)}
          </Text>
        )}
      </Table.Cell>
    </>
  );
}

/** The remote's published releases, newest first, with the reason the last change was refused. */
function ReleaseSelect({
  item,
  chosen,
  failure,
  onChoose,
}: {
  item: StaffRemoteVersions;
  chosen: string;
  failure: string | null;
  onChoose: (version: string) => void;
}) {
  const selectId = useId();
  const failureId = useId();
  const live = currentRelease(item).version;
  return (
    <Field.Root invalid={failure !== null}>
      <Field.Label htmlFor={selectId} srOnly>
        Release of {remoteLabels[item.remote].toLowerCase()}
      </Field.Label>
      <NativeSelect.Root size="sm" disabled={item.releases.length === 0}>
        <NativeSelect.Field
          id={selectId}
          value={chosen}
          aria-describedby={failure ? failureId : undefined}
          onChange={(event) => onChoose(event.currentTarget.value)}
        >
          {item.releases.length === 0 && <option value="">No published releases</option>}
          {item.releases.map((release) => (
            <option key={release.version} value={release.version}>
              {release.version} · {formatInstant(release.releasedAt)}
              {release.version === live ? ' (live)' : ''}
              {release.failureReports > 0 ? ` · ${release.failureReports} failed to load it` : ''}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {failure && <Field.ErrorText id={failureId}>{failure}</Field.ErrorText>}
    </Field.Root>
  );
}

/** Preview and Make live for the chosen release; Roll back and Use default when there is an override. */
function ChangeButtons({
  item,
  chosen,
  changes,
}: {
  item: StaffRemoteVersions;
  chosen: string;
  changes: VersionChanges;
}) {
  const part = remoteLabels[item.remote].toLowerCase();
  const { pending } = changes;
  return (
    <HStack gap="2" wrap="wrap">
      <Button size="xs" variant="outline" onClick={changes.preview} disabled={pending || !chosen}>
        Preview<Text srOnly> {part}</Text>
      </Button>
      <Button size="xs" onClick={changes.makeLive} disabled={pending || !chosen}>
        Make live<Text srOnly> {part}</Text>
      </Button>
      {item.canRollBack && (
        <Button size="xs" variant="outline" onClick={changes.rollBack} disabled={pending}>
          Roll back<Text srOnly> {part}</Text>
        </Button>
      )}
      {item.override && (
        <Button size="xs" variant="ghost" onClick={changes.restoreDefault} disabled={pending}>
          Use default<Text srOnly> {part}</Text>
        </Button>
      )}
    </HStack>
  );
}
