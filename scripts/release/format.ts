import type { RemoteRelease, RemoteRollout } from './operator-api';

/** Which clients a rollout is for. */
export function scopeOf(rollout: Pick<RemoteRollout, 'marketplaceId'>): string {
  return rollout.marketplaceId === null
    ? 'every marketplace (default)'
    : `marketplace ${rollout.marketplaceId}`;
}

/** A rollout in a few lines: the release in force, its canary, the fallback and any canary removal. */
export function formatRollout(rollout: RemoteRollout): string {
  const lines = [`${rollout.remote} for ${scopeOf(rollout)}: ${rollout.version}  ${rollout.entry}`];
  if (rollout.canary)
    lines.push(
      `  canary ${rollout.canary.version} for ${rollout.canary.percent}% of browsers  ${rollout.canary.entry}`,
    );
  lines.push(`  fallback ${rollout.fallbackEntry ?? 'none'}`);
  if (rollout.canaryRemoval)
    lines.push(
      `  ⚠ canary ${rollout.canaryRemoval.version} was taken out of rotation at ${rollout.canaryRemoval.at}: ${rollout.canaryRemoval.reason}`,
    );
  return lines.join('\n');
}

/** One line per release, newest first: version, when, failure reports, entry. */
export function formatRelease(release: RemoteRelease, inForce: ReadonlySet<string>): string {
  const marks = [
    inForce.has(release.version) ? 'in rotation' : null,
    release.failureReports > 0
      ? `${release.failureReports} browser${release.failureReports === 1 ? '' : 's'} failed to load it (24 h)`
      : null,
    release.checksum === null ? 'recorded without its files' : null,
  ].filter((mark) => mark !== null);
  return `  ${release.version}  ${release.releasedAt}  contract ${release.contractVersion}${marks.length ? `  [${marks.join('; ')}]` : ''}\n    ${release.entry}`;
}
