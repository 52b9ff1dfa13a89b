import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/** Sends through an SMTP server (`smtp://user:pass@host:587` or `smtps://…`) with nodemailer. */
export function createSmtpMailer({ url, from }: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({
        from: { name: message.senderName, address: from },
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
  };
}
