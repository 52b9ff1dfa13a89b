import { eq } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import type { Mailer } from './adapters/mail/mailer';
import type { SmsSender } from './adapters/sms/sms-sender';
import { outboxMessages } from './tables';

export interface DeliveryPorts {
  db: Db;
  /** Null when embedded: the message stays in the outbox for the dev mailbox. */
  mailer: Mailer | null;
  sms: SmsSender | null;
}

export type DeliveryOutcome = 'sent' | 'already-sent' | 'missing';

/**
 * Delivers one outbox message. A message already sent is not sent again (a retried job after a
 * crash between sending and recording it is the one window where a message can go twice). A failed
 * attempt is recorded and rethrown, so the job engine retries it with backoff; `lastAttempt` marks
 * the message failed for good.
 */
export async function deliverMessage(
  ports: DeliveryPorts,
  messageId: number,
  { lastAttempt = false, now = () => new Date() }: { lastAttempt?: boolean; now?: () => Date } = {},
): Promise<DeliveryOutcome> {
  const [message] = await ports.db.select().from(outboxMessages).where(eq(outboxMessages.id, messageId));
  if (!message) return 'missing';
  if (message.status === 'sent') return 'already-sent';
  try {
    if (message.channel === 'email') {
      await ports.mailer?.send({
        to: message.recipient,
        senderName: senderNameOf(message.sender),
        subject: message.subject ?? '',
        text: message.textBody,
        html: message.htmlBody ?? '',
        attachments: message.attachments,
      });
    } else {
      await ports.sms?.send({ to: message.recipient, senderName: message.sender, body: message.textBody });
    }
  } catch (error) {
    await ports.db
      .update(outboxMessages)
      .set({
        attempts: message.attempts + 1,
        lastError: describe(error),
        status: lastAttempt ? 'failed' : 'queued',
      })
      .where(eq(outboxMessages.id, messageId));
    throw error;
  }
  await ports.db
    .update(outboxMessages)
    .set({ status: 'sent', sentAt: now(), attempts: message.attempts + 1, lastError: null })
    .where(eq(outboxMessages.id, messageId));
  return 'sent';
}

/** `Glow Mobile IV <bookings@example.com>` → `Glow Mobile IV`. */
function senderNameOf(sender: string): string {
  return /^(.*) <[^>]*>$/.exec(sender)?.[1] ?? sender;
}

/** An error's message, cut short, without a stack: what the outbox keeps of a failed attempt. */
function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500);
}
