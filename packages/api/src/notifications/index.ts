// The notifications context's public entry: what other contexts, the composition root and tests use of it.
export { createMailer } from './adapters/mail/create-mailer';
export type { Mailer } from './adapters/mail/mailer';
export { createSmtpMailer } from './adapters/mail/smtp-mailer';
export { createSmsSender } from './adapters/sms/create-sms-sender';
export type { SmsSender } from './adapters/sms/sms-sender';
export type { MailConfig, SmsConfig } from './config';
export { deliverMessage } from './deliver-message';
export { useDevMailbox } from './dev-mailbox';
export {
  formatDate,
  formatDateTime,
  formatPhone,
  formatShortDateTime,
  formatShortWindow,
  formatWindow,
  listNames,
} from './formatting';
export type { EmailContent } from './layout';
export { absoluteUrl, buttonLink, emailLayout } from './layout';
export { JobBatch, queueJob, queueMessage } from './outbox';
export type { NotificationSettings } from './settings';
export { notificationSettings } from './settings';
export type { OutboxAttachment } from './tables';
export { outboxMessages } from './tables';
