import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from './test/identity';
import {
  apiPackageDir,
  type HttpAnswer,
  HttpBrowser,
  type NodeProcess,
  startNodeProcess,
} from './test/node-processes';
import {
  freePort,
  postgresBinDir,
  startTemporaryPostgres,
  type TemporaryPostgres,
} from './test/temporary-postgres';

const binDir = postgresBinDir();
// The built entry points, as production runs them (`npm test` builds before it tests).
const serverScript = join(apiPackageDir, 'dist', 'server.mjs');
const workerScript = join(apiPackageDir, 'dist', 'worker.mjs');

const saveFamilyName = /* GraphQL */ `
  mutation SaveFamilyName($name: String!) { updateProfile(mgId: "1", input: { familyName: $name }) { id } }`;

/** Each answer is the request's result, SERVICE_UNAVAILABLE with 503, or a failure of the test. */
interface Tally {
  acknowledged: number;
  unavailable: number;
  failures: string[];
}

type Outcome = 'acknowledged' | 'unavailable' | 'failed';

function record(tally: Tally, label: string, answer: HttpAnswer): Outcome {
  const errors = answer.body?.errors ?? [];
  if (answer.status === 200 && answer.body?.data && errors.length === 0) {
    tally.acknowledged += 1;
    return 'acknowledged';
  }
  if (
    answer.status === 503 &&
    errors.length > 0 &&
    errors.every((error) => error.extensions?.code === 'SERVICE_UNAVAILABLE')
  ) {
    tally.unavailable += 1;
    return 'unavailable';
  }
  tally.failures.push(`${label}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return 'failed';
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await pause(100);
  }
}

/** Sends one request after another until `running()` turns false, as a client that retries would. */
async function keepSending(
  running: () => boolean,
  tally: Tally,
  label: string,
  send: (n: number) => Promise<Outcome>,
): Promise<void> {
  for (let n = 1; running(); n++) {
    try {
      // A client told the service is unavailable waits before trying again.
      if ((await send(n)) !== 'acknowledged') await pause(100);
    } catch (error) {
      tally.failures.push(`${label}: no answer (${String((error as Error).cause ?? error)})`);
      await pause(100);
    }
  }
}

async function readyz(origin: string): Promise<number> {
  try {
    return (await fetch(`${origin}/readyz`)).status;
  } catch {
    return 0;
  }
}

/** Signs a browser in with a code from the dev mailbox, as a client does with the mail it receives. */
async function signIn(browser: HttpBrowser, email: string): Promise<void> {
  const requested = await browser.post(operations.requestPasscode, { marketplaceId: '1', email });
  const token = (requested.body?.data?.requestPasscode as { token?: string } | undefined)?.token;
  const mailbox = await fetch(`${browser.origin}/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  const { messages } = (await mailbox.json()) as { messages: { text: string }[] };
  const code = messages[0]?.text.match(/\b\d{6}\b/)?.[0];
  const signedIn = await browser.post(operations.passcodeAuthenticate, { token, code, marketplaceId: '1' });
  if (!token || !code || signedIn.body?.errors)
    throw new Error(`${email} could not sign in: ${signedIn.text}`);
}

interface Member {
  browser: HttpBrowser;
  email: string;
  /** The number of the last save sent, and of the last one the API acknowledged. */
  attempted: number;
  acknowledged: number;
}

/**
 * Eight clients sending without a break, half of them to each API: four signed-in members who read
 * their profile and save it (a number that grows with each save), and four visitors asking for sign-in
 * codes for new addresses. Every answer is tallied; `stop` ends the clients after their current request.
 */
function startTraffic(members: Member[], origins: string[]) {
  const tally: Tally = { acknowledged: 0, unavailable: 0, failures: [] };
  const codeRequests: { email: string; at: number }[] = [];
  let running = true;
  const memberLoops = members.map((member) =>
    keepSending(
      () => running,
      tally,
      member.email,
      async (n) => {
        if (n % 2 === 1) {
          const answer = await member.browser.post(operations.viewer, { mgId: '1' });
          return record(tally, `${member.email} viewer`, answer);
        }
        member.attempted = n;
        const answer = await member.browser.post(saveFamilyName, { name: `saved-${n}` });
        const outcome = record(tally, `${member.email} save`, answer);
        if (outcome === 'acknowledged') member.acknowledged = n;
        return outcome;
      },
    ),
  );
  const visitorLoops = [0, 1, 2, 3].map((index) => {
    const browser = new HttpBrowser(origins[index % 2] ?? '');
    return keepSending(
      () => running,
      tally,
      `visitor ${index}`,
      async (n) => {
        const email = `visitor-${index}-${n}@example.com`;
        const outcome = record(
          tally,
          email,
          await browser.post(operations.requestPasscode, { marketplaceId: '1', email }),
        );
        if (outcome === 'acknowledged') codeRequests.push({ email, at: Date.now() });
        return outcome;
      },
    );
  });
  return {
    tally,
    codeRequests,
    async stop() {
      running = false;
      await Promise.all([...memberLoops, ...visitorLoops]);
    },
  };
}

/**
 * Checks in the database that nothing acknowledged was lost: every sign-in code request is in the
 * outbox, and every member's profile holds their last acknowledged save (or a later one whose answer
 * the outage cut off).
 */
async function expectAcknowledgedWritesKept(client: pg.Client, members: Member[], codeEmails: string[]) {
  const { rows } = await client.query<{ recipient: string }>(
    'select recipient from outbox_messages where recipient = any($1)',
    [codeEmails],
  );
  expect(new Set(rows.map((row) => row.recipient))).toEqual(new Set(codeEmails));
  const { rows: saved } = await client.query<{ email: string; family_name: string }>(
    'select email, family_name from users where email = any($1)',
    [members.map((member) => member.email)],
  );
  for (const member of members) {
    const stored = Number(saved.find((row) => row.email === member.email)?.family_name.replace('saved-', ''));
    expect(member.acknowledged).toBeGreaterThan(0);
    expect(stored).toBeGreaterThanOrEqual(member.acknowledged);
    expect(stored).toBeLessThanOrEqual(member.attempted);
  }
}

/** Resolves once every one of `emails` has its message marked sent (by the worker). */
function deliveredAll(client: pg.Client, emails: string[]) {
  return async () => {
    const { rows } = await client.query<{ count: string }>(
      "select count(*) from outbox_messages where recipient = any($1) and status = 'sent'",
      [emails],
    );
    return Number(rows[0]?.count) === emails.length;
  };
}

describe.skipIf(!binDir)(
  'two API processes and a worker through a PostgreSQL restart (needs initdb and pg_ctl)',
  () => {
    let database: TemporaryPostgres;
    const processes: NodeProcess[] = [];
    const origins: string[] = [];
    // A process that ended stops any waiting: the assertions then say which one and why.
    const anyEnded = () => processes.some((child) => child.exit() !== null);

    beforeAll(async () => {
      if (!existsSync(serverScript) || !existsSync(workerScript)) {
        throw new Error('The failover test runs the built API: run `pnpm --filter @atrium/api build` first.');
      }
      database = await startTemporaryPostgres(binDir ?? '');
      const env = {
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        DATABASE_URL: database.url,
        JOBS_IN_PROCESS: 'false',
        JOB_POLLING_INTERVAL_SECONDS: '0.5',
        // Every request of this test comes from one address and asks for codes for many.
        PASSCODE_LIMIT_PER_EMAIL_AND_IP: '100000',
        PASSCODE_LIMIT_PER_EMAIL: '100000',
        PASSCODE_LIMIT_PER_IP: '100000',
      };
      const ports = [await freePort(), await freePort()];
      origins.push(...ports.map((port) => `http://127.0.0.1:${port}`));
      // The first migrates and seeds; the others then find the database ready.
      processes.push(
        startNodeProcess('API 1', serverScript, { ...env, PORT: String(ports[0]), SEED_DEMO: '1' }),
      );
      await processes[0]?.waitForOutput('Atrium API listening');
      processes.push(startNodeProcess('API 2', serverScript, { ...env, PORT: String(ports[1]) }));
      processes.push(startNodeProcess('worker', workerScript, env));
      await Promise.all([
        processes[1]?.waitForOutput('Atrium API listening'),
        processes[2]?.waitForOutput('Atrium worker running jobs'),
      ]);
    }, 120_000);

    afterAll(async () => {
      await Promise.all(processes.map((child) => child.stop()));
      await database?.dispose();
    }, 60_000);

    it('keeps every process running, answers 503 SERVICE_UNAVAILABLE and /readyz 503 while the database is down, recovers on its own and loses no acknowledged request', async () => {
      const members = await Promise.all(
        [0, 1, 2, 3].map(async (index): Promise<Member> => {
          const browser = new HttpBrowser(origins[index % 2] ?? '');
          const email = `member-${index}@example.com`;
          await signIn(browser, email);
          return { browser, email, attempted: 0, acknowledged: 0 };
        }),
      );
      const traffic = startTraffic(members, origins);
      const { tally } = traffic;

      // Requests are in flight when the server stops: the clients send without a break.
      await waitUntil(() => tally.acknowledged >= 40, 'the clients are under way');
      await database.stop();
      const readyWhileDown = await Promise.all(origins.map(readyz));
      await waitUntil(
        () => anyEnded() || tally.unavailable + tally.failures.length >= 16,
        'answers during the outage',
      );
      const unavailableWhileDown = tally.unavailable;
      await database.start();
      const upAt = Date.now();
      const bothReady = async () =>
        (await Promise.all(origins.map(readyz))).every((status) => status === 200);
      await waitUntil(async () => anyEnded() || (await bothReady()), 'both APIs are ready again');
      const recoveredMs = Date.now() - upAt;
      const acknowledgedAtRecovery = tally.acknowledged;
      await waitUntil(
        () => anyEnded() || tally.acknowledged >= acknowledgedAtRecovery + 40,
        'clients served again',
      );
      await traffic.stop();

      const logs = processes.map((child) => `--- ${child.name}\n${child.output().slice(-3000)}`).join('\n');
      expect(
        processes.map((child) => `${child.name}: ${child.exit() ?? 'running'}`),
        logs,
      ).toEqual(['API 1: running', 'API 2: running', 'worker: running']);
      expect(tally.failures, logs).toEqual([]);
      expect(readyWhileDown).toEqual([503, 503]);
      expect(unavailableWhileDown).toBeGreaterThanOrEqual(16);

      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await expectAcknowledgedWritesKept(
          client,
          members,
          traffic.codeRequests.map((request) => request.email),
        );
        // The worker took up its work again: the codes asked for since the restart are delivered.
        const sinceRestart = traffic.codeRequests
          .filter((request) => request.at > upAt)
          .map((request) => request.email);
        expect(sinceRestart.length).toBeGreaterThan(0);
        await waitUntil(
          deliveredAll(client, sinceRestart),
          'the worker has delivered the codes asked for since the restart',
        );
      } finally {
        await client.end();
      }
      console.info(
        `Failover: ${tally.acknowledged} requests acknowledged, ${tally.unavailable} answered 503 SERVICE_UNAVAILABLE, 0 failed; both APIs ready ${recoveredMs} ms after the database started; every process running.`,
      );
    }, 120_000);
  },
);
