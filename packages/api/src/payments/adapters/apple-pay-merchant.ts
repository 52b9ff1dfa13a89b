// Apple Pay merchant validation (Apple Pay JS `onvalidatemerchant`): the browser hands us the
// validation URL Apple gave it; we ask Apple for a merchant session with our merchant identity
// certificate (mutual TLS) and the browser passes the session, untouched, to
// `completeMerchantValidation`. The embedded sandbox answers a recognisable session instead.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { request } from 'node:https';
import type { ApplePayConfig } from '../apple-pay-config';

/**
 * Apple's merchant-validation hosts. Apple asks for a strict allow list ("Use a strict allow list for
 * Apple IP addresses and domains provided in Listing 1. Do not allow your server to access any other
 * IP addresses or domains."): Apple Pay on the Web, "Setting Up Your Server", Listing 1 (production:
 * apple-pay-gateway.apple.com, cn-apple-pay-gateway.apple.com) and Listing 2 (sandbox testing:
 * apple-pay-gateway-cert.apple.com, cn-apple-pay-gateway-cert.apple.com),
 * https://developer.apple.com/documentation/applepayontheweb/setting-up-your-server. Earlier
 * revisions of that page also listed the pod hosts below, to which Apple may still send browsers.
 */
export const appleMerchantValidationHosts: ReadonlySet<string> = new Set([
  'apple-pay-gateway.apple.com',
  'cn-apple-pay-gateway.apple.com',
  'apple-pay-gateway-cert.apple.com',
  'cn-apple-pay-gateway-cert.apple.com',
  ...[1, 2, 3, 4, 5].flatMap((pod) => [
    `apple-pay-gateway-nc-pod${pod}.apple.com`,
    `apple-pay-gateway-pr-pod${pod}.apple.com`,
  ]),
  ...[1, 2, 3].flatMap((pod) => [
    `cn-apple-pay-gateway-sh-pod${pod}.apple.com`,
    `cn-apple-pay-gateway-tj-pod${pod}.apple.com`,
  ]),
]);

/**
 * The validation URL when it is one of Apple's gateways, else null: https, port 443, no user
 * information, a host of the allow list exactly (so apple-pay-gateway.apple.com.evil.test is not).
 */
export function appleMerchantValidationUrl(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  // URL normalises an explicit :443 to '' for https; any other port stays.
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '') {
    return null;
  }
  return appleMerchantValidationHosts.has(url.hostname) ? url : null;
}

/** What Apple's paymentSession endpoint takes (Apple Pay on the Web, "Requesting an Apple Pay Payment Session"). */
export interface MerchantSessionRequest {
  validationUrl: URL;
  /** The merchant's name on the payment sheet, at most 64 characters. */
  displayName: string;
  /** The domain the page is served on (initiativeContext). */
  domain: string;
}

/** Apple refused or did not answer: the client is asked to retry or pay by card, the log gets the reason. */
export class MerchantValidationError extends Error {
  override readonly name = 'MerchantValidationError';
}

/** The Apple Pay merchant-validation port. */
export interface ApplePayMerchantValidator {
  readonly kind: 'apple' | 'sandbox';
  /** The opaque merchant session (a JSON object) for `completeMerchantValidation`. */
  startSession(request: MerchantSessionRequest): Promise<Record<string, unknown>>;
}

export interface AppleMerchantValidatorOptions {
  /** Which URLs may be called; Apple's gateways only. Tests point it at a local server. */
  isAllowedUrl?: (url: URL) => boolean;
  /** Extra trusted certificate authorities (tests' self-signed server); default: Node's. */
  ca?: string;
  timeoutMs?: number;
}

// A merchant session is a few hundred bytes; a bigger answer is not Apple's.
const maxResponseBytes = 64 * 1024;

