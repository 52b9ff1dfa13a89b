import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../app';
import { seededDatabase, type TestDatabase, testDatabases } from '../test/databases';
import {
  type BrowserResponse,
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

const setPasswordMutation = /* GraphQL */ `
  mutation SetPassword($marketplaceId: ID!, $password: String!) {
    setPassword(marketplaceId: $marketplaceId, password: $password) { id hasPassword }
  }`;
const changePasswordMutation = /* GraphQL */ `
  mutation ChangePassword($marketplaceId: ID!, $currentPassword: String!, $newPassword: String!) {
    changePassword(marketplaceId: $marketplaceId, currentPassword: $currentPassword, newPassword: $newPassword) {
      id
      hasPassword
    }
  }`;
const hasPasswordQuery = /* GraphQL */ `
  query HasPassword($mgId: ID!) { viewer(mgId: $mgId) { hasPassword } }`;

interface PasswordAnswer {
  id: string;
  hasPassword: boolean;
}

describe.each(testDatabases)("a signed-in client's own password on $name", (factory) => {
  let handle: TestDatabase;
  let app: App;
  let clock: TestClock;
  let ipCounter = 0;
  let emailCounter = 0;
  const browser = () =>
    new TestBrowser(app, { ip: `100.65.0.${++ipCounter}`, origin: 'http://localhost:3000' });
  const uniqueEmail = (name: string) => `${name}.${++emailCounter}@example.com`;

  beforeAll(async () => {
    handle = await seededDatabase(factory, {
      catalogOverrideEntry: 'http://localhost:3011/mf-manifest.json',
    });
    clock = testClock(new Date('2030-06-15T12:00:00Z'));
    app = createApp({
      db: handle.database,
      config: { nodeEnv: 'test', identity: loadIdentityConfig({ TRUST_PROXY_HOPS: '1' }, 'test') },
      identity: { clock: clock.now },
    });
  });
  afterAll(() => handle.dispose());

  const errorOf = (response: BrowserResponse<unknown>) => ({
    message: response.body.errors?.[0]?.message,
    code: response.body.errors?.[0]?.extensions?.code,
  });
  const setPassword = (client: TestBrowser, password: string, marketplaceId = '1') =>
    client.post<{ setPassword: PasswordAnswer }>(setPasswordMutation, { marketplaceId, password });
  const changePassword = (client: TestBrowser, currentPassword: string, newPassword: string) =>
    client.post<{ changePassword: PasswordAnswer }>(changePasswordMutation, {
      marketplaceId: '1',
      currentPassword,
      newPassword,
    });
  const authenticate = (client: TestBrowser, email: string, password: string) =>
    client.post<{ authenticate: { user: { id: string } } }>(operations.authenticate, {
      marketplaceId: '1',
      email,
      password,
    });
  const hasPassword = async (client: TestBrowser) =>
    (await client.data<{ viewer: { hasPassword: boolean } }>(hasPasswordQuery, { mgId: '1' })).viewer
      .hasPassword;
  const signedIn = async (client: TestBrowser) =>
    (await client.post(operations.viewer, { mgId: '1' })).body.errors === undefined;
  /** A client who signed up by emailed code: a confirmed address, no password. */
  const codeClient = async (name: string) => {
    const email = uniqueEmail(name);
    const client = browser();
    const userId = await signInWithPasscode(app, client, email);
    return { email, client, userId };
  };

  describe('setPassword', () => {
    it('gives a client who signs in by code a password, which then signs them in', async () => {
      const { email, client, userId } = await codeClient('cora.code');
      expect(await hasPassword(client)).toBe(false);

      expect((await setPassword(client, 'Saffron-Meadow-Quill-29')).body).toEqual({
        data: { setPassword: { id: userId, hasPassword: true } },
      });
      expect(await hasPassword(client)).toBe(true);
      const elsewhere = browser();
      expect((await authenticate(elsewhere, email, 'Saffron-Meadow-Quill-29')).body.data).toMatchObject({
        authenticate: { user: { id: userId } },
      });
      expect(errorOf(await authenticate(browser(), email, 'Saffron-Meadow-Quill-30'))).toEqual({
        message: 'Incorrect email or password.',
        code: 'UNAUTHENTICATED',
      });
    });

    it('mails the client that a password was set, with a way back if it was not them', async () => {
      const { email, client } = await codeClient('milo.mail');
      await setPassword(client, 'Saffron-Meadow-Quill-29');
      const [mail] = await mailbox(app, email);
      expect(mail?.subject).toBe('Your Glow Mobile IV password was set');
      expect(mail?.text).toContain(
        'A password was set for your Glow Mobile IV account. You can now sign in with your email and this password, or with a code sent to this address.',
      );
      expect(mail?.text).toContain('Every other device signed in to your account was signed out.');
      expect(mail?.links).toContain('http://localhost:3000/1');
    });

    it('ends every other session of the account, as a reset does, and signs this browser in anew', async () => {
      const { email, client } = await codeClient('sam.sessions');
      const other = browser();
      await signInWithPasscode(app, other, email);
      const before = client.sessionToken;

      await setPassword(client, 'Saffron-Meadow-Quill-29');
      expect(await signedIn(other)).toBe(false);
      expect(await signedIn(client)).toBe(true);
      expect(client.sessionToken).toBeDefined();
      expect(client.sessionToken).not.toBe(before);
    });

    it('needs a sign-in of the last 10 minutes; a code typed now gives one', async () => {
      const { email, client } = await codeClient('rhea.recent');
      clock.advance(10 * minute + 1_000);
      expect(errorOf(await setPassword(client, 'Saffron-Meadow-Quill-29'))).toEqual({
        message: "For your security, confirm it's you with a code we email you.",
        code: 'REAUTHENTICATION_REQUIRED',
      });
      expect(await hasPassword(client)).toBe(false);

      await signInWithPasscode(app, client, email);
      expect((await setPassword(client, 'Saffron-Meadow-Quill-29')).body.data?.setPassword.hasPassword).toBe(
        true,
      );
    });

    it('refuses a short, long or easy password with the same words as registration, and changes nothing', async () => {
      const { client } = await codeClient('wes.weak');
      expect(errorOf(await setPassword(client, 'seven77'))).toEqual({
        message: 'Password must be at least 8 characters.',
        code: 'BAD_USER_INPUT',
      });
      expect(errorOf(await setPassword(client, ''))).toEqual({
        message: 'Password is required',
        code: 'BAD_USER_INPUT',
      });
      expect(errorOf(await setPassword(client, 'x'.repeat(257)))).toEqual({
        message: 'Password must be at most 256 characters.',
        code: 'BAD_USER_INPUT',
      });
      const weak = errorOf(await setPassword(client, 'password123'));
      expect(weak.code).toBe('BAD_USER_INPUT');
      expect(weak.message).toMatch(/^This password is too easy to guess\./);
      expect(await hasPassword(client)).toBe(false);
    });

    it("refuses a password made of the client's own address", async () => {
      const email = 'zephyrine.quillbrook@example.com';
      const client = browser();
      await signInWithPasscode(app, client, email);
      const weak = errorOf(await setPassword(client, 'zephyrinequillbrook'));
      expect(weak.code).toBe('BAD_USER_INPUT');
      expect(weak.message).toMatch(/^This password is too easy to guess\./);
    });

    it('refuses a client who already has a password: changing it needs the current one', async () => {
      const client = browser();
      await registerAndSignIn(client, uniqueEmail('hal.has'), { password: 'Velvet-Harbor-Lantern-42' });
      expect(errorOf(await setPassword(client, 'Saffron-Meadow-Quill-29'))).toEqual({
        message: 'Your account already has a password. Enter it to change it.',
        code: 'BAD_USER_INPUT',
      });
    });

    it('refuses an account whose address is not proven yet: the proof would drop the password', async () => {
      const email = uniqueEmail('una.unconfirmed');
      const client = browser();
      await registerAndSignIn(client, email, { password: 'Velvet-Harbor-Lantern-42' });
      // As a Google or Apple account registered with an address the provider did not verify.
      await handle.database.transaction((tx) =>
        tx.query('update users set password_hash = null where lower(email) = lower($1)', [email]),
      );
      expect(errorOf(await setPassword(client, 'Saffron-Meadow-Quill-29'))).toEqual({
        message: 'Please confirm your email address to continue.',
        code: 'BAD_USER_INPUT',
      });
    });

    it('refuses a browser without a session of the marketplace group: UNAUTHENTICATED', async () => {
      expect(errorOf(await setPassword(browser(), 'Saffron-Meadow-Quill-29'))).toEqual({
        message: 'Please sign in to continue.',
        code: 'UNAUTHENTICATED',
      });
      // Signed in to Nocturne's group only, asking for Glow's.
      const client = browser();
      await signInWithPasscode(app, client, uniqueEmail('otto.other'), '2');
      expect(errorOf(await setPassword(client, 'Saffron-Meadow-Quill-29', '1'))).toEqual({
        message: 'Please sign in to continue.',
        code: 'UNAUTHENTICATED',
      });
    });
  });

  describe('changePassword', () => {
    const withPassword = async (name: string, password = 'Velvet-Harbor-Lantern-42') => {
      const { email, client, userId } = await codeClient(name);
      await setPassword(client, password);
      return { email, client, userId, password };
    };

    it('changes the password given the current one: the old one no longer signs in', async () => {
      const { email, client, userId, password } = await withPassword('cleo.change');
      expect((await changePassword(client, password, 'Saffron-Meadow-Quill-29')).body).toEqual({
        data: { changePassword: { id: userId, hasPassword: true } },
      });
      expect(errorOf(await authenticate(browser(), email, password)).code).toBe('UNAUTHENTICATED');
      expect((await authenticate(browser(), email, 'Saffron-Meadow-Quill-29')).body.errors).toBeUndefined();
    });

    it('ends every other session, keeps this browser signed in, and mails the client', async () => {
      const { email, client, password } = await withPassword('otis.others');
      const other = browser();
      await authenticate(other, email, password);
      await changePassword(client, password, 'Saffron-Meadow-Quill-29');
      expect(await signedIn(other)).toBe(false);
      expect(await signedIn(client)).toBe(true);
      const [mail] = await mailbox(app, email);
      expect(mail?.subject).toBe('Your Glow Mobile IV password was changed');
      expect(mail?.text).toContain('The password of your Glow Mobile IV account was changed.');
    });

    it('needs no recent sign-in: the current password is the proof', async () => {
      const { client, password } = await withPassword('lena.late');
      clock.advance(60 * minute);
      expect(
        (await changePassword(client, password, 'Saffron-Meadow-Quill-29')).body.data?.changePassword,
      ).toMatchObject({ hasPassword: true });
    });

    it('refuses a wrong or missing current password, saying which, and changes nothing', async () => {
      const { email, client, password } = await withPassword('walt.wrong');
      expect(errorOf(await changePassword(client, 'not my password', 'Saffron-Meadow-Quill-29'))).toEqual({
        message: 'Your current password is incorrect.',
        code: 'INCORRECT_PASSWORD',
      });
      expect(errorOf(await changePassword(client, '', 'Saffron-Meadow-Quill-29'))).toEqual({
        message: 'Please enter your current password.',
        code: 'BAD_USER_INPUT',
      });
      // Still signed in, and the password is the same.
      expect(await signedIn(client)).toBe(true);
      expect((await authenticate(browser(), email, password)).body.errors).toBeUndefined();
    });

    it('refuses a weak new password before looking at the current one', async () => {
      const { client, password } = await withPassword('nia.new');
      expect(errorOf(await changePassword(client, password, 'short'))).toEqual({
        message: 'Password must be at least 8 characters.',
        code: 'BAD_USER_INPUT',
      });
      const weak = errorOf(await changePassword(client, password, 'password123'));
      expect(weak).toMatchObject({ code: 'BAD_USER_INPUT' });
      expect(weak.message).toMatch(/^This password is too easy to guess\./);
    });

    it('slows wrong current passwords down as password sign-ins: five free, then 2 s doubling', async () => {
      const { email, client, password } = await withPassword('rita.rate');
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect(
          errorOf(await changePassword(client, `wrong guess ${attempt}`, 'Saffron-Meadow-Quill-29')).code,
        ).toBe('INCORRECT_PASSWORD');
      }
      expect(errorOf(await changePassword(client, password, 'Saffron-Meadow-Quill-29'))).toEqual({
        message: 'Too many password attempts. Please wait a while and try again.',
        code: 'RATE_LIMITED',
      });
      // The same failures hold back a password sign-in from this browser.
      expect(errorOf(await authenticate(client, email, password)).code).toBe('RATE_LIMITED');

      clock.advance(2_000);
      expect(
        (await changePassword(client, password, 'Saffron-Meadow-Quill-29')).body.data?.changePassword,
      ).toMatchObject({ hasPassword: true });
    });

    it('refuses a client without a password: they set one first', async () => {
      const { client } = await codeClient('nora.none');
      expect(errorOf(await changePassword(client, 'anything at all', 'Saffron-Meadow-Quill-29'))).toEqual({
        message: 'Your account has no password yet.',
        code: 'BAD_USER_INPUT',
      });
    });

    it('refuses a browser without a session: UNAUTHENTICATED', async () => {
      expect(errorOf(await changePassword(browser(), 'anything at all', 'Saffron-Meadow-Quill-29'))).toEqual({
        message: 'Please sign in to continue.',
        code: 'UNAUTHENTICATED',
      });
    });
  });
});
