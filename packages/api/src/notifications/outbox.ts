import PgBoss from 'pg-boss';
import type { Db } from '../kernel/database/database';
import { transactionBossDb } from '../kernel/jobs/pg-boss-db';
import { jobSchema, type QueueName, queues } from '../kernel/jobs/queues';
import { type OutboxAttachment, outboxMessages } from './tables';

export interface QueuedEmail {
  channel: 'email';
  to: string;
  /** Display name of the sender: the marketplace's name. */
  senderName: string;
  /** The sending address (`MAIL_FROM`). */
  from: string;
  subject: string;
  text: string;
  html: string;
  attachments?: OutboxAttachment[];
  marketplaceId?: number | null;
}

export interface QueuedSms {
  channel: 'sms';
  /** E.164 phone number. */
  to: string;
  /** The marketplace's name; the body already starts with it. */
  senderName: string;
  body: string;
  marketplaceId?: number | null;
}

export type QueuedMessage = QueuedEmail | QueuedSms;

// Only creates jobs (with the caller's transaction): it never connects or starts on its own.
const sender = new PgBoss({
  schema: jobSchema,
  db: {
    executeSql: () => Promise.reject(new Error('Outbox jobs are created inside a transaction')),
  },
});

/**
 * Writes a message to the outbox and creates the job that delivers it, both in `tx`: the message
 * exists exactly when the change that causes it commits, and the request never waits on delivery.
 * With `jobs`, the delivery job joins that batch, created with the transaction's other jobs.
 */
export async function queueMessage(tx: Db, message: QueuedMessage, jobs?: JobBatch): Promise<number> {
  const [row] = await tx
    .insert(outboxMessages)
    .values(
      message.channel === 'email'
        ? {
            channel: 'email',
            recipient: message.to,
            sender: `${message.senderName} <${message.from}>`,
            subject: message.subject,
            textBody: message.text,
            htmlBody: message.html,
            attachments: message.attachments ?? [],
            marketplaceId: message.marketplaceId ?? null,
          }
        : {
            channel: 'sms',
            recipient: message.to,
            sender: message.senderName,
            textBody: message.body,
            marketplaceId: message.marketplaceId ?? null,
          },
    )
    .returning({ id: outboxMessages.id });
  if (!row) throw new Error('The outbox message was not written');
  const delivery = { messageId: row.id };
  if (jobs) jobs.add(queues.deliverMessage.name, delivery);
  else await queueJob(tx, queues.deliverMessage.name, delivery);
  return row.id;
}

/** Creates a job in `tx`: it exists exactly when the change that causes it commits. */
export async function queueJob(tx: Db, queue: QueueName, data: object): Promise<void> {
  await sender.send(queue, data, { db: transactionBossDb(tx) });
}

/**
 * Jobs a transaction causes, created together in one statement (`send`, before it commits) rather
 * than one each: a booking's delivery jobs and the staff's new-request job.
 */
export class JobBatch {
  private readonly jobs: PgBoss.JobInsert[] = [];

  add(queue: QueueName, data: object): void {
    this.jobs.push({ name: queue, data });
  }

  async send(tx: Db): Promise<void> {
    if (this.jobs.length === 0) return;
    await sender.insert(this.jobs.splice(0), { db: transactionBossDb(tx) });
  }
}
