// The `payment-receipt` job: the receipt of one charge or refund, mailed once. Whoever records money
// moving (a confirmation's charge, a no-show fee, a refund, a package or membership charge, the
// processor's webhook) queues the job in that transaction; this reads the record and mails it.
import type { Db } from '../../kernel/database/database';
import type { PaymentReceiptJob } from '../../kernel/jobs/queues';
import type { NotificationSettings } from '../../notifications';
import { queueReceiptMail } from '../../payments';
import { purposeLine } from './payment-purpose';
import { loadPaymentRecords, type PaymentRecord } from './payment-records';

/** A record a receipt tells of: a charge that went through (refunded since or not), a refund given. */
const receiptWorthy = (record: PaymentRecord) =>
  record.kind === 'charge'
    ? ['PAID', 'PARTLY_REFUNDED', 'REFUNDED'].includes(record.status)
    : record.status === 'REFUNDED';

/**
 * Mails the receipt of the job's charge or refund, in one transaction with its row in
 * payment_receipts: true when it was queued now, false when it was mailed before (a retried or
 * repeated job) or there is nothing to tell (the row is gone, or the money did not move after all).
 */
export async function sendPaymentReceipt(
  ports: { db: Db; notifications: NotificationSettings },
  job: PaymentReceiptJob,
): Promise<boolean> {
  return ports.db.transaction(async (tx) => {
    const [record] = await loadPaymentRecords(tx, { source: job.source, id: job.id });
    if (!record || !receiptWorthy(record)) return false;
    return queueReceiptMail(tx, ports.notifications, job, {
      kind: record.kind,
      amountCents: record.amountCents,
      card: record.card,
      purpose: purposeLine(record.purpose),
      reason: record.reason,
      at: record.at,
      timeZone: record.timeZone,
      marketplace: record.marketplace,
      client: record.client,
    });
  });
}
