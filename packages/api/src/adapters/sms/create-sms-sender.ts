import type { IdentityConfig } from '../../identity-config';
import type { Db } from '../database/database';
import { createHttpSmsSender } from './http-sms-sender';
import { createOutboxSmsSender } from './outbox-sms-sender';
import type { SmsSender } from './sms-sender';

/** The one place that picks the SMS implementation from configuration. */
export function createSmsSender(config: IdentityConfig['sms'], db: Db): SmsSender {
  return config.kind === 'http' ? createHttpSmsSender(config) : createOutboxSmsSender({ db });
}
