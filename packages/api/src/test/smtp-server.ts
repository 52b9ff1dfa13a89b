import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** Attempts answered with a temporary failure so far. */
  refused: number;
  close(): Promise<void>;
}

/**
 * A local SMTP server (the `smtp-server` package) that keeps what it receives. The first
 * `refuseFirst` messages are answered `451` (try again later), as a mail server having a hiccup does.
 */
export async function startTestSmtpServer({ refuseFirst = 0 } = {}): Promise<TestSmtpServer> {
  const state: TestSmtpServer = { url: '', received: [], refused: 0, close: async () => undefined };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refused < refuseFirst) {
          state.refused += 1;
          const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        state.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
