import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../app';
import { seededDatabase, type TestDatabase, testDatabases } from '../test/databases';
import {
  day,
  latestCode,
  mailbox,
  minute,
  operations,
  setPassword,
  signInWithPasscode,
  TestBrowser,
  type TestClock,
  testClock,
} from '../test/identity';
import { loadIdentityConfig } from './config';

type Response = Awaited<ReturnType<TestBrowser['post']>>;
const outcome = (response: Response) => String(response.body.errors?.[0]?.extensions?.code ?? 'ok');
const staffViewer = 'query ($marketplaceId: ID!) { staffViewer(marketplaceId: $marketplaceId) { role } }';

describe.each(testDatabases)("the owner's own browsers on $name", (factory) => {
  let handle: TestDatabase;
  let app: App;
  let clock: TestClock;
  let ipCounter = 0;
  const browser = (origin = 'http://localhost:3000') =>
    new TestBrowser(app, { ip: `198.18.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`, origin });

  beforeAll(async () => {
    handle = await seededDatabase(factory, {
      catalogOverrideEntry: 'http://localhost:3011/mf-manifest.json',
    });
    clock = testClock();
    app = createApp({
      db: handle.database,
      config: { nodeEnv: 'test', identity: loadIdentityConfig({ TRUST_PROXY_HOPS: '1' }, 'test') },
      identity: { clock: clock.now },
      logging: false,
    });
  });
  afterAll(() => handle.dispose());

  const requestCode = (client: TestBrowser, email: string, marketplaceId = '1') =>
    client.post<{ requestPasscode: { token: string } }>(operations.requestPasscode, { marketplaceId, email });
  const authenticate = (client: TestBrowser, email: string, password: string, marketplaceId = '1') =>
    client.post(operations.authenticate, { marketplaceId, email, password });
  /** A browser that signed in to the address a day ago and signed out since. */
  const signedOutOwner = async (email: string, marketplaceId = '1') => {
    const owner = browser();
    await signInWithPasscode(app, owner, email, marketplaceId);
    await owner.data(operations.logout);
    clock.advance(day);
    return owner;
  };

  it('sets an HttpOnly, SameSite=Lax device cookie of the group at sign-in for 180 days, Secure outside localhost, and keeps it at logout', async () => {
    const deviceCookieOf = async (client: TestBrowser, email: string) => {
      const asked = await requestCode(client, email, '3');
      const signedIn = await client.post(operations.passcodeAuthenticate, {
        token: asked.body.data?.requestPasscode.token,
        code: await latestCode(app, email),
        marketplaceId: '3',
      });
      return signedIn.setCookies.find((cookie) => cookie.startsWith('atrium_device_3='));
    };
    const local = browser();
    const device = await deviceCookieOf(local, 'device-cookie@example.com');
    expect(device).toMatch(
      /^atrium_device_3=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; Expires=[^;]+; SameSite=Lax; HttpOnly$/,
    );
    const expires = new Date(/Expires=([^;]+)/.exec(device ?? '')?.[1] ?? '');
    expect(Math.round((expires.getTime() - clock.now().getTime()) / day)).toBe(180);

    const logout = await local.post(operations.logout);
    expect(logout.setCookies.map((cookie) => cookie.split('=')[0])).toEqual(['atrium_session_3']);
    expect(local.cookies.has('atrium_device_3')).toBe(true);

    expect(await deviceCookieOf(browser('https://book.solace.example'), 'device-cookie@example.com')).toMatch(
      /; Secure; SameSite=Lax; HttpOnly$/,
    );
    // A failed sign-in recognises nothing.
    const failed = await authenticate(browser(), 'device-cookie@example.com', 'no password set', '3');
    expect(failed.setCookies).toEqual([]);
  });

  it("leaves the owner's own browser able to get a code and into the console after five code requests from each of seven IP addresses, while strangers wait growing delays", async () => {
    const email = 'owner@solace.example';
    const owner = await signedOutOwner(email, '3');
    const mailedBefore = (await mailbox(app, email)).length;

    const answers: string[] = [];
    for (let ip = 0; ip < 7; ip++) {
      const stranger = browser();
      for (let i = 0; i < 5; i++) answers.push(outcome(await requestCode(stranger, email, '3')));
    }
    // The address's ceiling: 30 codes an hour from anywhere, then each further one waits.
    expect(answers).toEqual([...Array(30).fill('ok'), ...Array(5).fill('RATE_LIMITED')]);

    const asked = await requestCode(owner, email, '3');
    expect(asked.body.errors).toBeUndefined();
    const signedIn = await owner.post(operations.passcodeAuthenticate, {
      token: asked.body.data?.requestPasscode.token,
      code: await latestCode(app, email),
      marketplaceId: '3',
    });
    expect(signedIn.body.errors).toBeUndefined();
    expect(await owner.data(staffViewer, { marketplaceId: '3' })).toEqual({ staffViewer: { role: 'OWNER' } });

    // Strangers are slowed, not let through: a minute after the last code, then two minutes.
    const next = browser();
    expect(outcome(await requestCode(next, email, '3'))).toBe('RATE_LIMITED');
    clock.advance(minute);
    expect(outcome(await requestCode(next, email, '3'))).toBe('ok');
    expect(outcome(await requestCode(browser(), email, '3'))).toBe('RATE_LIMITED');
    clock.advance(2 * minute);
    expect(outcome(await requestCode(browser(), email, '3'))).toBe('ok');
    expect((await mailbox(app, email)).length - mailedBefore).toBe(30 + 1 + 2);
  });

  it("lets the owner's right password in from their own browser after 100 wrong ones from twenty IP addresses, while strangers wait growing delays", async () => {
    const email = 'guarded-owner@example.com';
    const owner = await signedOutOwner(email);
    await setPassword(handle.database, email, 'owner secret phrase');

    const answers: string[] = [];
    for (let ip = 0; ip < 20; ip++) {
      const stranger = browser();
      for (let i = 0; i < 5; i++)
        answers.push(outcome(await authenticate(stranger, email, `guess ${ip}-${i}`)));
    }
    expect(answers).toEqual(Array(100).fill('UNAUTHENTICATED'));
    // The address's ceiling holds every other browser back, even with the right password.
    expect(outcome(await authenticate(browser(), email, 'guess 101'))).toBe('RATE_LIMITED');
    expect(outcome(await authenticate(browser(), email, 'owner secret phrase'))).toBe('RATE_LIMITED');

    const signedIn = await authenticate(owner, email, 'owner secret phrase');
    expect(signedIn.body.errors).toBeUndefined();
    expect((await owner.post(operations.viewer, { mgId: '1' })).body.errors).toBeUndefined();

    // Strangers' guesses go on only a minute, then two minutes, after the last.
    clock.advance(minute);
    expect(outcome(await authenticate(browser(), email, 'guess 102'))).toBe('UNAUTHENTICATED');
    expect(outcome(await authenticate(browser(), email, 'guess 103'))).toBe('RATE_LIMITED');
    clock.advance(2 * minute);
    expect(outcome(await authenticate(browser(), email, 'guess 103'))).toBe('UNAUTHENTICATED');
  });

  it("gives the owner's browsers an allowance of their own, still bounded: 10 codes an hour", async () => {
    const owner = await signedOutOwner('allowance@example.com');
    const answers: string[] = [];
    for (let i = 0; i < 11; i++) answers.push(outcome(await requestCode(owner, 'allowance@example.com')));
    expect(answers).toEqual([...Array(10).fill('ok'), 'RATE_LIMITED']);
    // Strangers' allowance for the address is another: five from one IP address.
    const stranger = browser();
    for (let i = 0; i < 5; i++)
      expect(outcome(await requestCode(stranger, 'allowance@example.com'))).toBe('ok');
  });

  it("recognises a browser holding the owner's valid session too", async () => {
    const owner = browser();
    await signInWithPasscode(app, owner, 'session-only@example.com');
    owner.cookies.delete('atrium_device_1');
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) answers.push(outcome(await requestCode(owner, 'session-only@example.com')));
    expect(answers).toEqual(Array(6).fill('ok'));
  });

  describe('counts as a stranger (five codes an hour from one IP address)', () => {
    const strangerAnswers = Array(5).fill('ok').concat('RATE_LIMITED');
    const sixRequests = async (client: TestBrowser, email: string, marketplaceId = '1') => {
      const answers: string[] = [];
      for (let i = 0; i < 6; i++) answers.push(outcome(await requestCode(client, email, marketplaceId)));
      return answers;
    };

    it('a browser with the device cookie of another account', async () => {
      const other = await signedOutOwner('someone-else@example.com');
      await signInWithPasscode(app, browser(), 'not-theirs@example.com');
      expect(await sixRequests(other, 'not-theirs@example.com')).toEqual(strangerAnswers);
    });

    it('a browser with a forged device cookie, or one renamed to another group', async () => {
      const owner = await signedOutOwner('forged@example.com');
      const genuine = owner.cookies.get('atrium_device_1') ?? '';
      const [header, payload] = genuine.split('.');
      const forger = browser();
      forger.cookies.set('atrium_device_1', `${header}.${payload}.${'A'.repeat(43)}`);
      expect(await sixRequests(forger, 'forged@example.com')).toEqual(strangerAnswers);
      const renamed = browser();
      renamed.cookies.set('atrium_device_3', genuine);
      await signInWithPasscode(app, browser(), 'forged@example.com', '3');
      expect(await sixRequests(renamed, 'forged@example.com', '3')).toEqual(strangerAnswers);
    });

    it('the browser of someone who signed in to the address before its owner proved it', async () => {
      const attacker = browser();
      await attacker.data(operations.register, {
        marketplaceId: '1',
        email: 'proven-later@example.com',
        password: 'attacker chosen words',
      });
      await attacker.data(operations.authenticate, {
        marketplaceId: '1',
        email: 'proven-later@example.com',
        password: 'attacker chosen words',
      });
      expect(attacker.cookies.has('atrium_device_1')).toBe(true);
      clock.advance(minute);
      await signInWithPasscode(app, browser(), 'proven-later@example.com');
      expect(await sixRequests(attacker, 'proven-later@example.com')).toEqual(strangerAnswers);
    });
  });
});
