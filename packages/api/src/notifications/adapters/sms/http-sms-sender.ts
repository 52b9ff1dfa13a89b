import type { SmsSender } from './sms-sender';

export interface HttpSmsConfig {
  /** The provider's message-create endpoint, e.g. https://api.twilio.com/2010-04-01/Accounts/AC…/Messages.json */
  url: string;
  /** `user:password` (Twilio: AccountSid:AuthToken) for Basic auth, otherwise a Bearer token. */
  apiKey: string;
  /** Sending number (E.164) or alphanumeric sender id. */
  from: string;
}

/**
 * A small Twilio-compatible REST client: POSTs To, From and Body as a form. Any 2xx is success;
 * anything else throws with the provider's status (never the credentials).
 */
export function createHttpSmsSender(config: HttpSmsConfig, fetchImpl: typeof fetch = fetch): SmsSender {
  const authorization = config.apiKey.includes(':')
    ? `Basic ${Buffer.from(config.apiKey).toString('base64')}`
    : `Bearer ${config.apiKey}`;
  return {
    async send(message) {
      const response = await fetchImpl(config.url, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ To: message.to, From: config.from, Body: message.body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 200);
        throw new Error(`SMS provider answered ${response.status}: ${detail}`);
      }
    },
  };
}
