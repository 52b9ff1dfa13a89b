import type { OutboxAttachment } from '../../tables';

/** One email, always with a plain-text body and a simple HTML alternative. */
export interface MailMessage {
  to: string;
  /** Display name of the sender: the marketplace's name. */
  senderName: string;
  subject: string;
  text: string;
  html: string;
  attachments?: OutboxAttachment[];
}

/** The mail port: delivers what the outbox holds (SMTP in production). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Closes pooled connections. */
  close(): void;
}
