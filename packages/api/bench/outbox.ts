// Benchmark: the outbox and its workers, on PGlite — and on PostgreSQL too when DATABASE_URL names a
// server (a scratch database is created and dropped).
//   throughput: N messages queued (each in its own transaction), delivered by one process's
//     workers to a local SMTP test server over the pooled transport; messages per second.
//   idle: the job engine with nothing to do for a while: CPU time used and resident memory.

import { migrate } from '../src/db/migrate';
import { startJobEngine } from '../src/jobs/job-engine';
import { jobSchema, queues } from '../src/kernel/jobs/queues';
import { createSmtpMailer, queueMessage } from '../src/notifications';
import { createSandboxProcessor } from '../src/payments';
import { testDatabases } from '../src/test/databases';
import { startTestSmtpServer } from '../src/test/smtp-server';

const messages = Number(process.env.BENCH_OUTBOX_MESSAGES ?? 500);
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 20);

for (const factory of testDatabases) {
  const handle = await factory.create();
  const smtp = await startTestSmtpServer();
  try {
    const { database } = handle;
    await migrate(database);
    const mailer = createSmtpMailer({ url: smtp.url, from: 'bench@atrium.example' });
    const engine = await startJobEngine(
      {
        database,
        mailer,
        sms: null,
        payments: { processor: createSandboxProcessor(database.db) },
        clock: () => new Date(),
        notifications: { mailFrom: 'bookings@atrium.example', webOrigin: 'http://localhost:3000' },
      },
      {
        pollingIntervalSeconds: 0.5,
        deliveryConcurrency: 4,
        renewalBatchSize: 100,
        onError: () => undefined,
        onStop: () => mailer.close(),
      },
    );

    const queuedAt = performance.now();
    for (let i = 0; i < messages; i++) {
      await database.db.transaction((tx) =>
        queueMessage(tx, {
          channel: 'email',
          to: `client${i}@example.com`,
          senderName: 'Outbox Bench',
          from: 'bench@atrium.example',
          subject: `Your appointment request was received (${i})`,
          text: 'We received your request.',
          html: '<p>We received your request.</p>',
        }),
      );
    }
    const queuedMs = performance.now() - queuedAt;
    while (smtp.received.length < messages) await new Promise((resolve) => setTimeout(resolve, 50));
    const deliveredMs = performance.now() - queuedAt;
    const [waiting] = (
      await database.query<{ n: number }>(
        `select count(*)::int as n from ${jobSchema}.job where name = $1 and state <> 'completed'`,
        [queues.deliverMessage.name],
      )
    ).rows;

    global.gc?.();
    const cpuBefore = process.cpuUsage();
    const idleStart = performance.now();
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    const cpu = process.cpuUsage(cpuBefore);
    const idleMs = performance.now() - idleStart;
    const rssMb = process.memoryUsage().rss / 2 ** 20;
    await engine.stop();

    console.log(
      `\nOutbox on ${factory.name}: ${messages} messages to a local SMTP server, 4 workers x 10 messages a poll, pooled SMTP`,
    );
    console.log(`  queued (one transaction each):  ${(messages / (queuedMs / 1000)).toFixed(0)} messages/s`);
    console.log(
      `  queued to delivered, all:       ${(messages / (deliveredMs / 1000)).toFixed(0)} messages/s (${(deliveredMs / 1000).toFixed(1)} s; ${waiting?.n ?? '?'} jobs left unfinished)`,
    );
    console.log(
      `  idle for ${idleSeconds} s: CPU ${(((cpu.user + cpu.system) / 1000 / idleMs) * 100).toFixed(2)} % of one core, RSS ${rssMb.toFixed(0)} MB (this process, with the database client${factory.name === 'PGlite' ? ' and PGlite itself' : ''})`,
    );
  } finally {
    await smtp.close();
    await handle.dispose();
  }
}
