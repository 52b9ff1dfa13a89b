import type { SmsConfig } from '../../config';
import { createHttpSmsSender } from './http-sms-sender';
import type { SmsSender } from './sms-sender';

/**
 * The one place that picks the SMS transport from configuration. Embedded (no SMS_URL) there is none:
 * texts stay in the outbox table, where the dev mailbox shows them.
 */
export function createSmsSender(config: SmsConfig): SmsSender | null {
  return config.kind === 'http' ? createHttpSmsSender(config) : null;
}
