import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/smtp-server';
import { createSmtpMailer } from './smtp-mailer';

describe('SMTP mailer', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(() => smtp.close());

  it('sends text, HTML and attachments from the marketplace name at the configured address, over one pooled connection', async () => {
    const mailer = createSmtpMailer({ url: smtp.url, from: 'bookings@atrium.example' });
    try {
      await Promise.all(
        ['client@example.com', 'other@example.com'].map((to) =>
          mailer.send({
            to,
            senderName: 'Glow Mobile IV',
            subject: 'Your Glow Mobile IV sign-in code',
            text: 'Your Glow Mobile IV sign-in code is 123456.',
            html: '<p>123456</p>',
            attachments: [
              {
                filename: 'appointment.ics',
                contentType: 'text/calendar; charset=utf-8',
                content: 'BEGIN:VCALENDAR',
              },
            ],
          }),
        ),
      );
    } finally {
      mailer.close();
    }
    expect(smtp.received.map((mail) => mail.to)).toEqual(
      expect.arrayContaining([['client@example.com'], ['other@example.com']]),
    );
    const [message] = smtp.received;
    expect(message?.from).toBe('bookings@atrium.example');
    expect(message?.raw).toContain('From: Glow Mobile IV <bookings@atrium.example>');
    expect(message?.raw).toContain('Subject: Your Glow Mobile IV sign-in code');
    expect(message?.raw).toContain('Content-Type: text/plain');
    expect(message?.raw).toContain('Content-Type: text/html');
    expect(message?.raw).toContain('Your Glow Mobile IV sign-in code is 123456.');
    expect(message?.raw).toMatch(/filename=appointment\.ics/);
  });
});
