import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { createDatabase } from '../database/create-database';
import type { Database } from '../database/database';
import { createLogger, errorFields, type Logger, runInRequestScope } from '../logger';
import { requestIdOf, yogaLogger } from './request-id';

type Line = Record<string, unknown>;

/** A debug-level logger whose JSON lines land in `lines`. */
function capturingLogger(): { log: Logger; lines: Line[] } {
  const lines: Line[] = [];
  const log = createLogger({
    level: 'debug',
    destination: { write: (chunk: string) => void lines.push(JSON.parse(chunk) as Line) },
  });
  return { log, lines };
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids and log lines', () => {
  // Not migrated: a query that reads a table fails unexpectedly, which yoga logs.
  let database: Database;
  beforeAll(async () => {
    database = await createDatabase({ kind: 'pglite' });
  });
  afterAll(() => database.close());

  it('keeps a safe incoming x-request-id and generates one otherwise', () => {
    const withId = (id: string) => new Request('http://localhost/', { headers: { 'x-request-id': id } });
    expect(requestIdOf(withId('lb-7f3a.2_x'))).toBe('lb-7f3a.2_x');
    expect(requestIdOf(new Request('http://localhost/'))).toMatch(uuid);
    expect(requestIdOf(withId('jane@example.com'))).toMatch(uuid);
    expect(requestIdOf(withId('a b'))).toMatch(uuid);
    expect(requestIdOf(withId('x'.repeat(65)))).toMatch(uuid);
  });

  it('answers the id in x-request-id and logs one line per request without the query string', async () => {
    const { log, lines } = capturingLogger();
    const app = createApp({ db: database, config: { nodeEnv: 'test' }, logging: log });
    const response = await app.fetch('http://localhost/graphql?email=jane%40example.com', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'req-42' },
      body: JSON.stringify({ query: '{ health }' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('req-42');
    // Yoga's own debug lines carry the id too.
    expect(lines.filter((line) => line.level === 'debug').map((line) => line.requestId)).toContain('req-42');
    expect(lines.filter((line) => line.level !== 'debug')).toEqual([
      {
        level: 'info',
        time: expect.any(String),
        pid: process.pid,
        hostname: expect.any(String),
        requestId: 'req-42',
        method: 'POST',
        path: '/graphql',
        status: 200,
        durationMs: expect.any(Number),
        msg: 'request',
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain('example.com');

    // A generated id for a probe, logged at debug.
    const probe = await app.fetch('http://localhost/healthz');
    expect(probe.headers.get('x-request-id')).toMatch(uuid);
    expect(lines.find((line) => line.path === '/healthz')).toMatchObject({
      level: 'debug',
      msg: 'request',
      requestId: probe.headers.get('x-request-id'),
    });
  });

  it("routes yoga's unexpected errors to pino with the request id and without the SQL parameters", async () => {
    const { log, lines } = capturingLogger();
    const app = createApp({ db: database, config: { nodeEnv: 'test' }, logging: log });
    // The database is not migrated: the statement fails, and Drizzle's error names its parameters.
    const response = await app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'req-err' },
      body: JSON.stringify({
        query: `mutation ($email: String!, $password: String!) {
          authenticate(marketplaceId: "1", email: $email, password: $password) { __typename }
        }`,
        variables: { email: 'jane@example.com', password: 'hunter22-secret' },
      }),
    });
    expect(JSON.stringify(await response.json())).toContain('Unexpected error.');
    const status = response.status;
    expect(status).toBe(200);
    const errorLine = lines.find((line) => line.level === 'error' && line.requestId === 'req-err');
    expect(errorLine).toMatchObject({ msg: 'Unexpected error', err: { type: expect.any(String) } });
    expect((errorLine?.err as { stack?: string } | undefined)?.stack).toMatch(/^at /);
    expect(lines.filter((line) => line.requestId === 'req-err').map((line) => line.msg)).toContain('request');
    expect(JSON.stringify(lines)).not.toMatch(/jane@example\.com|hunter22/);
  });

  it('redacts personal data by key, at any of the first three levels', () => {
    const { log, lines } = capturingLogger();
    log.info(
      {
        email: 'jane@example.com',
        userId: 7,
        user: { phone: '+15005550006', address: { street: '1 Main St' }, dob: '1990-05-01' },
        payment: { card: { cardNumber: '4242424242424242' } },
        query: { text: 'select 1 where email = $1', params: ['jane@example.com'] },
        password: 'hunter22',
        token: 'abc',
      },
      'user signed in',
    );
    expect(lines[0]).toMatchObject({
      email: '[redacted]',
      userId: 7,
      user: { phone: '[redacted]', address: '[redacted]', dob: '[redacted]' },
      payment: { card: '[redacted]' },
      query: { text: 'select 1 where email = $1', params: '[redacted]' },
      password: '[redacted]',
      token: '[redacted]',
      msg: 'user signed in',
    });
    expect(JSON.stringify(lines)).not.toMatch(/jane@|5550006|Main St|4242|hunter22/);
  });

  it('puts the request id on every line inside a request, once, from the root logger or a child', () => {
    const { log, lines } = capturingLogger();
    runInRequestScope({ requestId: 'req-7', log: log.child({ requestId: 'req-7' }), startedAt: 0 }, () => {
      log.info('from the root logger');
      log.child({ requestId: 'req-7' }).info({ email: 'jane@example.com' }, 'from the child');
      yogaLogger(log).error(
        new Error('Failed query: select * from users where email = $1\nparams: jane@example.com'),
      );
    });
    log.info('outside any request');
    expect(lines.map((line) => [line.msg, line.requestId])).toEqual([
      ['from the root logger', 'req-7'],
      ['from the child', 'req-7'],
      ['Unexpected error', 'req-7'],
      ['outside any request', undefined],
    ]);
    expect(lines[1]?.email).toBe('[redacted]');
    expect(lines[2]?.err).toMatchObject({
      type: 'Error',
      message: 'Failed query: select * from users where email = $1',
    });
    expect(JSON.stringify(lines)).not.toContain('jane@example.com');
  });

  it('errorFields keeps type, code and cause, and scrubs emails and long numbers', () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_key"'),
      {
        code: '23505',
        detail: 'Key (email)=(jane@example.com) already exists.',
      },
    );
    class DrizzleQueryError extends Error {
      override name = 'DrizzleQueryError';
    }
    const error = new DrizzleQueryError('Failed query: insert into users\nparams: jane@example.com', {
      cause,
    });
    expect(errorFields(error)).toEqual({
      err: {
        type: 'DrizzleQueryError',
        message: 'Failed query: insert into users',
        cause: {
          type: 'Error',
          message: 'duplicate key value violates unique constraint "users_email_key"',
          code: '23505',
        },
      },
    });
    expect(errorFields(new Error('No account for jane@example.com or +1 500 555 0006')).err.message).toBe(
      'No account for [email] or [number]',
    );
    expect(errorFields('boom')).toEqual({ err: { type: 'string', message: 'boom' } });
  });
});
