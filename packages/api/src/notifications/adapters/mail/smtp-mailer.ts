import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/**
 * Sends through an SMTP server (`smtp://user:pass@host:587` or `smtps://…`) with nodemailer, over a
 * pool of kept-open connections so a burst of messages does not open one connection each.
 */
export function createSmtpMailer({ url, from }: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({ url, pool: true, maxConnections: 5 });
  return {
    async send(message) {
      await transport.sendMail({
        from: { name: message.senderName, address: from },
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments?.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: file.content,
        })),
      });
    },
    close: () => transport.close(),
  };
}
