// The staff side of checkout's `new-request` job: one mail to each member who should hear of the
// request, queued in the outbox in one transaction with the request's notice row, so a retried or
// repeated job (the engine delivers at least once) finds the row and mails nobody twice.
import { eq } from 'drizzle-orm';
import type { Db } from '../../kernel/database/database';
import type { NewRequestJob } from '../../kernel/jobs/queues';
import { type NotificationSettings, queueMessage } from '../../notifications';
import { loadNewRequest, newRequestRecipients } from './new-request';
import { newRequestMail } from './new-request-mail';
import { staffRequestNotices } from './tables';

export interface RequestNoticePorts {
  db: Db;
  notifications: NotificationSettings;
}

/**
 * Mails the members about the job's request; returns how many were mailed (none when the staff were
 * already told, or the request is no longer pending: a request decided before the job ran is no news).
 */
export async function notifyStaffOfNewRequest(
  ports: RequestNoticePorts,
  job: NewRequestJob,
): Promise<number> {
  return ports.db.transaction(async (tx) => {
    const request = await loadNewRequest(tx, job.appointmentId);
    if (!request) return 0;
    // The claim: a second run waits here until the first commits, then finds its row.
    const [claimed] = await tx
      .insert(staffRequestNotices)
      .values({ appointmentId: request.appointmentId, recipients: 0 })
      .onConflictDoNothing()
      .returning({ appointmentId: staffRequestNotices.appointmentId });
    if (!claimed || request.status !== 'PENDING') return 0;
    const recipients = await newRequestRecipients(tx, request);
    for (const recipient of recipients) {
      const mail = newRequestMail(request, recipient, ports.notifications);
      await queueMessage(tx, {
        channel: 'email',
        to: recipient.email,
        senderName: request.marketplace.name,
        from: ports.notifications.mailFrom,
        ...mail,
        marketplaceId: request.marketplace.id,
      });
    }
    await tx
      .update(staffRequestNotices)
      .set({ recipients: recipients.length })
      .where(eq(staffRequestNotices.appointmentId, request.appointmentId));
    return recipients.length;
  });
}
