import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpSmsSender } from './http-sms-sender';

describe('HTTP SMS sender (Twilio-compatible)', () => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  let status = 201;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status < 300 ? { sid: 'SM1' } : { message: 'The To number is not valid' }));
    });
  });
  let url: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, resolve));
    url = `http://localhost:${(server.address() as AddressInfo).port}/2010-04-01/Accounts/AC1/Messages.json`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('POSTs To, From and Body as a form with Basic auth', async () => {
    const sender = createHttpSmsSender({ url, apiKey: 'AC1:auth-token', from: '+15005550006' });
    await sender.send({
      to: '+12125550142',
      senderName: 'Glow Mobile IV',
      body: 'Glow Mobile IV: your code is 123456.',
    });
    const [request] = received;
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from('AC1:auth-token').toString('base64')}`);
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      To: '+12125550142',
      From: '+15005550006',
      Body: 'Glow Mobile IV: your code is 123456.',
    });
  });

  it('uses a Bearer token when the key has no colon', async () => {
    await createHttpSmsSender({ url, apiKey: 'just-a-token', from: 'ATRIUM' }).send({
      to: '+12125550142',
      senderName: 'x',
      body: 'x',
    });
    expect(received.at(-1)?.headers.authorization).toBe('Bearer just-a-token');
  });

  it('throws with the status when the provider refuses, without the credentials', async () => {
    status = 400;
    const sending = createHttpSmsSender({ url, apiKey: 'AC1:auth-token', from: '+15005550006' }).send({
      to: '+1',
      senderName: 'x',
      body: 'x',
    });
    await expect(sending).rejects.toThrow(
      'SMS provider answered 400: {"message":"The To number is not valid"}',
    );
    await expect(sending).rejects.not.toThrow(/auth-token/);
  });
});
