import { outboxMessages } from '../../db/schema';
import type { Db } from '../database/database';
import type { SmsSender } from './sms-sender';

/** Embedded SMS: messages are kept in the outbox table, where the dev mailbox shows them. */
export function createOutboxSmsSender({ db }: { db: Db }): SmsSender {
  return {
    async send(message) {
      await db.insert(outboxMessages).values({
        channel: 'sms',
        recipient: message.to,
        sender: message.senderName,
        textBody: message.body,
      });
    },
  };
}
