import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../app';
import { seededDatabase, type TestDatabase, testDatabases } from '../test/databases';
import {
  hour,
  latestCode,
  mailbox,
  minute,
  operations,
  registerAndSignIn,
  signInWithPasscode,
  TestBrowser,
  type TestClock,
  testClock,
} from '../test/identity';
import { loadIdentityConfig } from './config';

interface PasscodeData {
  passcodeAuthenticate: {
    emailConfirmed: boolean;
    profile: { email: string; givenName: string | null };
    user: { id: string };
  };
}

describe.each(testDatabases)('passcode sign-in on $name', (factory) => {
  let handle: TestDatabase;
  let app: App;
  let clock: TestClock;
  let ipCounter = 0;
  // A fresh IP address per test keeps the per-IP limit out of tests about other rules.
  const browser = (ip = `203.0.113.${++ipCounter}`) => new TestBrowser(app, { ip });

  beforeAll(async () => {
    handle = await seededDatabase(factory, {
      catalogOverrideEntry: 'http://localhost:3011/mf-manifest.json',
    });
    clock = testClock();
    app = createApp({
      db: handle.database,
      config: { nodeEnv: 'test', identity: loadIdentityConfig({ TRUST_PROXY_HOPS: '1' }, 'test') },
      identity: { clock: clock.now },
    });
  });
  afterAll(() => handle.dispose());

  const request = (client: TestBrowser, email: string, marketplaceId = '1') =>
    client.post<{ requestPasscode: { token: string } }>(operations.requestPasscode, { marketplaceId, email });
  const requestToken = async (client: TestBrowser, email: string, marketplaceId = '1') => {
    const response = await request(client, email, marketplaceId);
    const token = response.body.data?.requestPasscode.token;
    if (!token) throw new Error(`No token: ${response.text}`);
    return token;
  };
  const guess = (client: TestBrowser, token: string, code: string, marketplaceId = '1') =>
    client.post<PasscodeData>(operations.passcodeAuthenticate, { token, code, marketplaceId });
  const wrong = (code: string) => (code === '000000' ? '000001' : '000000');

  it('emails a 6-digit code under the marketplace name; the code signs in and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const client = browser();
    const token = await requestToken(client, 'Ava.Stone@Example.com');
    expect(token).toMatch(/^[\w-]{43}$/);

    const [message] = await mailbox(app, 'ava.stone@example.com');
    expect(message).toMatchObject({
      channel: 'email',
      to: 'Ava.Stone@Example.com',
      from: 'Glow Mobile IV <no-reply@atrium.localhost>',
      subject: 'Your Glow Mobile IV sign-in code',
    });
    expect(message?.html).toContain('Glow Mobile IV');
    const code = await latestCode(app, 'ava.stone@example.com');
    expect(code).toMatch(/^\d{6}$/);

    const response = await guess(client, token, code);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data?.passcodeAuthenticate).toMatchObject({
      emailConfirmed: true,
      profile: { email: 'Ava.Stone@Example.com', givenName: null },
    });
    const [cookie] = response.setCookies;
    expect(cookie).toMatch(/^atrium_session_1=[\w-]{43}; Path=\/; Expires=[^;]+; SameSite=Lax; HttpOnly$/);
    // 90 days: the absolute lifetime.
    const expires = new Date(/Expires=([^;]+)/.exec(cookie ?? '')?.[1] ?? '');
    expect(Math.round((expires.getTime() - clock.now().getTime()) / (24 * hour))).toBe(90);

    const viewer = await client.data<{ viewer: { profile: { email: string }; emailConfirmed: boolean } }>(
      operations.viewer,
      { mgId: '1' },
    );
    expect(viewer.viewer).toMatchObject({
      emailConfirmed: true,
      profile: { email: 'Ava.Stone@Example.com' },
    });
  });

  it('signs a known user in as the same user, whatever the case of the address', async () => {
    const first = await signInWithPasscode(app, browser(), 'returning@example.com');
    const second = await signInWithPasscode(app, browser(), 'RETURNING@example.com');
    expect(second).toBe(first);
  });

  it('confirms the email of a known user whose address was not confirmed yet', async () => {
    const client = browser();
    await registerAndSignIn(client, 'unconfirmed@example.com');
    expect(
      (await client.data<{ viewer: { emailConfirmed: boolean } }>(operations.viewer, { mgId: '1' })).viewer
        .emailConfirmed,
    ).toBe(false);
    await signInWithPasscode(app, client, 'unconfirmed@example.com');
    expect(
      (await client.data<{ viewer: { emailConfirmed: boolean } }>(operations.viewer, { mgId: '1' })).viewer
        .emailConfirmed,
    ).toBe(true);
  });

  it('counts wrong codes down and locks the code after five; a correct sixth guess fails too', async () => {
    const client = browser();
    const token = await requestToken(client, 'five-wrong@example.com');
    const code = await latestCode(app, 'five-wrong@example.com');
    const messages: (string | undefined)[] = [];
    const codes: unknown[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await guess(client, token, wrong(code));
      codes.push(response.body.errors?.[0]?.extensions?.code);
      messages.push(response.body.errors?.[0]?.message);
    }
    // The fifth spends the code: the page offers a new one by this code, not by the message.
    expect(codes).toEqual([
      'UNAUTHENTICATED',
      'UNAUTHENTICATED',
      'UNAUTHENTICATED',
      'UNAUTHENTICATED',
      'CODE_SPENT',
    ]);
    expect(messages).toEqual([
      'Incorrect code. You have 4 tries left.',
      'Incorrect code. You have 3 tries left.',
      'Incorrect code. You have 2 tries left.',
      'Incorrect code. You have 1 try left.',
      'Too many incorrect codes. Please request a new code.',
    ]);
    const sixth = await guess(client, token, code);
    expect(sixth.body.errors?.[0]).toMatchObject({
      message: 'Too many incorrect codes. Please request a new code.',
      extensions: { code: 'CODE_SPENT' },
    });
    expect(sixth.setCookies).toEqual([]);
    expect(client.sessionToken).toBeUndefined();
  });

  it('counts aliased guesses in one request as attempts: the first wrong one counts and ends the request', async () => {
    const client = browser();
    const token = await requestToken(client, 'aliases@example.com');
    const code = await latestCode(app, 'aliases@example.com');
    const guesses = Array.from(
      { length: 6 },
      (_, i) =>
        `g${i}: passcodeAuthenticate(token: $token, code: "${wrong(code)}", marketplaceId: "1") { emailConfirmed }`,
    );
    const aliased = () => client.post(`mutation ($token: String!) { ${guesses.join('\n')} }`, { token });
    // Mutations run one after another, and a failed non-null field ends the operation.
    expect((await aliased()).body.errors?.map((error) => error.message)).toEqual([
      'Incorrect code. You have 4 tries left.',
    ]);
    for (const triesLeft of ['3 tries', '2 tries', '1 try']) {
      expect((await aliased()).body.errors?.map((error) => error.message)).toEqual([
        `Incorrect code. You have ${triesLeft} left.`,
      ]);
    }
    expect((await aliased()).body.errors?.[0]?.message).toBe(
      'Too many incorrect codes. Please request a new code.',
    );
    expect((await guess(client, token, code)).body.errors?.[0]?.message).toBe(
      'Too many incorrect codes. Please request a new code.',
    );
  });

  it('counts guesses sent in parallel atomically: exactly five are compared, the rest find the code locked', async () => {
    const client = browser();
    const token = await requestToken(client, 'parallel@example.com');
    const code = await latestCode(app, 'parallel@example.com');
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => guess(browser(), token, wrong(code))),
    );
    const messages = responses.map((response) => response.body.errors?.[0]?.message).sort();
    expect(messages).toEqual(
      [
        'Incorrect code. You have 1 try left.',
        'Incorrect code. You have 2 tries left.',
        'Incorrect code. You have 3 tries left.',
        'Incorrect code. You have 4 tries left.',
        'Too many incorrect codes. Please request a new code.',
        'Too many incorrect codes. Please request a new code.',
        'Too many incorrect codes. Please request a new code.',
        'Too many incorrect codes. Please request a new code.',
      ].sort(),
    );
    const [row] = await handle.database.transaction((tx) =>
      tx.query<{ attempts: number }>("select attempts from passcodes where email = 'parallel@example.com'"),
    );
    expect(row?.attempts).toBe(5);
  });

  it('refuses a batch of operations in one request, so batching cannot multiply guesses', async () => {
    const response = await app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ query: '{ health }' }, { query: '{ health }' }]),
    });
    expect(response.status).toBe(400);
  });

  it('expires a code after 10 minutes', async () => {
    const client = browser();
    const token = await requestToken(client, 'expiry@example.com');
    const code = await latestCode(app, 'expiry@example.com');
    clock.advance(10 * minute);
    const response = await guess(client, token, code);
    expect(response.body.errors?.[0]).toMatchObject({
      message: 'This code has expired. Please request a new code.',
      extensions: { code: 'CODE_SPENT' },
    });
  });

  it('accepts a code just before it expires', async () => {
    const client = browser();
    const token = await requestToken(client, 'just-in-time@example.com');
    const code = await latestCode(app, 'just-in-time@example.com');
    clock.advance(10 * minute - 1000);
    expect((await guess(client, token, code)).body.errors).toBeUndefined();
  });

  it('is single use', async () => {
    const client = browser();
    const token = await requestToken(client, 'once@example.com');
    const code = await latestCode(app, 'once@example.com');
    expect((await guess(client, token, code)).body.errors).toBeUndefined();
    const again = await guess(browser(), token, code);
    expect(again.body.errors?.[0]?.message).toBe('This code is no longer valid. Please request a new code.');
  });

  it('keeps an earlier code working when someone else asks for another, and ends them all once one signs in', async () => {
    const owner = browser();
    const ownerToken = await requestToken(owner, 'newest@example.com');
    const ownerCode = await latestCode(app, 'newest@example.com');
    const stranger = browser();
    const strangerToken = await requestToken(stranger, 'newest@example.com');
    expect((await guess(owner, ownerToken, ownerCode)).body.errors).toBeUndefined();
    const strangerCode = await latestCode(app, 'newest@example.com');
    expect((await guess(stranger, strangerToken, strangerCode)).body.errors?.[0]?.message).toBe(
      'This code is no longer valid. Please request a new code.',
    );
  });

  it("does not accept another marketplace group's code", async () => {
    const client = browser();
    const token = await requestToken(client, 'group-one@example.com', '1');
    const code = await latestCode(app, 'group-one@example.com');
    const response = await guess(client, token, code, '2');
    expect(response.body.errors?.[0]?.message).toBe(
      'This code is no longer valid. Please request a new code.',
    );
  });

  it('allows 5 requests an hour per email address from one IP address, then RATE_LIMITED until the hour has passed', async () => {
    const limitedBrowser = () => browser('198.51.100.77');
    const statuses: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await request(limitedBrowser(), 'limited@example.com');
      statuses.push(response.body.errors?.[0]?.extensions?.code ?? 'ok');
    }
    expect(statuses).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'RATE_LIMITED']);
    const refused = await request(limitedBrowser(), 'LIMITED@example.com');
    expect(refused.body.errors?.[0]?.message).toBe(
      'Too many code requests. Please wait a while and try again.',
    );
    expect(await mailbox(app, 'limited@example.com')).toHaveLength(5);
    // Another address is not affected, nor is the address from another IP address.
    expect((await request(limitedBrowser(), 'not-limited@example.com')).body.errors).toBeUndefined();
    expect((await request(browser(), 'limited@example.com')).body.errors).toBeUndefined();
    clock.advance(hour);
    expect((await request(limitedBrowser(), 'limited@example.com')).body.errors).toBeUndefined();
  });

  it('allows 30 requests an hour per IP address, then RATE_LIMITED; another IP address is not affected', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < 30; i++) {
      expect((await request(browser(ip), `ip-limit-${i}@example.com`)).body.errors).toBeUndefined();
    }
    const refused = await request(browser(ip), 'ip-limit-30@example.com');
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(await mailbox(app, 'ip-limit-30@example.com')).toEqual([]);
    expect((await request(browser('198.51.100.8'), 'ip-limit-30@example.com')).body.errors).toBeUndefined();
  });

  it('answers requestPasscode alike for a registered and an unknown address, and the code signs the unknown one up', async () => {
    await signInWithPasscode(app, browser(), 'known@example.com');
    const known = await request(browser(), 'known@example.com');
    const unknown = await request(browser(), 'unknown@example.com');
    const shape = (response: typeof known) => ({
      status: response.status,
      keys: Object.keys(response.body.data?.requestPasscode ?? {}),
      tokenLength: response.body.data?.requestPasscode.token.length,
      errors: response.body.errors,
      setCookies: response.setCookies,
    });
    expect(shape(unknown)).toEqual(shape(known));
    const [knownMail] = await mailbox(app, 'known@example.com');
    const [unknownMail] = await mailbox(app, 'unknown@example.com');
    const withoutCode = (text = '') => text.replace(/\b\d{6}\b/, 'CODE');
    expect(withoutCode(unknownMail?.text)).toBe(withoutCode(knownMail?.text));
    expect(unknownMail?.subject).toBe(knownMail?.subject);

    const client = browser();
    const token = unknown.body.data?.requestPasscode.token ?? '';
    const signedUp = await guess(client, token, await latestCode(app, 'unknown@example.com'));
    expect(signedUp.body.data?.passcodeAuthenticate).toMatchObject({
      emailConfirmed: true,
      profile: { email: 'unknown@example.com' },
    });
  });

  it('answers authOptions alike for a registered and an unknown address', async () => {
    await signInWithPasscode(app, browser(), 'options-known@example.com');
    const client = browser();
    const known = await client.post(operations.authOptions, {
      identifier: 'options-known@example.com',
      mgId: '1',
    });
    const unknown = await client.post(operations.authOptions, {
      identifier: 'nobody-here@example.com',
      mgId: '1',
    });
    expect(unknown.text).toBe(known.text);
    expect(known.body.data).toEqual({ authOptions: ['PASSCODE', 'PASSWORD', 'GOOGLE', 'APPLE'] });
  });

  it.each([
    ['', 'Please enter your email address.'],
    ['   ', 'Please enter your email address.'],
    ['not-an-email', 'Please enter a valid email address.'],
    ['a@b', 'Please enter a valid email address.'],
  ])('refuses the email %j with BAD_USER_INPUT %j', async (email, message) => {
    expect(await browser().error(operations.requestPasscode, { marketplaceId: '1', email })).toEqual({
      message,
      code: 'BAD_USER_INPUT',
    });
    expect(await browser().error(operations.authOptions, { identifier: email, mgId: '1' })).toEqual({
      message,
      code: 'BAD_USER_INPUT',
    });
  });

  it('asks for a passcode first when the token is missing, and for 6 digits', async () => {
    expect(
      await browser().error(operations.passcodeAuthenticate, {
        token: '',
        code: '123456',
        marketplaceId: '1',
      }),
    ).toEqual({
      message: 'Passcode token is not set. Please request a passcode first.',
      code: 'BAD_USER_INPUT',
    });
    for (const code of ['12345', '1234567', '12a456', '']) {
      expect(
        await browser().error(operations.passcodeAuthenticate, { token: 'x', code, marketplaceId: '1' }),
      ).toEqual({
        message: 'Please enter the 6-digit code.',
        code: 'BAD_USER_INPUT',
      });
    }
  });

  it('keeps only hashes of the token and code in the database', async () => {
    const client = browser();
    const token = await requestToken(client, 'hashed@example.com');
    const code = await latestCode(app, 'hashed@example.com');
    const rows = await handle.database.transaction((tx) =>
      tx.query<{ token_hash: string; code_hash: string }>(
        "select token_hash, code_hash from passcodes where email = 'hashed@example.com'",
      ),
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(code);
  });
});
