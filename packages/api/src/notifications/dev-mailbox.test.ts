import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../app';
import { migratedDatabase, type TestDatabase, testDatabases } from '../test/databases';
import type { MailboxMessage } from '../test/identity';
import { type QueuedMessage, queueMessage } from './outbox';

describe.each(testDatabases)('dev mailbox on $name', (factory) => {
  let handle: TestDatabase;
  let app: App;

  beforeAll(async () => {
    handle = await migratedDatabase(factory);
    app = createApp({ db: handle.database, config: { nodeEnv: 'development' } });
    const from = 'no-reply@atrium.localhost';
    const queue = (message: QueuedMessage) =>
      handle.database.db.transaction((tx) => queueMessage(tx, message));
    await queue({
      channel: 'email',
      from,
      to: 'Reader@Example.com',
      senderName: 'Glow Mobile IV',
      subject: 'Reset your Glow Mobile IV password',
      text: 'Choose a new password here:\nhttp://localhost:3000/reset-password?token=abc_DEF-123\n<script>alert(1)</script>',
      html: '<p>html</p>',
    });
    await queue({
      channel: 'sms',
      to: '+12125550142',
      senderName: 'Glow Mobile IV',
      body: 'Glow Mobile IV: your code is 123456.',
    });
    await queue({
      channel: 'email',
      from,
      to: 'reader@example.com',
      senderName: 'Nocturne Aesthetics',
      subject: 'Your Nocturne Aesthetics sign-in code',
      text: 'Your code is 654321.',
      html: '<p>654321</p>',
    });
  });
  afterAll(() => handle.dispose());

  const json = async (query = '') => {
    const response = await app.fetch(`http://localhost/dev/mailbox.json${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    return ((await response.json()) as { messages: MailboxMessage[] }).messages;
  };

  it('lists every message as JSON, newest first', async () => {
    const messages = await json();
    expect(messages.map((message) => [message.channel, message.to, message.subject])).toEqual([
      ['email', 'reader@example.com', 'Your Nocturne Aesthetics sign-in code'],
      ['sms', '+12125550142', null],
      ['email', 'Reader@Example.com', 'Reset your Glow Mobile IV password'],
    ]);
    expect(messages[2]).toEqual({
      id: expect.any(Number),
      channel: 'email',
      to: 'Reader@Example.com',
      from: 'Glow Mobile IV <no-reply@atrium.localhost>',
      subject: 'Reset your Glow Mobile IV password',
      text: expect.stringContaining('Choose a new password'),
      html: '<p>html</p>',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      links: ['http://localhost:3000/reset-password?token=abc_DEF-123'],
      attachments: [],
      status: 'queued',
      attempts: 0,
      lastError: null,
    });
  });

  it('filters by recipient (email case-insensitively, or phone)', async () => {
    expect((await json('?to=READER%40example.com')).map((message) => message.subject)).toEqual([
      'Your Nocturne Aesthetics sign-in code',
      'Reset your Glow Mobile IV password',
    ]);
    expect((await json('?to=%2B12125550142')).map((message) => message.text)).toEqual([
      'Glow Mobile IV: your code is 123456.',
    ]);
    expect(await json('?to=nobody%40example.com')).toEqual([]);
  });

  it('shows an HTML list with recipient, subject and time, each linking to the message', async () => {
    const response = await app.fetch('http://localhost/dev/mailbox');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    const [first] = await json();
    expect(html).toContain(`<a href="/dev/mailbox/${first?.id}">Your Nocturne Aesthetics sign-in code</a>`);
    expect(html).toContain('Reader@Example.com');
    expect(html).toContain('+12125550142');
    expect(html).toMatch(/<time datetime="[^"]+">\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC<\/time>/);
    expect(html.indexOf('Nocturne')).toBeLessThan(html.indexOf('Reset your'));
  });

  it('shows one message with its links clickable and its text escaped', async () => {
    const reset = (await json()).find((message) => message.subject?.startsWith('Reset'));
    const response = await app.fetch(`http://localhost/dev/mailbox/${reset?.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(
      '<a href="http://localhost:3000/reset-password?token=abc_DEF-123">http://localhost:3000/reset-password?token=abc_DEF-123</a>',
    );
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('answers 404 for an unknown message', async () => {
    expect((await app.fetch('http://localhost/dev/mailbox/999999')).status).toBe(404);
    expect((await app.fetch('http://localhost/dev/mailbox/abc')).status).toBe(404);
  });

  it.each(['%00', 'reader%40example.com%00', '%1B%5B2J', 'a%0Ab'])(
    'answers 400 with a plain message, no stack trace, for a recipient with control characters (%s)',
    async (to) => {
      const response = await app.fetch(`http://localhost/dev/mailbox.json?to=${to}`);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await response.text()).toBe('The recipient (to) may not contain control characters.');
    },
  );

  it('answers a failure 500 with a plain message, never its stack trace', async () => {
    const broken = await factory.create();
    try {
      const brokenApp = createApp({
        db: broken.database,
        config: { nodeEnv: 'development' },
        logging: false,
      });
      // Not migrated: the outbox table does not exist, so the query fails.
      for (const path of ['/dev/mailbox.json?to=a%40b.co', '/dev/mailbox', '/dev/mailbox/1']) {
        const response = await brokenApp.fetch(`http://localhost${path}`);
        expect(response.status, path).toBe(500);
        expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
        const text = await response.text();
        expect(text).toBe('Internal error');
      }
    } finally {
      await broken.dispose();
    }
  });

  it('is not served in production', async () => {
    const production = createApp({ db: handle.database, config: { nodeEnv: 'production' } });
    for (const path of ['/dev/mailbox', '/dev/mailbox.json', '/dev/mailbox/1']) {
      expect((await production.fetch(`http://localhost${path}`)).status, path).toBe(404);
    }
  });
});
