import {
  cancelAppointment,
  completeAppointment,
  confirmAppointment,
  type OperatorAppointmentResult,
} from './checkout';
import { loadConfig } from './config';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed';
import { defaultOidcDevPort, oidcDevClients } from './identity';
import { createDatabase } from './kernel/database/create-database';
import type { Database } from './kernel/database/database';
import { renewDueMemberships } from './memberships';
import { notificationSettings } from './notifications';
import { createPayments } from './payments';
import { serveUntilStopped } from './start-server';

const usage = `Usage: cli <command>

Commands:
  migrate   apply pending database migrations
  seed      migrate, then write the demo marketplaces (1, 2 and 3); safe to repeat
  serve     migrate and start the API server (seeds too when SEED_DEMO=1)
  oidc-dev-provider
            start the local OpenID Connect provider standing in for Google and Apple
            (port OIDC_DEV_PORT, default 4001, on 127.0.0.1 only); development only: it
            refuses to start with NODE_ENV=production
  confirm <appointment id>
            PENDING -> BOOKED, charging what is due with PAYMENTS_PROCESSOR; a failed charge
            leaves it PENDING and exits with 2
  complete <appointment id>
            BOOKED -> COMPLETE
  cancel <appointment id> [reason]
            PENDING or BOOKED -> CANCELLED, freeing the practitioner's time; the client is
            told the reason when one is given
  renew-memberships
            charge every Active membership whose renewal date has come, once per period; a
            declined charge is recorded and tried again next run (exits with 2 when any failed)

Environment: PORT, DATABASE_URL (else PGlite in PGLITE_DIR), NODE_ENV, CATALOG_OVERRIDE_ENTRY, SEED_DEMO,
PAYMENTS_PROCESSOR, STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, OPERATOR_KEY, MEMBERSHIP_RENEWAL_INTERVAL_MS,
REMOTE_ORIGINS, CANARY_FAILURE_LIMIT;
identity variables are listed in the package README.`;

/** Runs one command; resolves to an exit code, or null while the server keeps running. */
async function run(command: string | undefined, args: string[]): Promise<number | null> {
  switch (command) {
    case 'migrate':
      await withDatabase(async (database) => {
        const { applied } = await migrate(database);
        console.log(
          applied.length > 0 ? `Applied migrations ${applied.join(', ')}` : 'Database is up to date',
        );
      });
      return 0;
    case 'seed': {
      const config = loadConfig();
      await withDatabase(async (database) => {
        const { applied } = await migrate(database);
        if (applied.length > 0) console.log(`Applied migrations ${applied.join(', ')}`);
        const { marketplaceIds, staff } = await seedDemo(database, {
          catalogOverrideEntry: config.catalogOverrideEntry,
        });
        console.log(`Seeded demo marketplaces ${marketplaceIds.join(', ')}`);
        console.log(`Staff accounts (sign in with a code from the dev mailbox):\n  ${staff.join('\n  ')}`);
      });
      return 0;
    }
    case 'serve':
      await serveUntilStopped(loadConfig());
      return null;
    case 'oidc-dev-provider':
      await serveOidcDevProvider();
      return null;
    case 'confirm':
    case 'complete':
    case 'cancel':
      return operatorCommand(command, args[0], args.slice(1).join(' '));
    case 'renew-memberships':
      return renewMemberships();
    case 'help':
    case '--help':
      console.log(usage);
      return 0;
    default:
      console.error(command ? `Unknown command: ${command}\n\n${usage}` : usage);
      return 1;
  }
}

/**
 * The operator actions of the confirm/complete/cancelAppointment mutations, run by someone with the
 * database at hand (so no operator key is asked for).
 */
async function operatorCommand(
  command: 'confirm' | 'complete' | 'cancel',
  idArgument: string | undefined,
  reason: string,
): Promise<number> {
  if (!idArgument || !/^[1-9][0-9]*$/.test(idArgument)) {
    console.error(`Usage: cli ${command} <appointment id>`);
    return 1;
  }
  const id = Number(idArgument);
  const config = loadConfig();
  let result: OperatorAppointmentResult | undefined;
  await withDatabase(async (database) => {
    const db = database.db;
    const notifications = notificationSettings(config.identity);
    if (command === 'confirm') {
      const payments = createPayments(config.checkout.payments, db);
      result = await confirmAppointment({ db, payments, notifications, clock: () => new Date() }, id);
    } else if (command === 'complete') {
      result = await completeAppointment({ db, clock: () => new Date() }, id, { onlyOnceBegun: false });
    } else {
      result = await cancelAppointment({ db, notifications }, id, { reason: reason.trim() || null });
    }
  });
  if (!result) return 1;
  if (result.failureReason !== null) {
    console.error(`Appointment ${result.id} is still ${result.status}: ${result.failureReason}`);
    return 2;
  }
  const charged = result.charged > 0 ? `, charged ${formatCents(result.charged)}` : '';
  console.log(`Appointment ${result.id} is ${result.status}${charged}`);
  return 0;
}

/** One renewal run, as the server's timer does it. */
async function renewMemberships(): Promise<number> {
  const config = loadConfig();
  let failed = 0;
  await withDatabase(async (database) => {
    const db = database.db;
    const report = await renewDueMemberships({
      db,
      payments: createPayments(config.checkout.payments, db),
      clock: () => new Date(),
    });
    console.log(`Renewed ${report.renewed} membership(s); ${report.skipped} left to another run`);
    for (const failure of report.failed) {
      console.error(`Membership ${failure.membershipId} was not renewed: ${failure.reason}`);
    }
    failed = report.failed.length;
  });
  return failed > 0 ? 2 : 0;
}

function formatCents(cents: number): string {
  return `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

async function withDatabase(work: (database: Database) => Promise<void>): Promise<void> {
  const database = await createDatabase(loadConfig().database);
  try {
    await work(database);
  } finally {
    // Closing flushes PGlite to disk.
    await database.close();
  }
}

/** Runs the local OpenID Connect provider until SIGTERM or SIGINT. */
async function serveOidcDevProvider(): Promise<void> {
  // Loaded only here: the provider's dependencies are not needed by the other commands.
  const { startOidcDevProvider } = await import('./oidc-dev-provider/dev-provider');
  const port = Number(process.env.OIDC_DEV_PORT || defaultOidcDevPort);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error('OIDC_DEV_PORT must be a port number');
  // WEB_ORIGINS (as for the API) adds hosts whose /auth/*/callback the provider may redirect to.
  const webOrigins = process.env.WEB_ORIGINS?.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  const provider = await startOidcDevProvider({ port, webOrigins, nodeEnv: process.env.NODE_ENV });
  console.log(`OIDC dev provider (Google and Apple stand-in) at ${provider.issuer}
  discovery: ${provider.issuer}/.well-known/openid-configuration
  clients:   ${oidcDevClients.google.clientId} / ${oidcDevClients.google.clientSecret}
             ${oidcDevClients.apple.clientId} / ${oidcDevClients.apple.clientSecret}`);
  const stop = () => {
    provider.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

try {
  const exitCode = await run(process.argv[2], process.argv.slice(3));
  if (exitCode !== null) process.exit(exitCode);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
