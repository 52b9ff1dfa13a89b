/** One email, always with a plain-text body and a simple HTML alternative. */
export interface MailMessage {
  to: string;
  /** Display name of the sender: the marketplace's name. */
  senderName: string;
  subject: string;
  text: string;
  html: string;
}

/** The mail port: SMTP in production, the outbox table embedded. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
