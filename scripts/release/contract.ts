// `pnpm --filter @atrium/<remote> contract`: the contract check of the remote's build (dist/) against
// the host's build info (HOST_BUILD_INFO, default host/dist/atrium-build.json).
import path from 'node:path';
import { parseRemoteArg } from './args';
import { assertRemoteFits, readHostBuildInfo } from './check-remote';
import { runCli } from './cli-error';
import { repoRoot } from './paths';

runCli(async () => {
  const remote = parseRemoteArg(process.argv.slice(2), 'contract');
  await assertRemoteFits(remote, path.join(repoRoot, 'remotes', remote, 'dist'), await readHostBuildInfo());
});
