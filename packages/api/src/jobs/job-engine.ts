import PgBoss from 'pg-boss';
import { queueDueReminders, reconcilePendingConfirmations, sendPaymentReceipt } from '../checkout';
import { type AccountEmailJob, sendAccountEmail } from '../identity';
import type { Database } from '../kernel/database/database';
import { bossDb } from '../kernel/jobs/pg-boss-db';
import { jobSchema, type NewRequestJob, type PaymentReceiptJob, queues } from '../kernel/jobs/queues';
import { reconcilePendingPurchases, renewDueMemberships } from '../memberships';
import type { Mailer, NotificationSettings, SmsSender } from '../notifications';
import { deliverMessage } from '../notifications';
import type { PaymentsProcessor } from '../payments';
import { notifyStaffOfNewRequest } from '../staff';
import { deleteExpired } from './housekeeping';

export interface JobPorts {
  database: Database;
  mailer: Mailer | null;
  sms: SmsSender | null;
  payments: { processor: PaymentsProcessor };
  clock: () => Date;
  /** Who reminders come from and where their links go. */
  notifications: NotificationSettings;
}

export interface JobEngineOptions {
  /** How often idle workers look for jobs, in seconds (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds: number;
  /** Delivery workers in this process, each taking up to `deliveryBatchSize` messages per poll. */
  deliveryConcurrency: number;
  /** Memberships one renewal run takes at most; the rest wait for the next run. */
  renewalBatchSize: number;
  /** Called with what a job could not do (already retried or recorded by the job engine). */
  onError: (error: unknown, queue: string) => void;
  /** Called once the workers have stopped (closes the mail transport's pool). */
  onStop?: () => void;
}

/** Outbox messages one delivery worker takes per poll. */
export const deliveryBatchSize = 10;

export interface JobEngine {
  /** True from start until stop begins: what /readyz reports. */
  isRunning(): boolean;
  /** Stops fetching new jobs, waits for the running ones (up to `timeoutMs`), then returns. */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * Starts pg-boss on the application's database (its schema and queues are installed by `migrate`),
 * with a worker for every queue and the cron schedules. Several processes may run it against one
 * PostgreSQL: each job goes to one of them, and each schedule tick creates one job for the cluster.
 */
export async function startJobEngine(ports: JobPorts, options: JobEngineOptions): Promise<JobEngine> {
  const boss = new PgBoss({
    db: bossDb(ports.database),
    schema: jobSchema,
    migrate: false,
    supervise: true,
    schedule: true,
  });
  boss.on('error', (error) => options.onError(error, 'pg-boss'));
  await boss.start();
  let running = true;
  await startDeliveryWorkers(boss, ports, options);
  await startAccountEmailWorker(boss, ports, options);
  await startNewRequestWorker(boss, ports, options);
  await startPaymentReceiptWorker(boss, ports, options);
  await startSchedules(boss, ports, options);
  return {
    isRunning: () => running,
    async stop(timeoutMs = 10_000) {
      if (!running) return;
      running = false;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
      options.onStop?.();
    },
  };
}

/**
 * The outbox's delivery workers: a batch per poll, its messages sent side by side; each job that
 * fails is failed on its own (pg-boss then completes the rest), so one bad address does not hold
 * back the others.
 */
async function startDeliveryWorkers(boss: PgBoss, ports: JobPorts, options: JobEngineOptions): Promise<void> {
  const { deliverMessage: delivery } = queues;
  const deliveryPorts = { db: ports.database.db, mailer: ports.mailer, sms: ports.sms };
  for (let i = 0; i < options.deliveryConcurrency; i++) {
    await boss.work<{ messageId: number }>(
      delivery.name,
      {
        pollingIntervalSeconds: options.pollingIntervalSeconds,
        batchSize: deliveryBatchSize,
        includeMetadata: true,
      },
      async (jobs) => {
        await Promise.all(
          jobs.map(async (job) => {
            try {
              await deliverMessage(deliveryPorts, job.data.messageId, {
                lastAttempt: job.retryCount >= job.retryLimit,
                now: ports.clock,
              });
            } catch (error) {
              options.onError(error, delivery.name);
              await boss.fail(delivery.name, job.id, {
                message: error instanceof Error ? error.message : String(error),
              });
            }
          }),
        );
      },
    );
  }
}

/** Account emails (resets, registrations): each job looks the address up and queues what to send. */
async function startAccountEmailWorker(
  boss: PgBoss,
  ports: JobPorts,
  options: JobEngineOptions,
): Promise<void> {
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds };
  await boss.work<AccountEmailJob>(queues.accountEmail.name, polling, async ([job]) => {
    if (!job) return;
    await sendAccountEmail(
      { db: ports.database.db, clock: ports.clock, notifications: ports.notifications },
      job.data,
    ).catch((error: unknown) => {
      options.onError(error, queues.accountEmail.name);
      throw error;
    });
  });
}

