import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../app';
import { seededDatabase, type TestDatabase, testDatabases } from '../test/databases';
import {
  deliverAccountEmails,
  hour,
  latestLinkToken,
  mailbox,
  operations,
  signInWithPasscode,
  TestBrowser,
  type TestClock,
  testClock,
} from '../test/identity';
import { loadIdentityConfig } from './config';

interface RegisterData {
  register: { email: string; emailConfirmed: boolean };
}

describe.each(testDatabases)('password sign-in, registration and reset on $name', (factory) => {
  let handle: TestDatabase;
  let app: App;
  let clock: TestClock;
  let ipCounter = 0;
  const browser = () =>
    new TestBrowser(app, { ip: `100.64.0.${++ipCounter}`, origin: 'http://localhost:3000' });

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

  const register = (
    client: TestBrowser,
    email: string,
    password = 'correct horse',
    profile?: Record<string, unknown>,
  ) => client.post<RegisterData>(operations.register, { marketplaceId: '1', email, password, profile });
  /** Registers, then sends the registration's mail, so later mails come after it. */
  const registered = async (email: string, password: string) => {
    await register(browser(), email, password);
    await deliverAccountEmails(handle.database, clock.now);
  };
  const authenticate = (client: TestBrowser, email: string, password: string) =>
    client.post<{ authenticate: { emailConfirmed: boolean; profile: { email: string } } }>(
      operations.authenticate,
      {
        marketplaceId: '1',
        email,
        password,
      },
    );
  const errorOf = (response: {
    body: { errors?: { message: string; extensions?: Record<string, unknown> }[] };
  }) => ({
    message: response.body.errors?.[0]?.message,
    code: response.body.errors?.[0]?.extensions?.code,
  });

  describe('register', () => {
    it('registers without signing in, stores the profile, and emails a confirmation link that names the marketplace', async () => {
      const client = browser();
      const response = await register(client, 'new.client@example.com', 'correct horse', {
        givenName: ' Noor ',
        familyName: 'Haddad',
        dob: '1991-02-03',
        phone: '(212) 555-0142',
        address: '350 5th Ave, New York, NY 10118',
        sexAssignedAtBirth: 'female',
        tzid: 'America/New_York',
        emailOptIn: true,
      });
      expect(response.body).toEqual({
        data: { register: { email: 'new.client@example.com', emailConfirmed: false } },
      });
      expect(response.setCookies).toEqual([]);
      expect(errorOf(await client.post(operations.viewer, { mgId: '1' })).code).toBe('UNAUTHENTICATED');

      expect(await deliverAccountEmails(handle.database, clock.now)).toBe(1);
      const [mail] = await mailbox(app, 'new.client@example.com');
      expect(mail?.subject).toBe('Confirm your email for Glow Mobile IV');
      expect(mail?.links[0]).toMatch(
        /^http:\/\/localhost:3000\/confirm-email\?token=[\w-]{43}&marketplace=1$/,
      );

      const signedIn = browser();
      await authenticate(signedIn, 'new.client@example.com', 'correct horse');
      expect(
        (await signedIn.data<{ viewer: unknown }>(operations.viewer, { mgId: '1' })).viewer,
      ).toMatchObject({
        emailConfirmed: false,
        emailOptIn: true,
        phoneOptIn: false,
        profile: {
          email: 'new.client@example.com',
          givenName: 'Noor',
          familyName: 'Haddad',
          dob: '1991-02-03',
          phone: '+12125550142',
          address: '350 5th Ave, New York, NY 10118',
          sexAssignedAtBirth: 'female',
          tzid: 'America/New_York',
        },
      });
    });

    it('stores the password as an argon2id hash', async () => {
      await register(browser(), 'hashed-password@example.com', 'my secret words');
      const [row] = await handle.database.transaction((tx) =>
        tx.query<{ password_hash: string }>(
          "select password_hash from users where email = 'hashed-password@example.com'",
        ),
      );
      expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row?.password_hash).not.toContain('my secret words');
    });

    it('needs a password of at least 8 characters', async () => {
      expect(errorOf(await register(browser(), 'short@example.com', 'seven77'))).toEqual({
        message: 'Password must be at least 8 characters.',
        code: 'BAD_USER_INPUT',
      });
    });

    it.each([
      [{ phone: '555' }, 'Please provide a valid US phone number'],
      [{ dob: '2030-06-16' }, 'Date of Birth cannot be after today'],
      [{ dob: '1990-02-30' }, 'Enter a real date, like 4/2/1990'],
      [{ dob: '1990/02/03' }, 'Enter the date as M/D/YYYY, like 4/2/1990'],
      [{ tzid: 'Mars/Olympus_Mons' }, 'Please enter a valid time zone.'],
    ])('refuses the profile %j with %j', async (profile, message) => {
      expect(
        errorOf(await register(browser(), `bad-profile-${ipCounter}@example.com`, 'correct horse', profile)),
      ).toEqual({
        message,
        code: 'BAD_USER_INPUT',
      });
    });
  });

  describe('authenticate', () => {
    it('signs in with the right password', async () => {
      await register(browser(), 'password-user@example.com', 'the right one');
      const client = browser();
      const response = await authenticate(client, 'PASSWORD-USER@example.com', 'the right one');
      expect(response.body.data?.authenticate).toEqual({
        emailConfirmed: false,
        profile: { email: 'password-user@example.com' },
        user: expect.any(Object),
      });
      expect((await client.post(operations.viewer, { mgId: '1' })).body.errors).toBeUndefined();
    });

    it('refuses a wrong password, an unknown address and an account without a password alike', async () => {
      await register(browser(), 'wrong-password@example.com', 'the right one');
      await signInWithPasscode(app, browser(), 'passcode-only@example.com');
      const incorrect = { message: 'Incorrect email or password.', code: 'UNAUTHENTICATED' };
      expect(errorOf(await authenticate(browser(), 'wrong-password@example.com', 'the wrong one'))).toEqual(
        incorrect,
      );
      expect(errorOf(await authenticate(browser(), 'no-such-user@example.com', 'the right one'))).toEqual(
        incorrect,
      );
      expect(errorOf(await authenticate(browser(), 'passcode-only@example.com', 'anything at all'))).toEqual(
        incorrect,
      );
    });
  });

  describe('reset password', () => {
    it('emails a one-hour link to /reset-password on the given web origin; the new password works and every session ends', async () => {
      await registered('forgetful@example.com', 'old secret words');
      const signedIn = browser();
      await authenticate(signedIn, 'forgetful@example.com', 'old secret words');
      expect((await signedIn.post(operations.viewer, { mgId: '1' })).body.errors).toBeUndefined();

      const response = await browser().post(operations.requestResetPassword, {
        webOriginUrl: 'http://localhost:5100',
        email: 'Forgetful@example.com',
        mgId: '1',
      });
      expect(response.body).toEqual({ data: { requestResetPassword: true } });
      await deliverAccountEmails(handle.database, clock.now);
      const [mail] = await mailbox(app, 'forgetful@example.com');
      expect(mail?.subject).toBe('Reset your Glow Mobile IV password');
      const { link, token } = await latestLinkToken(app, 'forgetful@example.com', '/reset-password');
      expect(link).toBe(`http://localhost:5100/reset-password?token=${token}&mg=1`);
      // The page may ask whether the link still works, without using it; another group's link does not.
      const usable = (mgId: string, asked = token) =>
        browser().post(operations.passwordResetLinkUsable, { token: asked, mgId });
      expect((await usable('1')).body).toEqual({ data: { passwordResetLinkUsable: true } });
      expect((await usable('2')).body).toEqual({ data: { passwordResetLinkUsable: false } });
      expect((await usable('1', 'bogus')).body).toEqual({ data: { passwordResetLinkUsable: false } });

      const reset = await browser().post(operations.resetPasswordByToken, {
        webOriginUrl: 'http://localhost:5100',
        password: 'a new password',
        token,
        mgId: '1',
      });
      expect(reset.body).toEqual({ data: { resetPasswordByToken: true } });
      expect(errorOf(await signedIn.post(operations.viewer, { mgId: '1' }))).toEqual({
        message: 'Please sign in to continue.',
        code: 'UNAUTHENTICATED',
      });
      expect(errorOf(await authenticate(browser(), 'forgetful@example.com', 'old secret words')).code).toBe(
        'UNAUTHENTICATED',
      );
      expect(
        (await authenticate(browser(), 'forgetful@example.com', 'a new password')).body.data?.authenticate,
      ).toMatchObject({
        // Following the emailed link proved the address.
        emailConfirmed: true,
      });

      // Single use.
      const again = await browser().post(operations.resetPasswordByToken, {
        webOriginUrl: 'http://localhost:5100',
        password: 'third secret phrase',
        token,
        mgId: '1',
      });
      expect(errorOf(again)).toEqual({
        message: 'This password reset link is invalid or has expired. Please request a new one.',
        code: 'BAD_USER_INPUT',
      });
      expect((await usable('1')).body).toEqual({ data: { passwordResetLinkUsable: false } });
    });

    it('expires the link after an hour', async () => {
      await registered('slow-reset@example.com', 'old secret words');
      await browser().post(operations.requestResetPassword, {
        webOriginUrl: 'http://localhost:3000',
        email: 'slow-reset@example.com',
        mgId: '1',
      });
      await deliverAccountEmails(handle.database, clock.now);
      const { token } = await latestLinkToken(app, 'slow-reset@example.com', '/reset-password');
      clock.advance(hour);
      const reset = await browser().post(operations.resetPasswordByToken, {
        webOriginUrl: 'http://localhost:3000',
        password: 'a new password',
        token,
        mgId: '1',
      });
      expect(errorOf(reset).code).toBe('BAD_USER_INPUT');
    });

    it('answers true for an unknown address and sends nothing', async () => {
      const response = await browser().post(operations.requestResetPassword, {
        webOriginUrl: 'http://localhost:3000',
        email: 'never-registered@example.com',
        mgId: '1',
      });
      expect(response.body).toEqual({ data: { requestResetPassword: true } });
      await deliverAccountEmails(handle.database, clock.now);
      expect(await mailbox(app, 'never-registered@example.com')).toEqual([]);
    });

    it('refuses a web origin outside the allow-list, for the request and for the reset', async () => {
      await register(browser(), 'phished@example.com', 'old secret words');
      const notAllowed = {
        message: 'This web address is not allowed to receive password reset links.',
        code: 'BAD_USER_INPUT',
      };
      for (const webOriginUrl of [
        'https://evil.example',
        'http://localhost:3000.evil.example',
        'http://localhost:4000',
      ]) {
        expect(
          errorOf(
            await browser().post(operations.requestResetPassword, {
              webOriginUrl,
              email: 'phished@example.com',
              mgId: '1',
            }),
          ),
        ).toEqual(notAllowed);
      }
      await deliverAccountEmails(handle.database, clock.now);
      // The registration's confirmation link only.
      expect(await mailbox(app, 'phished@example.com')).toHaveLength(1);
      expect(
        errorOf(
          await browser().post(operations.resetPasswordByToken, {
            webOriginUrl: 'https://evil.example',
            password: 'a new password',
            token: 'whatever',
            mgId: '1',
          }),
        ),
      ).toEqual(notAllowed);
    });

    it('needs a new password of at least 8 characters', async () => {
      const response = await browser().post(operations.resetPasswordByToken, {
        webOriginUrl: 'http://localhost:3000',
        password: 'short',
        token: 'whatever',
        mgId: '1',
      });
      expect(errorOf(response)).toEqual({
        message: 'Password must be at least 8 characters.',
        code: 'BAD_USER_INPUT',
      });
    });
  });
});
