import PgBoss from 'pg-boss';
import type { App } from '../app';
import { type AccountEmailJob, developmentHostSecret, hashPassword, sendAccountEmail } from '../identity';
import type { Database } from '../kernel/database/database';
import { hostSecretHeader } from '../kernel/http/host-secret';
import { bossDb } from '../kernel/jobs/pg-boss-db';
import { jobSchema, queues } from '../kernel/jobs/queues';
import type { OutboxAttachment } from '../notifications';
import type { GraphQLResponse } from './graphql';

/** A clock tests move by hand; it starts at the real time so provider-issued tokens stay valid. */
export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
  set(date: Date): void;
}

export function testClock(start: Date = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}

export const minute = 60 * 1000;
export const hour = 60 * minute;
export const day = 24 * hour;

export interface BrowserResponse<Data> {
  status: number;
  body: GraphQLResponse<Data>;
  text: string;
  setCookies: string[];
}

/**
 * A browser of the web app talking to the API in-process: keeps the cookies the API sets and sends
 * them back, from one IP address (X-Forwarded-For from the host's server, with TRUST_PROXY_HOPS=1) and
 * one Origin.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: App,
    private readonly options: { ip?: string; origin?: string } = {},
  ) {}

  /**
   * The session token the API last set (the browser's only session cookie, of whichever marketplace
   * group), or undefined.
   */
  get sessionToken(): string | undefined {
    const tokens = [...this.cookies].filter(([name]) => /^atrium_session(_\d+)?$/.test(name));
    if (tokens.length > 1)
      throw new Error('The browser holds sessions of several groups: use sessionTokenOf');
    return tokens[0]?.[1];
  }

  /** The session token of marketplace group mgId (cookie atrium_session_{mgId}), or undefined. */
  sessionTokenOf(mgId: number | string): string | undefined {
    return this.cookies.get(`atrium_session_${mgId}`);
  }

  async post<Data = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<BrowserResponse<Data>> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await this.app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        ...(cookie ? { cookie } : {}),
        // As the host's server forwards a client's address: with its secret (TRUST_PROXY_HOPS=1).
        ...(this.options.ip
          ? { 'x-forwarded-for': this.options.ip, [hostSecretHeader]: developmentHostSecret }
          : {}),
        ...(this.options.origin ? { origin: this.options.origin } : {}),
        ...headers,
      },
      body: JSON.stringify({ query, variables }),
    });
    const setCookies = response.headers.getSetCookie();
    for (const header of setCookies) {
      const [pair = ''] = header.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = decodeURIComponent(pair.slice(index + 1));
      if (value === '' || /expires=thu, 01 jan 1970/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as GraphQLResponse<Data>, text, setCookies };
  }

  /** Posts and returns the data, failing the test on any error. */
  async data<Data = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<Data> {
    const response = await this.post<Data>(query, variables);
    if (response.body.errors || !response.body.data) {
      throw new Error(`GraphQL errors: ${JSON.stringify(response.body.errors)}`);
    }
    return response.body.data;
  }

  /** Posts and returns the one error's message and code. */
  async error(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<{ message?: string; code?: unknown }> {
    const response = await this.post(query, variables);
    const errors = response.body.errors ?? [];
    if (errors.length !== 1) throw new Error(`Expected one error, got ${JSON.stringify(response.body)}`);
    return { message: errors[0]?.message, code: errors[0]?.extensions?.code };
  }
}

export interface MailboxMessage {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  from: string;
  subject: string | null;
  text: string;
  html: string | null;
  createdAt: string;
  links: string[];
  attachments: OutboxAttachment[];
}

