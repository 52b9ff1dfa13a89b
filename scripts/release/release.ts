// `pnpm release <remote> [--skip-tests]`: build, test and check a remote, publish it as an immutable,
// content-addressed release and record it in the API's registry. Clients get it once promoted.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseReleaseArgs } from './args';
import { assertRemoteFits, readHostBuildInfo } from './check-remote';
import { CliError, runCli } from './cli-error';
import { operatorApiFromEnv, recordRemoteRelease, remoteReleases } from './operator-api';
import { releaseEntry, releaseTarget, repoRoot } from './paths';
import { folderChecksum, publishRelease, versionOf } from './release-files';
import { bin, runCommand, step } from './steps';

runCli(async () => {
  const { remote, skipTests } = parseReleaseArgs(process.argv.slice(2));
  const remoteFolder = `remotes/${remote}`;
  const { releaseDir, baseUrl } = releaseTarget();
  const api = operatorApiFromEnv();
  // Before the long build: a host that is not built, an API that cannot be reached or a wrong
  // operator key stops the release here.
  const host = await readHostBuildInfo();
  await remoteReleases(api, remote);

  const staging = await mkdtemp(path.join(os.tmpdir(), `atrium-release-${remote}-`));
  try {
    // One build, with the caller's environment (e.g. PUBLIC_CATALOG_EDITION, PUBLIC_CATALOG_ANNOUNCEMENT).
    await step(`Build ${remote}`, () =>
      runCommand(bin(remoteFolder, 'rsbuild'), ['build'], {
        cwd: path.join(repoRoot, remoteFolder),
        env: { ...process.env, ATRIUM_DIST_DIR: staging },
        failure: `The ${remote} build failed; nothing was released.`,
      }),
    );
    await step(`Typecheck ${remote} (its exposed modules against the host's props contract)`, () =>
      runCommand(bin(remoteFolder, 'tsc'), ['-p', 'tsconfig.json'], {
        cwd: path.join(repoRoot, remoteFolder),
        failure: `${remote} does not typecheck; nothing was released.`,
      }),
    );
    if (skipTests) console.log(`\n▸ Unit tests of ${remote} skipped (--skip-tests)`);
    else
      await step(`Unit tests of ${remote}`, () =>
        runCommand(bin('.', 'vitest'), ['run', '--project', remote], {
          failure: `The unit tests of ${remote} failed; nothing was released.`,
        }),
      );
    const build = await step(`Contract check of ${remote} against the host ${host.version}`, () =>
      assertRemoteFits(remote, staging, host).catch((error: unknown) => {
        throw new CliError(`${error instanceof Error ? error.message : String(error)} Nothing was released.`);
      }),
    );

    const checksum = await folderChecksum(staging);
    const version = versionOf(checksum);
    const entry = releaseEntry(baseUrl, remote, version);
    const published = await step(`Publish ${remote} ${version}`, () =>
      publishRelease(staging, releaseDir, remote, checksum),
    );
    await step(`Record ${remote} ${version} at ${api.url}`, () =>
      recordRemoteRelease(api, { remote, version, entry, checksum, contractVersion: host.contractVersion }),
    );

    console.log(
      `\n${published.alreadyReleased ? 'Already released (the same files)' : 'Released'}: ${remote} ${version}` +
        ` (built with contract ${build.contractVersion})\n` +
        `  entry  ${entry}\n` +
        `  files  ${published.folder}\n` +
        `Clients get it once promoted: pnpm promote ${remote} ${version}` +
        ` (--percent N for a canary, --marketplace <id> for one marketplace)`,
    );
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
});
