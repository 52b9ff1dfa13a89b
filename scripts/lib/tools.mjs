// Shared by the start, test and bench scripts: find or install pnpm, run commands, wait for ports.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pnpmVersion = '10.34.9';
const localPnpm = path.join(repoRoot, '.tools/node_modules/.bin/pnpm');

/** pnpm 10 from PATH, or installed from the npm registry into .tools/ (no global install needed). */
export function ensurePnpm() {
  const onPath = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (onPath.status === 0 && onPath.stdout.trim().startsWith('10.')) return 'pnpm';
  if (!existsSync(localPnpm)) {
    console.log(`Installing pnpm ${pnpmVersion} into .tools/ ...`);
    run('npm', [
      'install',
      '--prefix',
      path.join(repoRoot, '.tools'),
      '--no-audit',
      '--no-fund',
      `pnpm@${pnpmVersion}`,
    ]);
  }
  return localPnpm;
}

/** Runs a command in the repo with inherited output; exits the process if it fails. */
export function run(command, args, options = {}) {
  console.log(`\n> ${[path.basename(command), ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(
      `\n✖ ${path.basename(command)} ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`,
    );
    process.exit(result.status || 1);
  }
}

/** Polls a URL until it answers 2xx, or throws after the timeout. */
export async function waitForUrl(url, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      // Each try gives up after 2 s: a server still starting may accept and not answer.
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s.`);
}

/** Env for child processes with the local pnpm on PATH. */
export function envWithTools(extra = {}) {
  return { ...process.env, PATH: `${path.dirname(localPnpm)}${path.delimiter}${process.env.PATH}`, ...extra };
}
