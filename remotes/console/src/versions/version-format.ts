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

type ChangeQuestion = { title: string; message: string; confirmLabel: string };

/** What the confirmation of each change asks: its title, what it changes for whom, and its button. */
export const changeQuestions = {
  preview: (part: string, version: string): ChangeQuestion => ({
    title: `Preview ${part} ${version}?`,
    message: `For the next hour, this browser loads ${part} ${version} on this marketplace's pages. Your clients keep getting what they get now. The page opens in a new tab.`,
    confirmLabel: 'Preview',
  }),
  makeLive: (part: string, version: string): ChangeQuestion => ({
    title: `Make ${part} ${version} live?`,
    message: `Every client of this marketplace gets ${part} ${version} on their next page load.`,
    confirmLabel: 'Make live',
  }),
  rollBack: (part: string, item: StaffRemoteVersions): ChangeQuestion => ({
    title: `Roll back ${part}?`,
    message: `Every client of this marketplace gets ${rollbackTarget(item)} on their next page load.`,
    confirmLabel: 'Roll back',
  }),
  restoreDefault: (part: string, item: StaffRemoteVersions): ChangeQuestion => ({
    title: `Use the default ${part}?`,
    message: `Every client of this marketplace gets ${item.default ? `the default, ${item.default.version},` : 'the built-in version'} on their next page load.`,
    confirmLabel: 'Use default',
  }),
};
