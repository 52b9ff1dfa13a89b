// `pnpm promote <remote> <version> [--marketplace <id>] [--percent N]`: clients of the scope get the
// release on their next page load (all of them, or a sticky share of browsers as a canary).
import { parsePromoteArgs } from './args';
import { runCli } from './cli-error';
import { formatRollout } from './format';
import { operatorApiFromEnv, promoteRemoteRelease } from './operator-api';

runCli(async () => {
  const args = parsePromoteArgs(process.argv.slice(2));
  const rollout = await promoteRemoteRelease(operatorApiFromEnv(), args);
  const what = args.percent === null ? 'Promoted' : `Promoted as a ${args.percent}% canary`;
  console.log(
    `${what}: ${args.remote} ${args.version}. Clients get it on their next page load.\n${formatRollout(rollout)}`,
  );
});
