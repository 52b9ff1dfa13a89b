import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { hostUrl, ports, releasesUrl } from './ports';
import { deployDir, releaseDir, repoRoot } from './stack';

const OPERATOR_KEY = 'atrium-development-operator-key';

/** The environment a team's release commands run with against this e2e stack. */
function releaseEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${path.join(repoRoot, '.tools/node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
    RELEASE_DIR: releaseDir,
    RELEASE_BASE_URL: releasesUrl,
    API_URL: `http://127.0.0.1:${ports.api}`,
    OPERATOR_KEY,
    HOST_BUILD_INFO: path.join(deployDir('host'), 'atrium-build.json'),
    ...extra,
  };
}

/** Runs `pnpm <command> ...` at the repository's root, as a team would; its output, or a failure with it. */
export function pnpm(args: string[], env: Record<string, string> = {}): string {
  const run = spawnSync('pnpm', args, {
    cwd: repoRoot,
    env: releaseEnv(env),
    encoding: 'utf8',
    timeout: 600_000,
  });
  const output = `${run.stdout}${run.stderr}`;
  if (run.status !== 0) throw new Error(`pnpm ${args.join(' ')} exited ${run.status}:\n${output}`);
  return output;
}

/** `pnpm release <remote> --skip-tests` (the e2e journeys are the tests here); the version it released. */
export function release(remote: string, env: Record<string, string> = {}): string {
  const output = pnpm(['release', remote, '--skip-tests'], env);
  const version = /released[^:\n]*: \w+ ([0-9a-f]{12})\b/i.exec(output)?.[1];
  if (!version) throw new Error(`No version in the release's output:\n${output}`);
  return version;
}

/** The folder a released version was published to (as a CDN would hold it). */
export const releaseFolder = (remote: string, version: string) => path.join(releaseDir, remote, version);

/** An operator request to the API (as the release commands and the console make them). */
export async function operatorQuery<T>(query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${hostUrl}/graphql`, {
    method: 'POST',
    headers: { origin: hostUrl, 'content-type': 'application/json', 'x-operator-key': OPERATOR_KEY },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as {
    data?: T;
    errors?: { message: string; extensions?: { code?: string } }[];
  };
}

/** The announcement a catalog release was built with, shown under the services heading. */
export async function expectServices(page: Page, announcement: string | null, others: string[] = []) {
  await expect(page.getByRole('heading', { level: 1, name: 'Select a Service' })).toBeVisible();
  if (announcement) await expect(page.getByText(announcement)).toBeVisible();
  for (const other of others) await expect(page.getByText(other)).toHaveCount(0);
}
