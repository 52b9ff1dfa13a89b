// `pnpm releases [<remote>]`: each remote's rollouts (canary, fallback, canary removals) and recent releases.
import { remoteNames } from '@atrium/federation';
import { parseReleasesArgs } from './args';
import { runCli } from './cli-error';
import { formatRelease, formatRollout } from './format';
import { operatorApiFromEnv, remoteStatus } from './operator-api';

const recentReleases = 10;

runCli(async () => {
  const { remote } = parseReleasesArgs(process.argv.slice(2));
  const api = operatorApiFromEnv();
  for (const name of remote ? [remote] : remoteNames) {
    const { rollouts, releases } = await remoteStatus(api, name);
    console.log(`\n${name}`);
    console.log(
      rollouts.length > 0
        ? rollouts.map(formatRollout).join('\n')
        : `${name}: nothing promoted (the host’s config.json entry applies)`,
    );
    const inForce = new Set(rollouts.flatMap((rollout) => [rollout.version, rollout.canary?.version ?? '']));
    console.log(
      releases.length > 0
        ? `Releases (newest first${releases.length > recentReleases ? `, ${recentReleases} of ${releases.length}` : ''}):\n${releases
            .slice(0, recentReleases)
            .map((release) => formatRelease(release, inForce))
            .join('\n')}`
        : 'No releases recorded.',
    );
  }
});
