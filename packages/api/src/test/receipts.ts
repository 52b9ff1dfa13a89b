// Test helpers of receipts: the payment history's operation, and running the `payment-receipt` jobs
// as the API's in-process worker would.
import PgBoss from 'pg-boss';
import { sendPaymentReceipt } from '../checkout';
import type { Database } from '../kernel/database/database';
import { bossDb } from '../kernel/jobs/pg-boss-db';
import { jobSchema, type PaymentReceiptJob, queues } from '../kernel/jobs/queues';
import { testNotificationSettings } from './request-notices';

export const receiptOperations = {
  payments: /* GraphQL */ `
    query ProfilePayments($marketplaceId: ID!, $first: Int, $after: String) {
      profilePayments(marketplaceId: $marketplaceId, first: $first, after: $after) {
        payments { id kind date amount refunded status card { brand lastFour } description }
        endCursor
        hasNextPage
      }
    }`,
};

/**
 * Runs and completes the waiting `payment-receipt` jobs (each job `times` times, as a retried job
 * would run); returns each job's data and whether a run queued its mail.
 */
export async function runPaymentReceiptJobs(database: Database, { times = 1 }: { times?: number } = {}) {
  const boss = new PgBoss({ db: bossDb(database), schema: jobSchema, supervise: false, schedule: false });
  boss.on('error', () => undefined);
  await boss.start();
  const ran: { job: PaymentReceiptJob; mailed: boolean[] }[] = [];
  try {
    for (;;) {
      const jobs = await boss.fetch<PaymentReceiptJob>(queues.paymentReceipt.name, { batchSize: 20 });
      if (jobs.length === 0) return ran;
      for (const job of jobs) {
        const mailed: boolean[] = [];
        for (let run = 0; run < times; run++) {
          mailed.push(
            await sendPaymentReceipt({ db: database.db, notifications: testNotificationSettings }, job.data),
          );
        }
        await boss.complete(queues.paymentReceipt.name, job.id);
        ran.push({ job: job.data, mailed });
      }
    }
  } finally {
    await boss.stop({ graceful: false, close: false, wait: true });
  }
}
