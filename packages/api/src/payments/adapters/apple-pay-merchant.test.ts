import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate } from '../../test/certificates';
import {
  appleMerchantValidationUrl,
  createAppleMerchantValidator,
  createSandboxMerchantValidator,
  MerchantValidationError,
  merchantSessionOf,
} from './apple-pay-merchant';

describe('Apple Pay merchant validation URLs', () => {
  it.each([
    'https://apple-pay-gateway.apple.com/paymentservices/startSession',
    'https://apple-pay-gateway.apple.com:443/paymentservices/paymentSession',
    'https://cn-apple-pay-gateway.apple.com/paymentservices/paymentSession',
    'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession',
    'https://apple-pay-gateway-nc-pod3.apple.com/paymentservices/startSession',
  ])('accepts Apple’s gateway %s', (url) => {
    expect(appleMerchantValidationUrl(url)?.href).toBe(new URL(url).href);
  });

  it.each([
    ['an attacker host', 'https://attacker.example/paymentservices/startSession'],
    ['plain http', 'http://apple-pay-gateway.apple.com/paymentservices/startSession'],
    ['a lookalike suffix', 'https://apple-pay-gateway.apple.com.evil.test/paymentservices/startSession'],
    ['a lookalike prefix', 'https://evil-apple-pay-gateway.apple.com/paymentservices/startSession'],
    [
      'userinfo before an attacker host',
      'https://apple-pay-gateway.apple.com@evil.test/paymentservices/startSession',
    ],
    [
      'userinfo before Apple’s host',
      'https://user:pass@apple-pay-gateway.apple.com/paymentservices/startSession',
    ],
    ['a port other than 443', 'https://apple-pay-gateway.apple.com:8443/paymentservices/startSession'],
    ['a trailing-dot host', 'https://apple-pay-gateway.apple.com./paymentservices/startSession'],
    ['an IP address', 'https://17.171.78.7/paymentservices/startSession'],
    ['not a URL', 'apple-pay-gateway.apple.com'],
  ])('refuses %s', (_case, url) => {
    expect(appleMerchantValidationUrl(url)).toBeNull();
  });
});