/** The dev mailbox's messages to one recipient, newest first. */
export async function mailbox(app: App, to: string): Promise<MailboxMessage[]> {
  const response = await app.fetch(`http://localhost/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  if (response.status !== 200) throw new Error(`Mailbox answered ${response.status}`);
  return ((await response.json()) as { messages: MailboxMessage[] }).messages;
}

/** The six-digit code of the newest message to a recipient. */
export async function latestCode(app: App, to: string): Promise<string> {
  const [message] = await mailbox(app, to);
  const code = message?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`No code in the newest message to ${to}`);
  return code;
}

/** The token of the newest emailed link to `path` (e.g. /reset-password) sent to an address. */
export async function latestLinkToken(
  app: App,
  to: string,
  path: string,
): Promise<{ link: string; token: string }> {
  const [message] = await mailbox(app, to);
  const link = message?.links.find((candidate) => new URL(candidate).pathname === path);
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!link || !token) throw new Error(`No ${path} link in the newest message to ${to}`);
  return { link, token };
}

export const operations = {
  viewer: /* GraphQL */ `
    query Viewer($mgId: ID!) {
      viewer(mgId: $mgId) {
        id createdAt updatedAt emailConfirmed phoneConfirmed emailOptIn phoneOptIn
        profile { email givenName familyName dob phone address sexAssignedAtBirth tzid }
      }
    }`,
  authOptions: /* GraphQL */ `
    query AuthOptions($identifier: String!, $mgId: ID!) { authOptions(identifier: $identifier, mgId: $mgId) }`,
  requestPasscode: /* GraphQL */ `
    mutation RequestPasscode($marketplaceId: ID!, $email: String!) {
      requestPasscode(marketplaceId: $marketplaceId, email: $email) { token }
    }`,
  passcodeAuthenticate: /* GraphQL */ `
    mutation PasscodeAuthenticate($token: String!, $code: String!, $marketplaceId: ID!) {
      passcodeAuthenticate(token: $token, code: $code, marketplaceId: $marketplaceId) {
        emailConfirmed
        profile { email givenName }
        user { id }
      }
    }`,
  authenticate: /* GraphQL */ `
    mutation Authenticate($marketplaceId: ID!, $email: String!, $password: String!) {
      authenticate(marketplaceId: $marketplaceId, email: $email, password: $password) {
        emailConfirmed
        profile { email }
        user { id }
      }
    }`,
  register: /* GraphQL */ `
    mutation Register($marketplaceId: ID!, $email: String!, $password: String!, $profile: ProfileInput) {
      register(marketplaceId: $marketplaceId, email: $email, password: $password, profile: $profile) {
        email
        emailConfirmed
      }
    }`,
  logout: /* GraphQL */ 'mutation Logout { logout }',
  requestResetPassword: /* GraphQL */ `
    mutation RequestReset($webOriginUrl: String!, $email: String!, $mgId: ID!) {
      requestResetPassword(webOriginUrl: $webOriginUrl, email: $email, mgId: $mgId)
    }`,
  resetPasswordByToken: /* GraphQL */ `
    mutation Reset($webOriginUrl: String!, $password: String!, $token: String!, $mgId: ID!) {
      resetPasswordByToken(webOriginUrl: $webOriginUrl, password: $password, token: $token, mgId: $mgId)
    }`,
  passwordResetLinkUsable: /* GraphQL */ `
    query ResetLink($token: String!, $mgId: ID!) { passwordResetLinkUsable(token: $token, mgId: $mgId) }`,
};

/** Signs a browser in by passcode (requesting and reading the code) and returns the user id. */
export async function signInWithPasscode(
  app: App,
  browser: TestBrowser,
  email: string,
  marketplaceId = '1',
): Promise<string> {
  const { requestPasscode } = await browser.data<{ requestPasscode: { token: string } }>(
    operations.requestPasscode,
    {
      marketplaceId,
      email,
    },
  );
  const code = await latestCode(app, email);
  const { passcodeAuthenticate } = await browser.data<{ passcodeAuthenticate: { user: { id: string } } }>(
    operations.passcodeAuthenticate,
    { token: requestPasscode.token, code, marketplaceId },
  );
  return passcodeAuthenticate.user.id;
}

/**
 * Registers an address with a password, then signs the browser in with it (registration itself signs
 * nobody in) and returns the user id. The account's email is unconfirmed.
 */
export async function registerAndSignIn(
  browser: TestBrowser,
  email: string,
  { password = 'correct horse', profile, marketplaceId = '1' }: RegisterOptions = {},
): Promise<string> {
  await browser.data(operations.register, { marketplaceId, email, password, profile });
  const { authenticate } = await browser.data<{ authenticate: { user: { id: string } } }>(
    operations.authenticate,
    { marketplaceId, email, password },
  );
  return authenticate.user.id;
}

export interface RegisterOptions {
  password?: string;
  profile?: Record<string, unknown>;
  marketplaceId?: string;
}

/** Gives an account a password straight in the database, as if its owner had set one. */
export async function setPassword(database: Database, email: string, password: string): Promise<void> {
  const hash = await hashPassword(password);
  await database.transaction((tx) =>
    tx.query('update users set password_hash = $1 where lower(email) = lower($2)', [hash, email]),
  );
}

/**
 * Runs the account-email jobs waiting in the job engine's queue (what the API's in-process workers do),
 * so the registration and reset mails they send are in the outbox. Returns how many ran.
 */
export async function deliverAccountEmails(database: Database, clock: () => Date = () => new Date()) {
  const boss = new PgBoss({ db: bossDb(database), schema: jobSchema, supervise: false, schedule: false });
  boss.on('error', () => undefined);
  await boss.start();
  let ran = 0;
  try {
    for (;;) {
      const jobs = await boss.fetch<AccountEmailJob>(queues.accountEmail.name, { batchSize: 20 });
      if (jobs.length === 0) return ran;
      for (const job of jobs) {
        await sendAccountEmail(
          { db: database.db, clock, notifications: { mailFrom: 'no-reply@atrium.localhost' } },
          job.data,
        );
        await boss.complete(queues.accountEmail.name, job.id);
        ran += 1;
      }
    }
  } finally {
    await boss.stop({ graceful: false, close: false, wait: true });
  }
}
