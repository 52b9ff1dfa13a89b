import type { AddressInfo } from 'node:net';
import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from './smtp-mailer';

/** Just enough of an SMTP server to receive one message in plain text. */
function fakeSmtpServer() {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const server = createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 fake.smtp ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index = buffer.indexOf('\r\n');
      while (index >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 OK queued\r\n');
          } else {
            current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250-fake.smtp\r\n250 8BITMIME\r\n');
        else if (/^MAIL FROM:/i.test(line)) {
          current.from = line.slice(10).trim();
          socket.write('250 OK\r\n');
        } else if (/^RCPT TO:/i.test(line)) {
          current.to.push(line.slice(8).trim());
          socket.write('250 OK\r\n');
        } else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 Bye\r\n');
        else socket.write('250 OK\r\n');
        index = buffer.indexOf('\r\n');
      }
    });
  });
  return { server, messages };
}

describe('SMTP mailer', () => {
  const { server, messages } = fakeSmtpServer();
  let port: number;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends text and HTML from the marketplace name at the configured address', async () => {
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      from: 'bookings@atrium.example',
    });
    await mailer.send({
      to: 'client@example.com',
      senderName: 'Glow Mobile IV',
      subject: 'Your Glow Mobile IV sign-in code',
      text: 'Your Glow Mobile IV sign-in code is 123456.',
      html: '<p>123456</p>',
    });
    const [message] = messages;
    expect(message?.from).toBe('<bookings@atrium.example>');
    expect(message?.to).toEqual(['<client@example.com>']);
    expect(message?.data).toContain('From: Glow Mobile IV <bookings@atrium.example>');
    expect(message?.data).toContain('Subject: Your Glow Mobile IV sign-in code');
    expect(message?.data).toContain('Content-Type: text/plain');
    expect(message?.data).toContain('Content-Type: text/html');
    expect(message?.data).toContain('Your Glow Mobile IV sign-in code is 123456.');
  });
});
