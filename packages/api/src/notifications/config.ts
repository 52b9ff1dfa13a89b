/** How mail leaves: SMTP, or (embedded) it stays in the outbox table, where the dev mailbox shows it. */
export type MailConfig = { kind: 'smtp'; url: string; from: string } | { kind: 'outbox'; from: string };

/** How texts leave: an HTTP SMS provider, or (embedded) they stay in the outbox table. */
export type SmsConfig = { kind: 'http'; url: string; apiKey: string; from: string } | { kind: 'outbox' };
