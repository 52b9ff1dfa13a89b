import type { MailConfig } from '../../config';
import type { Mailer } from './mailer';
import { createSmtpMailer } from './smtp-mailer';

/**
 * The one place that picks the mail transport from configuration. Embedded (no SMTP_URL) there is
 * none: messages stay in the outbox table, where the dev mailbox shows them.
 */
export function createMailer(config: MailConfig): Mailer | null {
  return config.kind === 'smtp' ? createSmtpMailer({ url: config.url, from: config.from }) : null;
}
