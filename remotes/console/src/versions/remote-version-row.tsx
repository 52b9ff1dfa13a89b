import { removePreviewCookie, storePreviewCookie } from '@atrium/federation';
import { errorMessage } from '@atrium/graphql-client';
import {
  type StaffRemoteVersions,
  useStaffClearRemoteOverride,
  useStaffRollbackRemoteOverride,
  useStaffSetRemoteOverride,
  useStaffStartRemotePreview,
} from '@atrium/graphql-client/staff';
import { emit } from '@atrium/stores';
import { Badge, Button, HStack, Link, Stack, Table, Text } from '@atrium/ui';
import { Field, NativeSelect } from '@atrium/ui/forms';
import { useId, useState } from 'react';
import { ConfirmDialog, type VersionChange } from './confirm-dialog';
import { currentRelease, formatInstant, previewPages, remoteLabels, rollbackTarget } from './version-format';

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
  const current = currentRelease(item);
  const [chosen, setChosen] = useState(item.releases[0]?.version ?? '');
  const [change, setChange] = useState<VersionChange | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [previewLink, setPreviewLink] = useState<string | null>(null);
  const selectId = useId();
  const failureId = useId();

  const makeLive = useStaffSetRemoteOverride();
  const rollBack = useStaffRollbackRemoteOverride();
  const clear = useStaffClearRemoteOverride();
  const preview = useStaffStartRemotePreview();
  const pending = makeLive.isPending || rollBack.isPending || clear.isPending || preview.isPending;
  const scope = { marketplaceId, remote: item.remote };

  /** Runs a confirmed change: a toast when done; the server's reason shown (and toasted) when refused. */
  const confirmed = (next: Omit<VersionChange, 'run'>, action: () => Promise<string>) =>
    setChange({
      ...next,
      run: async () => {
        setFailure(null);
        try {
          const done = await action();
          emit('toast', { type: 'success', message: done });
        } catch (error) {
          const message = errorMessage(error);
          setFailure(message);
          emit('toast', { type: 'error', message });
        } finally {
          setChange(null);
        }
      },
    });

  const onPreview = () => {
    confirmed(
      {
        title: `Preview ${label.toLowerCase()} ${chosen}?`,
        message: `For the next hour, this browser loads ${label.toLowerCase()} ${chosen} on this marketplace's pages. Your clients keep getting what they get now. The page opens in a new tab.`,
        confirmLabel: 'Preview',
      },
      async () => {
        const started = await preview.mutateAsync({ ...scope, version: chosen });
        storePreviewCookie({ marketplaceId, token: started.token, expiresAt: started.expiresAt });
        const page = `/${marketplaceId}/${previewPages[item.remote]}`;
        // The tab may be refused (a pop-up blocker): the link below opens it then. (No 'noopener'
        // feature: with it, the browser answers null even for a tab it opened.)
        const opened = window.open(page, '_blank');
        if (opened) opened.opener = null;
        setPreviewLink(opened ? null : page);
        return `Previewing ${label.toLowerCase()} ${started.version} in this browser until ${formatInstant(started.expiresAt)}.`;
      },
    );
  };

  const onMakeLive = () => {
    confirmed(
      {
        title: `Make ${label.toLowerCase()} ${chosen} live?`,
        message: `Every client of this marketplace gets ${label.toLowerCase()} ${chosen} on their next page load.`,
        confirmLabel: 'Make live',
      },
      async () => {
        await makeLive.mutateAsync({ ...scope, version: chosen });
        // A preview in this browser would hide what the clients now get.
        removePreviewCookie(marketplaceId);
        return `${label} ${chosen} is live for your clients.`;
      },
    );
  };

  const onRollBack = () =>
    confirmed(
      {
        title: `Roll back ${label.toLowerCase()}?`,
        message: `Every client of this marketplace gets ${rollbackTarget(item)} on their next page load.`,
        confirmLabel: 'Roll back',
      },
      async () => {
        const now = currentRelease(await rollBack.mutateAsync(scope));
        return `${label} rolled back: your clients get ${now.version ?? 'the built-in version'}.`;
      },
    );

  const onUseDefault = () =>
    confirmed(
      {
        title: `Use the default ${label.toLowerCase()}?`,
        message: `Every client of this marketplace gets ${item.default ? `the default, ${item.default.version},` : 'the built-in version'} on their next page load.`,
        confirmLabel: 'Use default',
      },
      async () => {
        await clear.mutateAsync(scope);
        return `${label}: your clients get the default again.`;
      },
    );

  return (
    <Table.Row>
      <Table.Cell>
        <Text as="span" fontWeight="semibold">
          {label}
        </Text>
      </Table.Cell>
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
      <Table.Cell minW="16rem">
        <Stack gap="2">
          <Field.Root invalid={failure !== null}>
            <Field.Label htmlFor={selectId} srOnly>
              Release of {label.toLowerCase()}
            </Field.Label>
            <NativeSelect.Root size="sm" disabled={item.releases.length === 0}>
              <NativeSelect.Field
                id={selectId}
                value={chosen}
                aria-describedby={failure ? failureId : undefined}
                onChange={(event) => setChosen(event.currentTarget.value)}
              >
                {item.releases.length === 0 && <option value="">No published releases</option>}
                {item.releases.map((release) => (
                  <option key={release.version} value={release.version}>
                    {release.version} · {formatInstant(release.releasedAt)}
                    {release.version === current.version ? ' (live)' : ''}
                    {release.failureReports > 0 ? ` · ${release.failureReports} failed to load it` : ''}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {failure && <Field.ErrorText id={failureId}>{failure}</Field.ErrorText>}
          </Field.Root>
          <HStack gap="2" wrap="wrap">
            <Button size="xs" variant="outline" onClick={onPreview} disabled={pending || !chosen}>
              Preview<Text srOnly> {label.toLowerCase()}</Text>
            </Button>
            <Button size="xs" onClick={onMakeLive} disabled={pending || !chosen}>
              Make live<Text srOnly> {label.toLowerCase()}</Text>
            </Button>
            {item.canRollBack && (
              <Button size="xs" variant="outline" onClick={onRollBack} disabled={pending}>
                Roll back<Text srOnly> {label.toLowerCase()}</Text>
              </Button>
            )}
            {item.override && (
              <Button size="xs" variant="ghost" onClick={onUseDefault} disabled={pending}>
                Use default<Text srOnly> {label.toLowerCase()}</Text>
              </Button>
            )}
          </HStack>
          {previewLink && (
            <Link href={previewLink} target="_blank" rel="noopener">
              Open the {label.toLowerCase()} preview
            </Link>
          )}
        </Stack>
        <ConfirmDialog change={change} pending={pending} onClose={() => setChange(null)} />
      </Table.Cell>
    </Table.Row>
  );
}
