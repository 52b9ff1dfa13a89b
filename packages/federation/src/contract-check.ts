import semver from 'semver';
import { z } from 'zod';
import { type BuildInfo, carriedPackages, packageOf } from './build-info';
import { containerName, type RemoteName, remoteExposes } from './contract';

/** The parts of a Module Federation mf-manifest.json the check reads. */
const manifestSchema = z.object({
  name: z.string(),
  exposes: z.array(z.object({ name: z.string() })),
  shared: z.array(
    z.object({
      name: z.string(),
      singleton: z.boolean().optional(),
      // false or absent: the remote takes any version.
      requiredVersion: z.union([z.string(), z.literal(false)]).optional(),
    }),
  ),
});

export interface ContractCheckInput {
  remote: RemoteName;
  /** The remote's mf-manifest.json, as parsed JSON. */
  manifest: unknown;
  /** The remote's atrium-build.json. */
  build: BuildInfo;
  /** The host's atrium-build.json: what the page will provide. */
  host: BuildInfo;
}

/**
 * Whether a remote's build fits the host it is to run in. Answers the problems, one line each
 * (none: it fits): a module of the host's contract the remote does not expose, a shared singleton
 * whose required range the host's version does not satisfy, a package carried inside a shared one
 * (react-router-dom, Chakra) or the contract itself at another major than the host's.
 */
export function checkRemoteContract({ remote, manifest, build, host }: ContractCheckInput): string[] {
  const parsed = manifestSchema.safeParse(manifest);
  if (!parsed.success) return [`${remote}'s mf-manifest.json is not a Module Federation manifest.`];
  const { name, exposes, shared } = parsed.data;
  const problems: string[] = [];

  if (name !== containerName(remote))
    problems.push(`The manifest is ${name}'s, not ${remote}'s (expected ${containerName(remote)}).`);

  const exposed = new Set(exposes.map((module) => module.name));
  for (const module of remoteExposes[remote]) {
    if (!exposed.has(module))
      problems.push(
        `${remote} does not expose ${module}, which the host's contract names (${remote}/${module}).`,
      );
  }

  const hostMajor = majorOf(host.contractVersion);
  if (hostMajor !== majorOf(build.contractVersion))
    problems.push(
      `${remote} was built against contract ${build.contractVersion} but the host has ${host.contractVersion} (incompatible major).`,
    );

  const sharedProblems = new Set<string>();
  for (const module of shared) {
    const range = module.requiredVersion;
    if (module.singleton === false || !range) continue;
    const packageName = packageOf(module.name);
    const provided = host.packages[packageName];
    if (!provided) {
      sharedProblems.add(`${remote} needs ${packageName} ${range} shared but the host does not provide it.`);
    } else if (!semver.validRange(range)) {
      sharedProblems.add(`${remote} requires ${packageName} "${range}", which is not a semver range.`);
    } else if (!semver.satisfies(provided, range)) {
      sharedProblems.add(
        `${remote} was built against ${packageName} ${range} but the host provides ${provided} (${why(provided, range)}).`,
      );
    }
  }
  problems.push(...sharedProblems);

  for (const [packageName, carrier] of Object.entries(carriedPackages)) {
    const built = build.packages[packageName];
    const provided = host.packages[packageName];
    if (!built || !provided || majorOf(built) === majorOf(provided)) continue;
    problems.push(
      `${remote} was built against ${packageName} ${built} but the host provides ${provided} (incompatible major, carried inside ${carrier}).`,
    );
  }
  return problems;
}

function majorOf(version: string): number | null {
  return semver.coerce(version)?.major ?? null;
}

function why(provided: string, range: string): string {
  const lowest = semver.minVersion(range);
  const version = semver.coerce(provided);
  if (!lowest || !version || lowest.major !== version.major) return 'incompatible major';
  return semver.lt(version, lowest) ? 'older than required' : 'outside the required range';
}
