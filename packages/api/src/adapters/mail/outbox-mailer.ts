import { outboxMessages } from '../../db/schema';
import type { Db } from '../database/database';
import type { Mailer } from './mailer';

/** Embedded mail: messages are kept in the outbox table, where the dev mailbox shows them. */
export function createOutboxMailer({ db, from }: { db: Db; from: string }): Mailer {
  return {
    async send(message) {
      await db.insert(outboxMessages).values({
        channel: 'email',
        recipient: message.to,
        sender: `${message.senderName} <${from}>`,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
      });
    },
  };
}
