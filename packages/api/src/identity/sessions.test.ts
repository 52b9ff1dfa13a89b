import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../app';
import { seededDatabase, type TestDatabase, testDatabases } from '../test/databases';
import {
  day,
  operations,
  signInWithPasscode,
  TestBrowser,
  type TestClock,
  testClock,
} from '../test/identity';
import { loadIdentityConfig } from './config';

const unauthenticated = { message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' };

describe.each(testDatabases)('sessions on $name', (factory) => {
  let handle: TestDatabase;
  let app: App;
  let clock: TestClock;
  let ipCounter = 0;
  const browser = (origin?: string) => new TestBrowser(app, { ip: `192.0.2.${++ipCounter}`, origin });

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

  describe('one session per marketplace group', () => {
    // Each demo marketplace is its own group: marketplace 1 is group 1, marketplace 2 is group 2.
    const forMarketplace = (marketplaceId: string) => ({ 'x-atrium-marketplace': marketplaceId });
    const viewerEmail = async (client: TestBrowser, mgId: string, marketplaceId?: string) => {
      const response = await client.post<{ viewer: { profile: { email: string } } }>(
        operations.viewer,
        { mgId },
        marketplaceId ? forMarketplace(marketplaceId) : {},
      );
      return response.body.data?.viewer.profile.email ?? response.body.errors?.[0]?.extensions?.code;
    };
    const appointments = async (client: TestBrowser, marketplaceId: string, named?: string) => {
      const response = await client.post<{ profileAppointments: unknown[] }>(
        'query Appointments($marketplaceId: ID!) { profileAppointments(marketplaceId: $marketplaceId) { id } }',
        { marketplaceId },
        named === undefined ? {} : forMarketplace(named),
      );
      return response.body.data?.profileAppointments ?? response.body.errors?.[0]?.extensions?.code;
    };
    /** One browser signed in to group 1 as one client and to group 2 as another. */
    const signedInToBoth = async (name: string) => {
      const client = browser();
      const first = `${name}.glow@example.com`;
      const second = `${name}.nocturne@example.com`;
      await signInWithPasscode(app, client, first, '1');
      await signInWithPasscode(app, client, second, '2');
      return { client, first, second };
    };

    it('keeps a browser signed in to two groups at once, each viewer answering its own user', async () => {
      const { client, first, second } = await signedInToBoth('both');
      expect(client.sessionTokenOf(1)).toBeDefined();
      expect(client.sessionTokenOf(2)).toBeDefined();
      expect(client.sessionTokenOf(1)).not.toBe(client.sessionTokenOf(2));

      // As the web app asks: each marketplace's page names itself.
      expect(await viewerEmail(client, '1', '1')).toBe(first);
      expect(await viewerEmail(client, '2', '2')).toBe(second);
      // viewer(mgId) answers with that group's session whatever the request names.
      expect(await viewerEmail(client, '1')).toBe(first);
      expect(await viewerEmail(client, '2', '1')).toBe(second);
      expect(await viewerEmail(client, '3', '3')).toBe('UNAUTHENTICATED');
    });

    it("acts with the session of the named marketplace's group, and none when the name is ambiguous", async () => {
      const { client } = await signedInToBoth('named');
      expect(await appointments(client, '1', '1')).toEqual([]);
      expect(await appointments(client, '2', '2')).toEqual([]);
      // Group 2's session does not act for marketplace 1, nor does an unknown marketplace get one.
      expect(await appointments(client, '1', '2')).toBe('UNAUTHENTICATED');
      expect(await appointments(client, '1', '999999')).toBe('UNAUTHENTICATED');
      expect(await appointments(client, '1', 'not-an-id')).toBe('UNAUTHENTICATED');
      // Naming no marketplace while holding two groups' sessions: no session is guessed.
      expect(await appointments(client, '1')).toBe('UNAUTHENTICATED');
      // Naming none with one session: that one, as before.
      const single = browser();
      await signInWithPasscode(app, single, 'named.single@example.com', '2');
      expect(await appointments(single, '2')).toEqual([]);
    });

    it("logout ends only the named group's session; the other stays signed in", async () => {
      const { client, first } = await signedInToBoth('logout-one');
      const secondToken = client.sessionTokenOf(2);
      const response = await client.post(operations.logout, {}, forMarketplace('2'));
      expect(response.body).toEqual({ data: { logout: true } });
      expect(response.setCookies).toEqual([
        'atrium_session_2=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax; HttpOnly',
      ]);
      expect(client.sessionTokenOf(2)).toBeUndefined();
      expect(await viewerEmail(client, '2', '2')).toBe('UNAUTHENTICATED');
      expect(await viewerEmail(client, '1', '1')).toBe(first);
      expect(await appointments(client, '1', '1')).toEqual([]);
      // The ended session is revoked, not only forgotten by the browser.
      const replay = browser();
      replay.cookies.set('atrium_session_2', secondToken ?? '');
      expect(await viewerEmail(replay, '2', '2')).toBe('UNAUTHENTICATED');
    });

    it("signing in again rotates only that group's session", async () => {
      const { client, first, second } = await signedInToBoth('rotate-one');
      const [before1, before2] = [client.sessionTokenOf(1), client.sessionTokenOf(2)];
      await signInWithPasscode(app, client, first, '1');
      expect(client.sessionTokenOf(1)).not.toBe(before1);
      expect(client.sessionTokenOf(2)).toBe(before2);
      expect(await viewerEmail(client, '1', '1')).toBe(first);
      expect(await viewerEmail(client, '2', '2')).toBe(second);
    });

    it("a session token moved to another group's cookie opens nothing", async () => {
      const client = browser();
      await signInWithPasscode(app, client, 'moved@example.com', '1');
      const moved = browser();
      moved.cookies.set('atrium_session_2', client.sessionTokenOf(1) ?? '');
      expect(await viewerEmail(moved, '2', '2')).toBe('UNAUTHENTICATED');
      expect(await viewerEmail(moved, '1', '1')).toBe('UNAUTHENTICATED');
      expect(await appointments(moved, '1')).toBe('UNAUTHENTICATED');
    });

    it('still reads the single cookie of earlier releases, and logout with no marketplace ends every session', async () => {
      const { client } = await signedInToBoth('legacy');
      const legacy = browser();
      legacy.cookies.set('atrium_session', client.sessionTokenOf(1) ?? '');
      expect(await viewerEmail(legacy, '1', '1')).toBe('legacy.glow@example.com');

      const tokens = [client.sessionTokenOf(1), client.sessionTokenOf(2)];
      const response = await client.post(operations.logout);
      expect(response.setCookies.map((cookie) => cookie.split('=')[0]).sort()).toEqual([
        'atrium_session_1',
        'atrium_session_2',
      ]);
      expect(await viewerError(withToken(tokens[0]), '1')).toEqual(unauthenticated);
      expect(await viewerError(withToken(tokens[1]), '2')).toEqual(unauthenticated);
    });
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
      'atrium_session_1=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax; HttpOnly',
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
    await signInWithPasscode(app, local, 'insecure-ok@example.com');
    const logout = await local.post(operations.logout);
    expect(logout.setCookies).toHaveLength(1);
    expect(logout.setCookies[0]).not.toContain('Secure');
  });
});
