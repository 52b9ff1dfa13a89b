// Queues the client's messages about a request in the caller's transaction (the one that makes the
// change they tell of): they are sent exactly when that change commits (jobs/outbox.ts).
import type { Db } from '../../kernel/database/database';
import type { JobBatch, NotificationSettings } from '../../notifications';
import { queueMessage } from '../../notifications';
import { type AppointmentNoticeKind, appointmentMessages, type NoticeOptions } from './appointment-messages';
import { loadAppointmentNotice } from './appointment-notice';

/**
 * Mails the client about their request (found by its appointment, or by the request for a waitlist
 * request), and texts them too when they agreed to texts (users.phone_opt_in, which a guest sets at
 * checkout) and have a phone number. Returns how many messages were queued: none when the
 * appointment has no request (a visit booked outside Atrium) and so no client to tell. With `jobs`,
 * their delivery jobs join that batch.
 */
export async function notifyClient(
  tx: Db,
  settings: NotificationSettings,
  kind: AppointmentNoticeKind,
  by: { appointmentId: number } | { requestId: number },
  options: NoticeOptions = {},
  jobs?: JobBatch,
): Promise<number> {
  const notice = await loadAppointmentNotice(tx, by);
  if (!notice) return 0;
  const messages = appointmentMessages(kind, notice, settings, options);
  const marketplaceId = notice.marketplace.id;
  await queueMessage(
    tx,
    {
      channel: 'email',
      to: notice.client.email,
      senderName: notice.marketplace.name,
      from: settings.mailFrom,
      subject: messages.email.subject,
      text: messages.email.text,
      html: messages.email.html,
      attachments: messages.email.attachments,
      marketplaceId,
    },
    jobs,
  );
  if (!messages.sms || !notice.client.phoneOptIn || !notice.client.phone) return 1;
  await queueMessage(
    tx,
    {
      channel: 'sms',
      to: notice.client.phone,
      senderName: notice.marketplace.name,
      body: messages.sms,
      marketplaceId,
    },
    jobs,
  );
  return 2;
}
