import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { CliError } from './cli-error';
import { repoRoot } from './paths';

/** Runs a step, printing its name and then how long it took. */
export async function step<T>(name: string, work: () => T | Promise<T>): Promise<T> {
  console.log(`\n▸ ${name}`);
  const started = performance.now();
  const result = await work();
  console.log(`✔ ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

/** Runs a command with inherited output; a failure throws `failure` as one line. */
export function runCommand(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; failure: string },
): void {
  const cwd = options.cwd ?? repoRoot;
  console.log(`> ${[path.relative(cwd, command) || command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd, env: options.env ?? process.env, stdio: 'inherit' });
  if (result.error) throw new CliError(`${options.failure} (${result.error.message})`);
  if (result.status !== 0) throw new CliError(`${options.failure} (exit ${result.status ?? result.signal}).`);
}

/** A binary installed in a workspace folder's node_modules/.bin. */
export function bin(folder: string, name: string): string {
  return path.join(repoRoot, folder, 'node_modules/.bin', name);
}

/** pnpm as this process was started by (`pnpm release`, a package script), else from PATH. */
export function pnpmCommand(): { command: string; prefix: string[] } {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm(\.c?js)?$/.test(execPath)) return { command: process.execPath, prefix: [execPath] };
  return { command: 'pnpm', prefix: [] };
}

export function runPnpm(args: string[], failure: string): void {
  const { command, prefix } = pnpmCommand();
  runCommand(command, [...prefix, ...args], { failure });
}
