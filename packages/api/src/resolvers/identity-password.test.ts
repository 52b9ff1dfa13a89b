import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../app';
import { migrate } from '../db/migrate';
import { seedDemo } from '../db/seed';
import { loadIdentityConfig } from '../identity-config';
import { type TestDatabase, testDatabases } from '../test/databases';
import {
  hour,
  latestLinkToken,
  mailbox,
  operations,
  signInWithPasscode,
  TestBrowser,
  type TestClock,
  testClock,
} from '../test/identity';

const requestReset = /* GraphQL */ `
  mutation RequestReset($webOriginUrl: String!, $email: String!, $mgId: ID!) {
    requestResetPassword(webOriginUrl: $webOriginUrl, email: $email, mgId: $mgId)
  }`;
const resetPassword = /* GraphQL */ `
  mutation Reset($webOriginUrl: String!, $password: String!, $token: String!, $mgId: ID!) {
    resetPasswordByToken(webOriginUrl: $webOriginUrl, password: $password, token: $token, mgId: $mgId)
  }`;

interface RegisterData {
  register: {
    emailConfirmed: boolean;
    profile: Record<string, unknown>;
    user: { id: string; emailOptIn: boolean; phoneOptIn: boolean };
  };
}

describe.each(testDatabases)('password sign-in, registration and reset on $name', (factory) => {
  let handle: TestDatabase;
  let app: App;
  let clock: TestClock;
  let ipCounter = 0;
  const browser = () =>
    new TestBrowser(app, { ip: `100.64.0.${++ipCounter}`, origin: 'http://localhost:3000' });

  beforeAll(async () => {
    handle = await factory.create();
    await migrate(handle.database);
    await seedDemo(handle.database, { catalogOverrideEntry: 'http://localhost:3011/mf-manifest.json' });
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
    it('creates the account with its profile, signs it in, and emails a confirmation link', async () => {
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
      expect(response.body.errors).toBeUndefined();
      expect(response.body.data?.register).toMatchObject({
        emailConfirmed: false,
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
        user: { emailOptIn: true, phoneOptIn: false },
      });
      expect(client.sessionToken).toBeDefined();
      expect((await client.post(operations.viewer, { mgId: '1' })).body.errors).toBeUndefined();
      const [mail] = await mailbox(app, 'new.client@example.com');
      expect(mail?.subject).toBe('Confirm your email for Glow Mobile IV');
      expect(mail?.links[0]).toMatch(/^http:\/\/localhost:3000\/confirm-email\?token=[\w-]{43}$/);
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

    it('refuses an email already registered in the group, whatever its case', async () => {
      await register(browser(), 'taken@example.com');
      expect(errorOf(await register(browser(), 'Taken@Example.com'))).toEqual({
        message: 'An account with this email already exists. Please sign in instead.',
        code: 'BAD_USER_INPUT',
      });
    });

    it.each([
      [{ phone: '555' }, 'Please enter a valid phone number.'],
      [{ dob: '2030-06-16' }, 'Date of Birth cannot be in the future.'],
      [{ dob: '1990-02-30' }, 'Please enter a valid date of birth (yyyy-MM-dd).'],
      [{ dob: '02/03/1990' }, 'Please enter a valid date of birth (yyyy-MM-dd).'],
      [{ tzid: 'Mars/Olympus_Mons' }, 'Please enter a valid time zone.'],
    ])('refuses the profile %j with %j', async (profile, message) => {
      expect(
        errorOf(await register(browser(), `bad-profile-${ipCounter}@example.com`, 'long enough', profile)),
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

    it('allows 10 attempts an hour per address', async () => {
      await register(browser(), 'guessed@example.com', 'the right one');
      for (let i = 0; i < 10; i++) {
        expect(errorOf(await authenticate(browser(), 'guessed@example.com', `guess ${i}`)).code).toBe(
          'UNAUTHENTICATED',
        );
      }
      expect(errorOf(await authenticate(browser(), 'guessed@example.com', 'the right one'))).toEqual({
        message: 'Too many sign-in attempts. Please wait a while and try again.',
        code: 'RATE_LIMITED',
      });
      clock.advance(hour);
      expect(
        (await authenticate(browser(), 'guessed@example.com', 'the right one')).body.errors,
      ).toBeUndefined();
    });
  });

  describe('reset password', () => {
    it('emails a one-hour link to /reset-password on the given web origin; the new password works and every session ends', async () => {
      await register(browser(), 'forgetful@example.com', 'old password');
      const signedIn = browser();
      await authenticate(signedIn, 'forgetful@example.com', 'old password');
      expect((await signedIn.post(operations.viewer, { mgId: '1' })).body.errors).toBeUndefined();

      const response = await browser().post(requestReset, {
        webOriginUrl: 'http://localhost:5100',
        email: 'Forgetful@example.com',
        mgId: '1',
      });
      expect(response.body).toEqual({ data: { requestResetPassword: true } });
      const [mail] = await mailbox(app, 'forgetful@example.com');
      expect(mail?.subject).toBe('Reset your Glow Mobile IV password');
      const { link, token } = await latestLinkToken(app, 'forgetful@example.com', '/reset-password');
      expect(link).toBe(`http://localhost:5100/reset-password?token=${token}`);

      const reset = await browser().post(resetPassword, {
        webOriginUrl: 'http://localhost:5100',
        password: 'new password',
        token,
        mgId: '1',
      });
      expect(reset.body).toEqual({ data: { resetPasswordByToken: true } });
      expect(errorOf(await signedIn.post(operations.viewer, { mgId: '1' }))).toEqual({
        message: 'Please sign in to continue.',
        code: 'UNAUTHENTICATED',
      });
      expect(errorOf(await authenticate(browser(), 'forgetful@example.com', 'old password')).code).toBe(
        'UNAUTHENTICATED',
      );
      expect(
        (await authenticate(browser(), 'forgetful@example.com', 'new password')).body.data?.authenticate,
      ).toMatchObject({
        // Following the emailed link proved the address.
        emailConfirmed: true,
      });

      // Single use.
      const again = await browser().post(resetPassword, {
        webOriginUrl: 'http://localhost:5100',
        password: 'third password',
        token,
        mgId: '1',
      });
      expect(errorOf(again)).toEqual({
        message: 'This password reset link is invalid or has expired. Please request a new one.',
        code: 'BAD_USER_INPUT',
      });
    });

    it('expires the link after an hour', async () => {
      await register(browser(), 'slow-reset@example.com', 'old password');
      await browser().post(requestReset, {
        webOriginUrl: 'http://localhost:3000',
        email: 'slow-reset@example.com',
        mgId: '1',
      });
      const { token } = await latestLinkToken(app, 'slow-reset@example.com', '/reset-password');
      clock.advance(hour);
      const reset = await browser().post(resetPassword, {
        webOriginUrl: 'http://localhost:3000',
        password: 'new password',
        token,
        mgId: '1',
      });
      expect(errorOf(reset).code).toBe('BAD_USER_INPUT');
    });

    it('answers true for an unknown address and sends nothing', async () => {
      const response = await browser().post(requestReset, {
        webOriginUrl: 'http://localhost:3000',
        email: 'never-registered@example.com',
        mgId: '1',
      });
      expect(response.body).toEqual({ data: { requestResetPassword: true } });
      expect(await mailbox(app, 'never-registered@example.com')).toEqual([]);
    });

    it('refuses a web origin outside the allow-list, for the request and for the reset', async () => {
      await register(browser(), 'phished@example.com', 'old password');
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
            await browser().post(requestReset, { webOriginUrl, email: 'phished@example.com', mgId: '1' }),
          ),
        ).toEqual(notAllowed);
      }
      expect(await mailbox(app, 'phished@example.com')).toHaveLength(1);
      expect(
        errorOf(
          await browser().post(resetPassword, {
            webOriginUrl: 'https://evil.example',
            password: 'new password',
            token: 'whatever',
            mgId: '1',
          }),
        ),
      ).toEqual(notAllowed);
    });

    it('needs a new password of at least 8 characters', async () => {
      const response = await browser().post(resetPassword, {
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
