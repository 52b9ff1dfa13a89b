import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type RemoteName, remoteExposes } from '@atrium/federation';
import { BUILD_INFO_FILE, type BuildInfo, parseBuildInfo } from '@atrium/federation/build-info';
import { checkRemoteContract } from '@atrium/federation/contract-check';
import { CliError } from './cli-error';
import { repoRoot } from './paths';

/** The host's atrium-build.json: HOST_BUILD_INFO (a path or URL), else the host's local build. */
export async function readHostBuildInfo(env: NodeJS.ProcessEnv = process.env): Promise<BuildInfo> {
  const source = env.HOST_BUILD_INFO ?? path.join(repoRoot, 'host/dist', BUILD_INFO_FILE);
  if (/^https?:\/\//.test(source)) {
    const response = await fetch(source, { signal: AbortSignal.timeout(15_000) }).catch((error: unknown) => {
      throw new CliError(`The host's build info at ${source} could not be fetched (${String(error)}).`);
    });
    if (!response.ok) throw new CliError(`The host's build info at ${source} answered ${response.status}.`);
    return parseBuildInfo(await response.json(), source);
  }
  if (!existsSync(source))
    throw new CliError(
      env.HOST_BUILD_INFO
        ? `HOST_BUILD_INFO names ${source}, which does not exist.`
        : `The host is not built (${shown(source)} is missing): run pnpm --filter @atrium/host build, or set HOST_BUILD_INFO to the deployed host's ${BUILD_INFO_FILE}.`,
    );
  return parseBuildInfo(await readJson(source), shown(source));
}

/** The contract check of a remote's browser build in `folder` against the host's build info. */
export async function checkBuiltRemote(remote: RemoteName, folder: string, host: BuildInfo) {
  const manifestFile = path.join(folder, 'mf-manifest.json');
  const buildFile = path.join(folder, BUILD_INFO_FILE);
  for (const file of [manifestFile, buildFile]) {
    if (!existsSync(file))
      throw new CliError(
        `${shown(file)} is missing: is ${remote} built (pnpm --filter @atrium/${remote} build)?`,
      );
  }
  const build = parseBuildInfo(await readJson(buildFile), shown(buildFile));
  return {
    build,
    problems: checkRemoteContract({ remote, manifest: await readJson(manifestFile), build, host }),
  };
}

/** A path as the user reads it: relative inside the repository, absolute elsewhere (a staging folder). */
function shown(file: string): string {
  const relative = path.relative(repoRoot, file);
  return relative.startsWith('..') ? file : relative;
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new CliError(
      `${shown(file)} is not readable JSON (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
}

/** The contract check of a remote's build in `folder`; throws its problems (the last as the error). */
export async function assertRemoteFits(
  remote: RemoteName,
  folder: string,
  host: BuildInfo,
): Promise<BuildInfo> {
  const { build, problems } = await checkBuiltRemote(remote, folder, host);
  const last = problems.length - 1;
  if (last >= 0) {
    for (const problem of problems.slice(0, last)) console.error(`✖ ${problem}`);
    throw new CliError(problems[last]);
  }
  console.log(
    `${remote} ${build.version} fits the host ${host.version}: exposes ${remoteExposes[remote].join(', ')}; ` +
      `contract ${build.contractVersion}; every shared singleton satisfied.`,
  );
  return build;
}