/** Merchant validation against Apple, with the merchant identity certificate as the TLS client certificate. */
export function createAppleMerchantValidator(
  config: Extract<ApplePayConfig, { merchantValidation: 'apple' }>,
  {
    isAllowedUrl = (url) => appleMerchantValidationUrl(url.href) !== null,
    ca,
    timeoutMs = 10_000,
  }: AppleMerchantValidatorOptions = {},
): ApplePayMerchantValidator {
  return {
    kind: 'apple',
    startSession({ validationUrl, displayName, domain }) {
      // Checked here too: this is the code that presents the certificate, whoever calls it.
      if (!isAllowedUrl(validationUrl)) {
        return Promise.reject(new MerchantValidationError('The validation URL is not an Apple Pay gateway.'));
      }
      const body = JSON.stringify({
        merchantIdentifier: config.merchantId,
        displayName,
        initiative: 'web',
        initiativeContext: domain,
      });
      return postToApple(validationUrl, body, {
        cert: config.certificatePem,
        key: config.keyPem,
        ca,
        timeoutMs,
      });
    },
  };
}

/** POSTs the session request over mutual TLS and answers the merchant session Apple sent back. */
function postToApple(
  url: URL,
  body: string,
  { cert, key, ca, timeoutMs }: { cert: string; key: string; ca: string | undefined; timeoutMs: number },
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        cert,
        key,
        ...(ca ? { ca } : {}),
        minVersion: 'TLSv1.2',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: timeoutMs,
      },
      (response) => {
        readAnswer(response)
          .then((text) => merchantSessionOf(response.statusCode, text))
          .then(resolve, reject);
      },
    );
    outgoing.on('timeout', () =>
      outgoing.destroy(new MerchantValidationError(`Apple Pay did not answer within ${timeoutMs} ms.`)),
    );
    outgoing.on('error', (error) =>
      reject(error instanceof MerchantValidationError ? error : new MerchantValidationError(error.message)),
    );
    outgoing.end(body);
  });
}

/** The body of Apple's answer as text; an answer past maxResponseBytes is cut off as an error. */
function readAnswer(response: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxResponseBytes) {
        response.destroy(new MerchantValidationError('Apple Pay answered too much.'));
        return;
      }
      chunks.push(chunk);
    });
    response.on('error', reject);
    response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/**
 * The merchant session in Apple's answer: a 200 whose body is a JSON object. Anything else is a
 * MerchantValidationError naming the status and the start of the body, or saying it is no session.
 */
export function merchantSessionOf(statusCode: number | undefined, text: string): Record<string, unknown> {
  if (statusCode !== 200) {
    throw new MerchantValidationError(`Apple Pay answered ${statusCode}: ${text.slice(0, 300)}`);
  }
  let session: unknown;
  try {
    session = JSON.parse(text);
  } catch {
    session = null;
  }
  if (typeof session !== 'object' || session === null || Array.isArray(session)) {
    throw new MerchantValidationError('Apple Pay answered something other than a merchant session.');
  }
  return session as Record<string, unknown>;
}

/** The sandbox merchant identifier, in the sessions the sandbox answers. */
export const sandboxMerchantIdentifier = 'merchant.atrium.sandbox';

/**
 * The embedded sandbox: a session shaped like Apple's (same fields), marked `sandbox: true`, for the
 * stand-in ApplePaySession of tests and development. Only the URL check the service makes runs
 * before it, as before Apple.
 */
export function createSandboxMerchantValidator(
  clock: () => Date = () => new Date(),
): ApplePayMerchantValidator {
  return {
    kind: 'sandbox',
    async startSession({ displayName, domain }) {
      const now = clock().getTime();
      return {
        sandbox: true,
        epochTimestamp: now,
        // Apple's sessions last five minutes.
        expiresAt: now + 5 * 60 * 1000,
        merchantSessionIdentifier: `SSH_SANDBOX_${randomBytes(16).toString('hex')}`,
        nonce: randomBytes(4).toString('hex'),
        merchantIdentifier: createHash('sha256')
          .update(sandboxMerchantIdentifier)
          .digest('hex')
          .toUpperCase(),
        domainName: domain,
        displayName,
        signature: 'sandbox',
      };
    },
  };
}

/** The one place that picks merchant validation from configuration; null when Apple Pay is off. */
export function createMerchantValidator(config: ApplePayConfig): ApplePayMerchantValidator | null {
  if (config.merchantValidation === 'apple') return createAppleMerchantValidator(config);
  if (config.merchantValidation === 'sandbox') return createSandboxMerchantValidator();
  return null;
}
