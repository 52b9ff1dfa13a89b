// `pnpm --filter @atrium/<remote> test`: a remote's own CI — its unit tests, its build, its contract
// check against the host's build info and the e2e journeys that cross it (e2e/remote-specs.json),
// with each step's time.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type RemoteName, remoteNames } from '@atrium/federation';
import { BUILD_INFO_FILE } from '@atrium/federation/build-info';
import { parseRemoteArg } from './args';
import { assertRemoteFits, readHostBuildInfo } from './check-remote';
import { CliError, runCli } from './cli-error';
import { repoRoot } from './paths';
import { bin, runCommand, runPnpm, step } from './steps';

/** Playwright project -> spec files, per remote. */
type RemoteSpecs = Record<RemoteName, Record<string, string[]>>;

/** What the e2e stack deploys (e2e/support/stack.ts): the package that builds it, and a file it builds. */
const stackBuilds: [string, string][] = [
  ['@atrium/host', `host/dist/${BUILD_INFO_FILE}`],
  ...remoteNames.map((name): [string, string] => [
    `@atrium/${name}`,
    `remotes/${name}/dist/mf-manifest.json`,
  ]),
  ['@atrium/catalog', 'remotes/catalog/dist-spotlight/mf-manifest.json'],
  ['@atrium/api', 'packages/api/dist/server.mjs'],
];

runCli(async () => {
  const remote = parseRemoteArg(process.argv.slice(2), 'remote-ci');
  const specs = (
    JSON.parse(readFileSync(path.join(repoRoot, 'e2e/remote-specs.json'), 'utf8')) as RemoteSpecs
  )[remote];
  if (!specs) throw new CliError(`e2e/remote-specs.json names no e2e specs for ${remote}.`);
  const times: [string, number][] = [];
  const timed = async (name: string, work: () => unknown) => {
    const started = performance.now();
    await step(name, work);
    times.push([name, (performance.now() - started) / 1000]);
  };

  await timed('Codegen', () => runPnpm(['codegen'], 'Codegen failed.'));
  await timed(`Unit tests of ${remote}`, () =>
    runCommand(bin('.', 'vitest'), ['run', '--project', remote, '--passWithNoTests'], {
      failure: `The unit tests of ${remote} failed.`,
    }),
  );
  // The remote is built from the tree under test; the rest of the stack only when it is not built yet.
  await timed(`Build ${remote}`, () =>
    runPnpm(['--filter', `@atrium/${remote}`, 'build'], `The ${remote} build failed.`),
  );
  const missing = [
    ...new Set(
      stackBuilds.filter(([, file]) => !existsSync(path.join(repoRoot, file))).map(([name]) => name),
    ),
  ];
  if (missing.length > 0)
    await timed(`Build what is not built yet: ${missing.join(', ')}`, () =>
      runPnpm(
        [...missing.flatMap((name) => ['--filter', name]), 'build'],
        `Building ${missing.join(', ')} failed.`,
      ),
    );
  await timed(`Contract check of ${remote} against the host`, async () =>
    assertRemoteFits(remote, path.join(repoRoot, 'remotes', remote, 'dist'), await readHostBuildInfo()),
  );
  // One Playwright run per project, in order; --no-deps: the desktop and phone runs of every journey
  // that the federation project waits for in the full suite are not this remote's.
  for (const [project, files] of Object.entries(specs)) {
    await timed(`E2E (${project}): ${files.join(' ')}`, () =>
      runCommand(bin('e2e', 'playwright'), ['test', ...files, `--project=${project}`, '--no-deps'], {
        cwd: path.join(repoRoot, 'e2e'),
        failure: `The e2e journeys crossing ${remote} failed (${project}).`,
      }),
    );
  }

  const total = times.reduce((sum, [, seconds]) => sum + seconds, 0);
  console.log(`\n✔ ${remote} CI passed in ${total.toFixed(1)} s:`);
  for (const [name, seconds] of times) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
});
