import type { StaffRemoteVersions } from '@atrium/graphql-client/staff';
import { format } from 'date-fns';

/** The parts of the site as the owner knows them (the remotes' names in the product's words). */
export const remoteLabels: Record<StaffRemoteVersions['remote'], string> = {
  catalog: 'Catalog',
  scheduling: 'Scheduling',
  checkout: 'Checkout',
  account: 'Account',
  console: 'Console',
};

/** The page a preview of each part opens on (a page that loads it). */
export const previewPages: Record<StaffRemoteVersions['remote'], string> = {
  catalog: 'services',
  scheduling: 'schedule',
  checkout: 'services',
  account: 'profile',
  console: 'console',
};

/** An instant as the console shows it, in the owner's own time zone: 'Nov 24, 2026, 10:00 AM'. */
export function formatInstant(iso: string): string {
  return format(new Date(iso), 'MMM d, yyyy, h:mm a');
}

/** What the marketplace's clients get for a remote now. */
export function currentRelease(item: StaffRemoteVersions): {
  kind: 'Override' | 'Default' | 'Built in';
  version: string | null;
  since: string | null;
} {
  if (item.override) return { kind: 'Override', version: item.override.version, since: item.override.since };
  if (item.default) return { kind: 'Default', version: item.default.version, since: item.default.releasedAt };
  return { kind: 'Built in', version: null, since: null };
}

/** Where a rollback takes the remote, in words: 'c0ffee123456' or 'the default (a1b2c3d4e5f6)'. */
export function rollbackTarget(item: StaffRemoteVersions): string {
  if (item.rollbackTo) return item.rollbackTo.version;
  return item.default ? `the default (${item.default.version})` : 'the built-in version';
}
