import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../app';
import { migrate } from '../db/migrate';
import { seedDemo } from '../db/seed';
import { loadIdentityConfig } from '../identity-config';
import { type TestDatabase, testDatabases } from '../test/databases';
import {
  day,
  operations,
  signInWithPasscode,
  TestBrowser,
  type TestClock,
  testClock,
} from '../test/identity';

const unauthenticated = { message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' };

describe.each(testDatabases)('sessions on $name', (factory) => {
  let handle: TestDatabase;
  let app: App;
  let clock: TestClock;
  let ipCounter = 0;
  const browser = (origin?: string) => new TestBrowser(app, { ip: `192.0.2.${++ipCounter}`, origin });

  beforeAll(async () => {
    handle = await factory.create();
    await migrate(handle.database);
    await seedDemo(handle.database, { catalogOverrideEntry: 'http://localhost:3011/mf-manifest.json' });
    clock = testClock();
    app = createApp({
      db: handle.database,
      config: { nodeEnv: 'test', identity: loadIdentityConfig({ TRUST_PROXY_HOPS: '1' }, 'test') },
      identity: { clock: clock.now },
    });
  });
  afterAll(() => handle.dispose());

  const viewer = (client: TestBrowser, mgId = '1') => client.post(operations.viewer, { mgId });
  const viewerError = async (client: TestBrowser, mgId = '1') => {
    const response = await viewer(client, mgId);
    expect(response.body.data).toBeNull();
    const [error] = response.body.errors ?? [];
    return { message: error?.message, code: error?.extensions?.code };
  };
  /** A browser holding only the given session token. */
  const withToken = (token: string | undefined) => {
    const client = browser();
    if (token) client.cookies.set('atrium_session', token);
    return client;
  };
  const sessionRows = () =>
    handle.database.transaction((tx) =>
      tx.query<{ token_hash: string; revoked_at: Date | null; last_seen_at: Date }>(
        'select token_hash, revoked_at, last_seen_at from sessions order by id',
      ),
    );

  it('answers viewer without a session with UNAUTHENTICATED and a clear message', async () => {
    expect(await viewerError(browser())).toEqual(unauthenticated);
  });

  it('refuses an unknown session token', async () => {
    expect(await viewerError(withToken('forged-token-forged-token-forged-token-abcd'))).toEqual(
      unauthenticated,
    );
  });

  it("refuses a session of one marketplace group for another group's viewer", async () => {
    const client = browser();
    await signInWithPasscode(app, client, 'one-group@example.com', '1');
    expect((await viewer(client, '1')).body.errors).toBeUndefined();
    expect(await viewerError(client, '2')).toEqual(unauthenticated);
  });

  it('stores only the SHA-256 hash of a 256-bit token', async () => {
    const client = browser();
    await signInWithPasscode(app, client, 'hash-only@example.com');
    const token = client.sessionToken ?? '';
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const hash = createHash('sha256').update(token).digest('hex');
    const rows = await sessionRows();
    expect(rows.map((row) => row.token_hash)).toContain(hash);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('rotates the session at every sign-in: the old cookie stops working', async () => {
    const client = browser();
    await signInWithPasscode(app, client, 'rotation@example.com');
    const first = client.sessionToken;
    await signInWithPasscode(app, client, 'rotation@example.com');
    const second = client.sessionToken;
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(await viewerError(withToken(first))).toEqual(unauthenticated);
    expect((await viewer(withToken(second))).body.errors).toBeUndefined();
  });

  it('revokes the session at logout and clears the cookie', async () => {
    const client = browser();
    await signInWithPasscode(app, client, 'logout@example.com');
    const token = client.sessionToken;
    const response = await client.post(operations.logout);
    expect(response.body).toEqual({ data: { logout: true } });
    expect(response.setCookies).toEqual([
      'atrium_session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax; HttpOnly',
    ]);
    expect(client.sessionToken).toBeUndefined();
    expect(await viewerError(withToken(token))).toEqual(unauthenticated);
  });

  it('answers logout without a session with true', async () => {
    expect((await browser().post(operations.logout)).body).toEqual({ data: { logout: true } });
  });

  it('ends a session left unused for 14 days', async () => {
    const client = browser();
    await signInWithPasscode(app, client, 'idle@example.com');
    clock.advance(14 * day - 60_000);
    expect((await viewer(client)).body.errors).toBeUndefined();
    // Used a minute before it would have idled out; the idle clock restarts from there.
    clock.advance(14 * day - 60_000);
    expect((await viewer(client)).body.errors).toBeUndefined();
    clock.advance(14 * day);
    expect(await viewerError(client)).toEqual(unauthenticated);
  });

  it('ends a session 90 days after sign-in however often it is used', async () => {
    const client = browser();
    await signInWithPasscode(app, client, 'absolute@example.com');
    for (let elapsed = 10; elapsed < 90; elapsed += 10) {
      clock.advance(10 * day);
      expect((await viewer(client)).body.errors, `day ${elapsed}`).toBeUndefined();
    }
    clock.advance(10 * day);
    expect(await viewerError(client)).toEqual(unauthenticated);
  });

  it('writes last-seen at most once a minute', async () => {
    const client = browser();
    await signInWithPasscode(app, client, 'last-seen@example.com');
    const hash = createHash('sha256')
      .update(client.sessionToken ?? '')
      .digest('hex');
    const lastSeen = async () =>
      (await sessionRows()).find((row) => row.token_hash === hash)?.last_seen_at.getTime();
    const signedInAt = await lastSeen();
    clock.advance(30_000);
    await viewer(client);
    expect(await lastSeen()).toBe(signedInAt);
    clock.advance(31_000);
    await viewer(client);
    expect(await lastSeen()).toBe(clock.now().getTime());
  });

  it('marks the cookie Secure when the browser is not on localhost', async () => {
    const client = browser('https://book.glow.example');
    await signInWithPasscode(app, client, 'secure@example.com');
    const response = await client.post(operations.logout);
    expect(response.setCookies[0]).toContain('; Secure');
    const local = browser('http://localhost:3000');
    const { requestPasscode } = await local.data<{ requestPasscode: { token: string } }>(
      operations.requestPasscode,
      {
        marketplaceId: '1',
        email: 'insecure-ok@example.com',
      },
    );
    expect(requestPasscode.token).toBeTruthy();
    const logout = await local.post(operations.logout);
    expect(logout.setCookies[0]).not.toContain('Secure');
  });
});
