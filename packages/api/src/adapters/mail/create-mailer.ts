import type { IdentityConfig } from '../../identity-config';
import type { Db } from '../database/database';
import type { Mailer } from './mailer';
import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

/** The one place that picks the mail implementation from configuration. */
export function createMailer(config: IdentityConfig['mail'], db: Db): Mailer {
  return config.kind === 'smtp'
    ? createSmtpMailer({ url: config.url, from: config.from })
    : createOutboxMailer({ db, from: config.from });
}
