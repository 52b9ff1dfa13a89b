import { type ParseArgsConfig, parseArgs } from 'node:util';
import { isRemoteName, type RemoteName, remoteNames } from '@atrium/federation';
import { CliError } from './cli-error';

export interface ReleaseArgs {
  remote: RemoteName;
  skipTests: boolean;
}

export interface PromoteArgs {
  remote: RemoteName;
  version: string;
  marketplaceId: string | null;
  percent: number | null;
}

export interface RollbackArgs {
  remote: RemoteName;
  marketplaceId: string | null;
}

export interface ReleasesArgs {
  /** null: every remote. */
  remote: RemoteName | null;
}

/** `pnpm release <remote> [--skip-tests]` */
export function parseReleaseArgs(argv: string[]): ReleaseArgs {
  const { values, positionals } = parse(
    argv,
    { 'skip-tests': { type: 'boolean' } },
    'release <remote> [--skip-tests]',
  );
  const [remote] = expectPositionals(positionals, 1, 'release <remote> [--skip-tests]');
  return { remote: remoteName(remote), skipTests: values['skip-tests'] === true };
}

/** `pnpm promote <remote> <version> [--marketplace <id>] [--percent N]` */
export function parsePromoteArgs(argv: string[]): PromoteArgs {
  const usage = 'promote <remote> <version> [--marketplace <id>] [--percent N]';
  const { values, positionals } = parse(
    argv,
    { marketplace: { type: 'string' }, percent: { type: 'string' } },
    usage,
  );
  const [remote, version] = expectPositionals(positionals, 2, usage);
  return {
    remote: remoteName(remote),
    version,
    marketplaceId: marketplaceId(values.marketplace),
    percent: values.percent === undefined ? null : percent(values.percent),
  };
}

/** `pnpm rollback <remote> [--marketplace <id>]` */
export function parseRollbackArgs(argv: string[]): RollbackArgs {
  const usage = 'rollback <remote> [--marketplace <id>]';
  const { values, positionals } = parse(argv, { marketplace: { type: 'string' } }, usage);
  const [remote] = expectPositionals(positionals, 1, usage);
  return { remote: remoteName(remote), marketplaceId: marketplaceId(values.marketplace) };
}

/** `pnpm releases [<remote>]` */
export function parseReleasesArgs(argv: string[]): ReleasesArgs {
  const usage = 'releases [<remote>]';
  const { positionals } = parse(argv, {}, usage);
  if (positionals.length > 1) throw new CliError(`Too many arguments. Usage: pnpm ${usage}`);
  return { remote: positionals[0] === undefined ? null : remoteName(positionals[0]) };
}

function parse<O extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: O, usage: string) {
  // pnpm passes a lone `--` through when a script is run as `pnpm release -- catalog`.
  const args = argv.filter((arg) => arg !== '--');
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new CliError(`${reason} Usage: pnpm ${usage}`);
  }
}

function expectPositionals<N extends 1 | 2>(
  positionals: string[],
  count: N,
  usage: string,
): N extends 1 ? [string] : [string, string] {
  if (positionals.length < count) throw new CliError(`Missing arguments. Usage: pnpm ${usage}`);
  if (positionals.length > count) throw new CliError(`Too many arguments. Usage: pnpm ${usage}`);
  return positionals as N extends 1 ? [string] : [string, string];
}

function remoteName(value: string | undefined): RemoteName {
  if (value !== undefined && isRemoteName(value)) return value;
  throw new CliError(`Unknown remote "${value}": one of ${remoteNames.join(', ')}.`);
}

function marketplaceId(value: string | undefined): string | null {
  if (value === undefined) return null;
  if (value.trim() === '') throw new CliError('--marketplace takes a marketplace id.');
  return value;
}

function percent(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 99)
    throw new CliError(`--percent takes a whole number from 1 to 99 (a canary share), not "${value}".`);
  return number;
}

/** `<command> <remote>`, e.g. the per-remote contract check and CI. */
export function parseRemoteArg(argv: string[], command: string): RemoteName {
  const usage = `${command} <remote>`;
  const { positionals } = parse(argv, {}, usage);
  const [remote] = expectPositionals(positionals, 1, usage);
  return remoteName(remote);
}
