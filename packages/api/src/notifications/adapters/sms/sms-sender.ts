/** One text message. The body already starts with the marketplace's name. */
export interface SmsMessage {
  /** E.164 phone number. */
  to: string;
  /** The marketplace's name, kept with the message where the provider allows. */
  senderName: string;
  body: string;
}

/** The SMS port: delivers what the outbox holds (a provider over HTTP in production). */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}