/** New requests: the staff context mails the members who should hear of each one (once, however often run). */
async function startNewRequestWorker(
  boss: PgBoss,
  ports: JobPorts,
  options: JobEngineOptions,
): Promise<void> {
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds };
  await boss.work<NewRequestJob>(queues.newRequest.name, polling, async ([job]) => {
    if (!job) return;
    await notifyStaffOfNewRequest(
      { db: ports.database.db, notifications: ports.notifications },
      job.data,
    ).catch((error: unknown) => {
      options.onError(error, queues.newRequest.name);
      throw error;
    });
  });
}

/** Receipts: each job mails one charge's or refund's receipt (once, however often run). */
async function startPaymentReceiptWorker(
  boss: PgBoss,
  ports: JobPorts,
  options: JobEngineOptions,
): Promise<void> {
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds };
  await boss.work<PaymentReceiptJob>(queues.paymentReceipt.name, polling, async ([job]) => {
    if (!job) return;
    await sendPaymentReceipt({ db: ports.database.db, notifications: ports.notifications }, job.data).catch(
      (error: unknown) => {
        options.onError(error, queues.paymentReceipt.name);
        throw error;
      },
    );
  });
}

/** The cron schedules (UTC) and the worker that runs each tick. */
async function startSchedules(boss: PgBoss, ports: JobPorts, options: JobEngineOptions): Promise<void> {
  const scheduled = async (queue: { name: string; cron: string }, run: () => Promise<unknown>) => {
    await boss.schedule(queue.name, queue.cron, {}, { tz: 'UTC' });
    // A tick waits a few seconds at most to be picked up; nobody is waiting on it.
    await boss.work(
      queue.name,
      { pollingIntervalSeconds: Math.max(options.pollingIntervalSeconds, 5) },
      async () => {
        await run().catch((error: unknown) => {
          options.onError(error, queue.name);
          throw error;
        });
      },
    );
  };
  await scheduled(queues.renewMemberships, () =>
    renewDueMemberships(
      { db: ports.database.db, payments: ports.payments, clock: ports.clock },
      { limit: options.renewalBatchSize },
    ),
  );
  await scheduled(queues.reconcilePayments, () => reconcilePayments(ports, options.onError));
  await scheduled(queues.appointmentReminders, () =>
    queueDueReminders(
      { db: ports.database.db, clock: ports.clock, notifications: ports.notifications },
      { limit: 200 },
    ),
  );
  await scheduled(queues.housekeeping, () => deleteExpired(ports.database.db, ports.clock()));
}

/**
 * Settles the membership purchases and appointment payments still pending, and reports what it
 * could not: each failure, and each payment an operator must settle by hand (the processor's
 * dashboard shows whether the key charged).
 */
async function reconcilePayments(ports: JobPorts, onError: JobEngineOptions['onError']): Promise<void> {
  const db = ports.database.db;
  const purchases = await reconcilePendingPurchases({ db, payments: ports.payments, clock: ports.clock });
  const confirmations = await reconcilePendingConfirmations({
    db,
    payments: ports.payments,
    clock: ports.clock,
    notifications: ports.notifications,
  });
  const review = [
    ...purchases.reviewRequired,
    ...confirmations.reviewRequired.map((attempt) => ({ table: 'appointment_payments', ...attempt })),
  ];
  for (const intent of review) onError(reviewRequiredError(intent), queues.reconcilePayments.name);
  for (const failure of [...purchases.errors, ...confirmations.errors]) {
    onError(failure.error, queues.reconcilePayments.name);
  }
}

/** What an operator is told of a payment left pending past the processor's idempotency window. */
function reviewRequiredError(intent: { table: string; id: number; idempotencyKey: string }): Error {
  return new Error(
    `Payment intent ${intent.table} ${intent.id} (${intent.idempotencyKey}) stayed pending past the processor's idempotency window; review it by hand.`,
  );
}