describe('merchant validation against Apple (a local HTTPS server asking for client certificates)', () => {
  let directory: string;
  let server: Server;
  let origin: string;
  let serverCertificate: { keyPem: string; certificatePem: string };
  let merchant: { keyPem: string; certificatePem: string };
  const seen: { peerSubject?: string; authorized: boolean; body: unknown }[] = [];

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'atrium-apple-pay-'));
    serverCertificate = selfSignedCertificate(directory, 'server', 'localhost');
    merchant = selfSignedCertificate(directory, 'merchant', 'merchant.atrium.test');
    server = createServer(
      {
        key: serverCertificate.keyPem,
        cert: serverCertificate.certificatePem,
        // Only the merchant certificate is trusted, as Apple trusts only the merchant's.
        ca: merchant.certificatePem,
        requestCert: true,
        rejectUnauthorized: false,
      },
      (request, response) => {
        const socket = request.socket as TLSSocket;
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const peer = socket.getPeerCertificate();
          seen.push({
            peerSubject: String(peer?.subject?.CN),
            authorized: socket.authorized,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'),
          });
          if (request.url === '/slow') return; // never answers
          if (!socket.authorized || request.url === '/refuse') {
            response.writeHead(400, { 'content-type': 'application/json' });
            response.end(
              JSON.stringify({ statusMessage: 'Payment Services Exception merchantId unauthorized' }),
            );
            return;
          }
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({ merchantSessionIdentifier: 'SSH_LOCAL', nonce: 'abc', signature: 'sig' }),
          );
        });
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `https://localhost:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(directory, { recursive: true, force: true });
  });

  const config = () => ({
    merchantValidation: 'apple' as const,
    merchantId: 'merchant.atrium.test',
    certificatePem: merchant.certificatePem,
    keyPem: merchant.keyPem,
  });
  const request = (path: string) => ({
    validationUrl: new URL(`${origin}${path}`),
    displayName: 'Glow Clinic',
    domain: 'book.example.com',
  });

  it('presents the configured merchant certificate and sends the body Apple expects', async () => {
    const validator = createAppleMerchantValidator(config(), {
      isAllowedUrl: (url) => url.origin === origin,
      ca: serverCertificate.certificatePem,
    });
    seen.length = 0;
    const session = await validator.startSession(request('/paymentservices/paymentSession'));
    expect(session).toEqual({ merchantSessionIdentifier: 'SSH_LOCAL', nonce: 'abc', signature: 'sig' });
    expect(seen).toEqual([
      {
        peerSubject: 'merchant.atrium.test',
        authorized: true,
        body: {
          merchantIdentifier: 'merchant.atrium.test',
          displayName: 'Glow Clinic',
          initiative: 'web',
          initiativeContext: 'book.example.com',
        },
      },
    ]);
  });

  it('fails when the server does not trust the certificate presented', async () => {
    const stranger = selfSignedCertificate(directory, 'stranger', 'stranger.test');
    const validator = createAppleMerchantValidator(
      { ...config(), ...stranger },
      { isAllowedUrl: (url) => url.origin === origin, ca: serverCertificate.certificatePem },
    );
    seen.length = 0;
    await expect(validator.startSession(request('/paymentservices/paymentSession'))).rejects.toThrow(
      /Apple Pay answered 400: .*unauthorized/,
    );
    expect(seen).toMatchObject([{ peerSubject: 'stranger.test', authorized: false }]);
  });

  it('refuses a server it cannot verify (no trusted CA given)', async () => {
    const validator = createAppleMerchantValidator(config(), {
      isAllowedUrl: (url) => url.origin === origin,
    });
    await expect(validator.startSession(request('/paymentservices/paymentSession'))).rejects.toBeInstanceOf(
      MerchantValidationError,
    );
  });

  it('gives up after the timeout', async () => {
    const validator = createAppleMerchantValidator(config(), {
      isAllowedUrl: (url) => url.origin === origin,
      ca: serverCertificate.certificatePem,
      timeoutMs: 200,
    });
    await expect(validator.startSession(request('/slow'))).rejects.toThrow(
      'Apple Pay did not answer within 200 ms.',
    );
  });

  it('calls nothing but Apple’s gateways without the test’s allow list', async () => {
    seen.length = 0;
    const validator = createAppleMerchantValidator(config(), { ca: serverCertificate.certificatePem });
    await expect(validator.startSession(request('/paymentservices/paymentSession'))).rejects.toThrow(
      'The validation URL is not an Apple Pay gateway.',
    );
    expect(seen).toEqual([]);
  });
});

describe('the sandbox merchant validator', () => {
  it('answers a recognisable sandbox session shaped like Apple’s', async () => {
    const now = new Date('2026-05-01T12:00:00Z');
    const session = await createSandboxMerchantValidator(() => now).startSession({
      validationUrl: new URL('https://apple-pay-gateway-cert.apple.com/paymentservices/startSession'),
      displayName: 'Glow Clinic',
      domain: 'localhost',
    });
    expect(session).toMatchObject({
      sandbox: true,
      epochTimestamp: now.getTime(),
      expiresAt: now.getTime() + 300_000,
      merchantSessionIdentifier: expect.stringMatching(/^SSH_SANDBOX_[0-9a-f]{32}$/),
      domainName: 'localhost',
      displayName: 'Glow Clinic',
    });
  });
});

describe('reading Apple’s answer to a session request', () => {
  it('answers the JSON object of a 200 as the merchant session', () => {
    expect(merchantSessionOf(200, '{"merchantSessionIdentifier":"SSH1","nonce":"ab12"}')).toEqual({
      merchantSessionIdentifier: 'SSH1',
      nonce: 'ab12',
    });
  });

  it('names the status and the first 300 characters of any other answer', () => {
    const refusal = () => merchantSessionOf(400, `{"statusMessage":"${'x'.repeat(400)}"}`);
    expect(refusal).toThrow(MerchantValidationError);
    expect(refusal).toThrow(`Apple Pay answered 400: {"statusMessage":"${'x'.repeat(281)}`);
    expect(() => merchantSessionOf(400, 'Bad request')).toThrow(/^Apple Pay answered 400: Bad request$/);
  });

  it.each(['not json', '[1, 2]', 'null', '"text"'])(
    'refuses a 200 whose body is %s as no merchant session',
    (text) => {
      expect(() => merchantSessionOf(200, text)).toThrow(
        new MerchantValidationError('Apple Pay answered something other than a merchant session.'),
      );
    },
  );
});
