import { z } from 'zod';

/** Written beside mf-manifest.json in every app's browser build (see build-info-plugin.ts). */
export const BUILD_INFO_FILE = 'atrium-build.json';

/** Third-party packages whose versions every build records (shared or carried by a shared package). */
export const recordedPackages = [
  'react',
  'react-dom',
  'react-router-dom',
  '@tanstack/react-query',
  '@chakra-ui/react',
  'nanostores',
  '@nanostores/react',
] as const;

/**
 * Not shared (a shared module cannot be tree-shaken) but carried inside a shared package: a remote
 * runs on the host's copy of the carrier, so it must have been built against the same major.
 */
export const carriedPackages: Readonly<Record<string, string>> = {
  'react-router-dom': '@atrium/navigation',
  '@chakra-ui/react': '@atrium/ui',
};

const buildInfoSchema = z.object({
  /** The app's package name, e.g. @atrium/catalog. */
  app: z.string().min(1),
  version: z.string().min(1),
  /** Version of @atrium/federation, the host-remote contract, the app was built with. */
  contractVersion: z.string().min(1),
  /** Installed version of each recorded package and each @atrium/* package the app uses. */
  packages: z.record(z.string(), z.string()),
});

export type BuildInfo = z.infer<typeof buildInfoSchema>;

/** Validates an atrium-build.json read from `source` (a path or URL, named in the error). */
export function parseBuildInfo(input: unknown, source: string): BuildInfo {
  const result = buildInfoSchema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? ` at "${issue.path.join('.')}"` : '';
    throw new Error(`${source} is not a valid ${BUILD_INFO_FILE}${where}: ${issue?.message ?? 'invalid'}.`);
  }
  return result.data;
}

/** The package a shared module belongs to: `react/jsx-runtime` -> react, `@atrium/ui/forms` -> @atrium/ui. */
export function packageOf(moduleName: string): string {
  return moduleName
    .split('/')
    .slice(0, moduleName.startsWith('@') ? 2 : 1)
    .join('/');
}
