import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Where `pnpm release` puts releases, and the URL they are served at (the release server, port 3020). */
export function releaseTarget(env: NodeJS.ProcessEnv = process.env) {
  return {
    releaseDir: path.resolve(repoRoot, env.RELEASE_DIR ?? '.releases'),
    baseUrl: (env.RELEASE_BASE_URL ?? 'http://localhost:3020').replace(/\/+$/, ''),
  };
}

/** The entry (mf-manifest.json URL) of a release. */
export function releaseEntry(baseUrl: string, remote: string, version: string): string {
  return `${baseUrl}/${remote}/${version}/mf-manifest.json`;
}
