import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../kernel/database/database';
import { bossDb } from '../kernel/jobs/pg-boss-db';
import { jobSchema, queues } from '../kernel/jobs/queues';
import { utcDate } from '../memberships';
import { createSmtpMailer, queueMessage } from '../notifications';
import { createSandboxProcessor } from '../payments';
import { type CheckoutTestContext, createCheckoutTestContext } from '../test/checkout';
import { testDatabases } from '../test/databases';
import { memberClient, membershipFixture, subscribe } from '../test/memberships';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp-server';
import { type JobEngine, startJobEngine } from './job-engine';

const email = (to: string) =>
  ({
    channel: 'email',
    to,
    senderName: 'Checkout Test 80',
    from: 'bookings@atrium.example',
    subject: `Hello ${to}`,
    text: 'Plain text.',
    html: '<p>HTML</p>',
  }) as const;

/** `src/worker.ts` in its own Node process (through tsx), as `node dist/worker.mjs` runs in production. */
function startWorkerProcess(databaseUrl: string, smtpUrl: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('../worker.ts', import.meta.url))],
    {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        VITEST: '',
        LOG_LEVEL: 'info',
        DATABASE_URL: databaseUrl,
        SMTP_URL: smtpUrl,
        JOB_POLLING_INTERVAL_SECONDS: '0.5',
      },
      // tsx is this package's dependency: resolve it from here, whichever folder the tests run from.
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Atrium worker running jobs')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`The worker exited (${code}) before it ran:\n${output}`)));
  });
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code === 0 ? 'exited 0' : `${signal ?? code}:\n${output}`)),
  );
  return { process: child, ready, exited };
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for the job engine');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(testDatabases)('job engine on $name', (factory) => {
  let context: CheckoutTestContext;
  let database: Database;
  let smtp: TestSmtpServer;
  const engines: JobEngine[] = [];

  const start = (on: Database, smtpUrl: string) => {
    const mailer = createSmtpMailer({ url: smtpUrl, from: 'bookings@atrium.example' });
    return startJobEngine(
      {
        database: on,
        mailer,
        sms: null,
        payments: { processor: createSandboxProcessor(on.db) },
        clock: () => new Date(),
        notifications: { mailFrom: 'bookings@atrium.example', webOrigin: 'http://localhost:3000' },
      },
      {
        pollingIntervalSeconds: 0.5,
        deliveryConcurrency: 2,
        renewalBatchSize: 100,
        onError: () => undefined,
        onStop: () => mailer.close(),
      },
    ).then((engine) => {
      engines.push(engine);
      return engine;
    });
  };

  const unfinished = async (queue: string) => {
    const [row] = await context.sql<{ n: number }>(
      `select count(*)::int as n from ${jobSchema}.job where name = $1 and state in ('created', 'retry', 'active')`,
      [queue],
    );
    return row?.n ?? 0;
  };
  const outbox = (to: string) =>
    context.sql<{ status: string; attempts: number; last_error: string | null }>(
      'select status, attempts, last_error from outbox_messages where recipient = $1',
      [to],
    );

  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    database = context.handle.database;
    // Retries a second apart (backing off from there), not half a minute, so the test is quick.
    await context.sql(`update ${jobSchema}.queue set retry_delay = 1 where name = $1`, [
      queues.deliverMessage.name,
    ]);
  });
  afterAll(async () => {
    await Promise.all(engines.map((engine) => engine.stop(2_000)));
    await smtp?.close();
    await context.handle.dispose();
  });

  it('writes a message and its delivery job with the change that causes it, and neither without it', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await queueMessage(tx, email('rolled-back@example.com'));
        throw new Error('The change failed');
      }),
    ).rejects.toThrow('The change failed');
    expect(await outbox('rolled-back@example.com')).toEqual([]);
    expect(await unfinished(queues.deliverMessage.name)).toBe(0);

    await database.db.transaction((tx) => queueMessage(tx, email('committed@example.com')));
    expect(await outbox('committed@example.com')).toEqual([
      { status: 'queued', attempts: 0, last_error: null },
    ]);
    expect(await unfinished(queues.deliverMessage.name)).toBe(1);
    await context.sql(`delete from ${jobSchema}.job where name = $1`, [queues.deliverMessage.name]);
  });

  it('sends a message once even when the mail server refuses the first two attempts', async () => {
    smtp = await startTestSmtpServer({ refuseFirst: 2 });
    await start(database, smtp.url);
    await database.db.transaction((tx) => queueMessage(tx, email('hiccup@example.com')));
    await waitFor(async () => (await outbox('hiccup@example.com'))[0]?.status === 'sent');

    expect(smtp.refused).toBe(2);
    expect(smtp.received.map((mail) => mail.to)).toEqual([['hiccup@example.com']]);
    expect(smtp.received[0]?.raw).toContain('Subject: Hello hiccup@example.com');
    expect(await outbox('hiccup@example.com')).toEqual([{ status: 'sent', attempts: 3, last_error: null }]);
    expect(await unfinished(queues.deliverMessage.name)).toBe(0);
  });

  it.runIf(factory.name === 'PostgreSQL')(
    'two worker processes on one database send each message once, renew each membership once, and stop on SIGTERM',
    async () => {
      await Promise.all(engines.splice(0).map((engine) => engine.stop(2_000)));
      const pairSmtp = await startTestSmtpServer();
      const workers = [
        startWorkerProcess(context.handle.url ?? '', pairSmtp.url),
        startWorkerProcess(context.handle.url ?? '', pairSmtp.url),
      ];
      try {
        await Promise.all(workers.map((worker) => worker.ready));
        const recipients = Array.from({ length: 30 }, (_, i) => `pair${i}@example.com`);
        const before = pairSmtp.received.length;
        for (const to of recipients) await database.db.transaction((tx) => queueMessage(tx, email(to)));
        await waitFor(async () => (await unfinished(queues.deliverMessage.name)) === 0);
        const delivered = pairSmtp.received.slice(before).flatMap((mail) => mail.to);
        expect(delivered.sort()).toEqual([...recipients].sort());

        await context.handle.database.transaction((tx) => tx.exec(membershipFixture));
        const members: number[] = [];
        for (let i = 0; i < 4; i++) {
          const client = await memberClient(context);
          const membership = await subscribe(client.browser, client.cardId ?? '');
          members.push(Number(membership.id));
        }
        const yesterday = utcDate(new Date(Date.now() - 86_400_000));
        await context.sql('update memberships set renewal_date = $2 where id = any($1)', [
          members,
          yesterday,
        ]);
        // Ticks of the schedule, one after another as both workers poll.
        const sender = new PgBoss({ db: bossDb(database), schema: jobSchema });
        for (let i = 0; i < 4; i++) {
          await sender.send(queues.renewMemberships.name, {});
          await waitFor(async () => (await unfinished(queues.renewMemberships.name)) === 0);
        }
        const charges = await context.sql<{ membership_id: number; n: number }>(
          `select membership_id, count(*)::int as n from sandbox_charges s
             join membership_charges c on c.idempotency_key = s.idempotency_key
            where c.membership_id = any($1) and c.period_start = $2 group by membership_id`,
          [members, yesterday],
        );
        expect(charges.map((row) => row.n)).toEqual([1, 1, 1, 1]);
      } finally {
        for (const worker of workers) worker.process.kill('SIGTERM');
        expect(await Promise.all(workers.map((worker) => worker.exited))).toEqual(['exited 0', 'exited 0']);
        await pairSmtp.close();
      }
    },
    120_000,
  );
});
