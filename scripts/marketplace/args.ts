import { parseArgs } from 'node:util';
import { CliError } from '../release/cli-error';

export const createUsage =
  'marketplace create --name <name> --group <group id, or a new group’s name> --at-home yes|no --time-zone <IANA zone> --owner-email <email>';

/** What `pnpm marketplace create` sends to the API's createMarketplace. */
export interface CreateMarketplaceArgs {
  name: string;
  groupId: string | null;
  groupName: string | null;
  providesAtHome: boolean;
  timeZone: string;
  ownerEmail: string;
}

const required = ['name', 'group', 'at-home', 'time-zone', 'owner-email'] as const;

/** `pnpm marketplace create …`: every flag once; the API judges the values (the field rules). */
export function parseMarketplaceArgs(argv: string[]): CreateMarketplaceArgs {
  // pnpm passes a lone `--` through when a script is run as `pnpm marketplace -- create …`.
  const args = argv.filter((arg) => arg !== '--');
  let parsed: ReturnType<typeof parseFlags>;
  try {
    parsed = parseFlags(args);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new CliError(`${reason} Usage: pnpm ${createUsage}`);
  }
  const { values, positionals } = parsed;
  if (positionals[0] !== 'create' || positionals.length > 1) {
    throw new CliError(`Unknown command "${positionals.join(' ')}". Usage: pnpm ${createUsage}`);
  }
  const missing = required.filter((flag) => values[flag] === undefined);
  if (missing.length > 0) {
    const flags = missing.map((flag) => `--${flag}`).join(', ');
    throw new CliError(`Missing ${flags}. Usage: pnpm ${createUsage}`);
  }
  const group = (values.group ?? '').trim();
  return {
    name: values.name ?? '',
    // Digits name an existing group; anything else is the name of a new one.
    groupId: /^\d+$/.test(group) ? group : null,
    groupName: /^\d+$/.test(group) ? null : group,
    providesAtHome: atHome(values['at-home'] ?? ''),
    timeZone: values['time-zone'] ?? '',
    ownerEmail: values['owner-email'] ?? '',
  };
}

function parseFlags(args: string[]) {
  return parseArgs({
    args,
    options: {
      name: { type: 'string' },
      group: { type: 'string' },
      'at-home': { type: 'string' },
      'time-zone': { type: 'string' },
      'owner-email': { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
}

function atHome(value: string): boolean {
  if (value === 'yes') return true;
  if (value === 'no') return false;
  throw new CliError(`--at-home takes yes or no, not "${value}".`);
}
