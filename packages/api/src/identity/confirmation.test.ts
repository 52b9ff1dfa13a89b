import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../app';
import { seededDatabase, type TestDatabase, testDatabases } from '../test/databases';
import {
  day,
  deliverAccountEmails,
  latestCode,
  latestLinkToken,
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

const requestConfirmEmail =
  'mutation ($marketplaceId: ID!) { requestConfirmEmail(marketplaceId: $marketplaceId) }';
const confirmEmail =
  'mutation ($marketplaceId: ID!, $token: String!) { confirmEmail(marketplaceId: $marketplaceId, token: $token) { emailConfirmed } }';
const requestConfirmPhone =
  'mutation ($marketplaceId: ID) { requestConfirmPhone(marketplaceId: $marketplaceId) }';
const confirmPhone =
  'mutation ($marketplaceId: ID!, $code: String!) { confirmPhone(marketplaceId: $marketplaceId, code: $code) { phoneConfirmed } }';

interface ViewerData {
  viewer: { emailConfirmed: boolean; phoneConfirmed: boolean };
}

describe.each(testDatabases)('email and phone confirmation on $name', (factory) => {
  let handle: TestDatabase;
  let app: App;
  let clock: TestClock;
  let ipCounter = 0;
  const browser = (origin = 'http://localhost:5100') =>
    new TestBrowser(app, { ip: `100.100.0.${++ipCounter}`, origin });

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

  const errorOf = async (client: TestBrowser, query: string, variables?: Record<string, unknown>) =>
    client.error(query, variables);
  /** A signed-in browser of a new password account (email unconfirmed), with a phone on its profile. */
  const registered = async (email: string, phone: string | null = '+13035550188') => {
    const client = browser();
    await registerAndSignIn(client, email, { marketplaceId: '3', profile: phone ? { phone } : undefined });
    await deliverAccountEmails(handle.database, clock.now);
    return client;
  };
  const viewer = async (client: TestBrowser, mgId = '3') =>
    (await client.data<ViewerData>(operations.viewer, { mgId })).viewer;

  describe('email', () => {
    it('emails the signed-in user a link to /confirm-email on their web origin; the link confirms the address once', async () => {
      const client = await registered('confirm-me@example.com');
      expect(await client.data(requestConfirmEmail, { marketplaceId: '3' })).toEqual({
        requestConfirmEmail: true,
      });
      const [mail, registrationMail] = await mailbox(app, 'confirm-me@example.com');
      expect(registrationMail?.subject).toBe('Confirm your email for Solace Wellness Studio');
      expect(mail?.from).toBe('Solace Wellness Studio <no-reply@atrium.localhost>');
      const { link, token } = await latestLinkToken(app, 'confirm-me@example.com', '/confirm-email');
      expect(link).toBe(`http://localhost:5100/confirm-email?token=${token}&marketplace=3`);

      // The link works in any browser, signed in or not; it proves the address as a code does, so the
      // sessions from before it end.
      const elsewhere = browser();
      expect(await elsewhere.data(confirmEmail, { marketplaceId: '3', token })).toEqual({
        confirmEmail: { emailConfirmed: true },
      });
      expect(await errorOf(client, operations.viewer, { mgId: '3' })).toEqual({
        message: 'Please sign in to continue.',
        code: 'UNAUTHENTICATED',
      });
      expect(await errorOf(elsewhere, confirmEmail, { marketplaceId: '3', token })).toEqual({
        message: 'This confirmation link is invalid or has expired. Please request a new one.',
        code: 'BAD_USER_INPUT',
      });
    });

    it('keeps the browser that opened the link signed in, with a new session, when it was signed in as this user; the password from before ends', async () => {
      const client = await registered('same-browser@example.com');
      const before = client.sessionTokenOf(3);
      const { token } = await latestLinkToken(app, 'same-browser@example.com', '/confirm-email');
      const confirmed = await client.post(confirmEmail, { marketplaceId: '3', token });
      expect(confirmed.body.data).toEqual({ confirmEmail: { emailConfirmed: true } });
      expect(client.sessionTokenOf(3)).not.toBe(before);
      expect((await viewer(client)).emailConfirmed).toBe(true);
      const stale = new TestBrowser(app, { ip: '100.100.9.1' });
      stale.cookies.set('atrium_session_3', before ?? '');
      expect((await stale.error(operations.viewer, { mgId: '3' })).code).toBe('UNAUTHENTICATED');
      expect(
        (
          await browser().error(operations.authenticate, {
            marketplaceId: '3',
            email: 'same-browser@example.com',
            password: 'correct horse',
          })
        ).code,
      ).toBe('UNAUTHENTICATED');
    });

    it('only the newest link works, for 24 hours', async () => {
      const client = await registered('newest-link@example.com');
      const { token: older } = await latestLinkToken(app, 'newest-link@example.com', '/confirm-email');
      await client.data(requestConfirmEmail, { marketplaceId: '3' });
      const { token: newer } = await latestLinkToken(app, 'newest-link@example.com', '/confirm-email');
      expect((await errorOf(client, confirmEmail, { marketplaceId: '3', token: older })).code).toBe(
        'BAD_USER_INPUT',
      );
      clock.advance(day);
      expect((await errorOf(client, confirmEmail, { marketplaceId: '3', token: newer })).code).toBe(
        'BAD_USER_INPUT',
      );
      expect((await viewer(client)).emailConfirmed).toBe(false);
    });

    it("refuses a link of another marketplace group's user", async () => {
      await registered('other-group-link@example.com');
      const { token } = await latestLinkToken(app, 'other-group-link@example.com', '/confirm-email');
      expect((await errorOf(browser(), confirmEmail, { marketplaceId: '1', token })).code).toBe(
        'BAD_USER_INPUT',
      );
    });

    it('needs a session to request a link, and says when the address is already confirmed', async () => {
      expect(await errorOf(browser(), requestConfirmEmail, { marketplaceId: '3' })).toEqual({
        message: 'Please sign in to continue.',
        code: 'UNAUTHENTICATED',
      });
      const client = browser();
      await signInWithPasscode(app, client, 'already-confirmed@example.com', '3');
      expect(await errorOf(client, requestConfirmEmail, { marketplaceId: '3' })).toEqual({
        message: 'Your email address is already confirmed.',
        code: 'BAD_USER_INPUT',
      });
    });
  });

  describe('phone', () => {
    it('texts a 6-digit code under the marketplace name to the profile phone; the code confirms the phone', async () => {
      const client = await registered('phone-owner@example.com', '(303) 555-0101');
      expect(await client.data(requestConfirmPhone, { marketplaceId: '3' })).toEqual({
        requestConfirmPhone: true,
      });
      const [sms] = await mailbox(app, '+13035550101');
      expect(sms).toMatchObject({ channel: 'sms', from: 'Solace Wellness Studio', subject: null });
      expect(sms?.text).toMatch(
        /^Solace Wellness Studio: your phone verification code is \d{6}\. It expires in 10 minutes\.$/,
      );
      const code = await latestCode(app, '+13035550101');
      expect(await client.data(confirmPhone, { marketplaceId: '3', code })).toEqual({
        confirmPhone: { phoneConfirmed: true },
      });
      expect((await viewer(client)).phoneConfirmed).toBe(true);
    });

    it("names the group when no marketplace is given (the spec's call has no arguments)", async () => {
      const client = await registered('no-marketplace@example.com', '+13035550102');
      expect(await client.data(requestConfirmPhone)).toEqual({ requestConfirmPhone: true });
      const [sms] = await mailbox(app, '+13035550102');
      expect(sms?.text).toMatch(/^Solace Wellness: /);
    });

    it('counts wrong codes down and locks the code after five', async () => {
      const client = await registered('phone-guesser@example.com', '+13035550103');
      await client.data(requestConfirmPhone, { marketplaceId: '3' });
      const code = await latestCode(app, '+13035550103');
      const wrong = code === '111111' ? '222222' : '111111';
      const messages: (string | undefined)[] = [];
      for (let i = 0; i < 5; i++)
        messages.push((await errorOf(client, confirmPhone, { marketplaceId: '3', code: wrong })).message);
      expect(messages).toEqual([
        'Incorrect code. You have 4 tries left.',
        'Incorrect code. You have 3 tries left.',
        'Incorrect code. You have 2 tries left.',
        'Incorrect code. You have 1 try left.',
        'Too many incorrect codes. Please request a new code.',
      ]);
      expect((await errorOf(client, confirmPhone, { marketplaceId: '3', code })).message).toBe(
        'Too many incorrect codes. Please request a new code.',
      );
      expect((await viewer(client)).phoneConfirmed).toBe(false);
    });

    it('expires the code after 10 minutes', async () => {
      const client = await registered('slow-phone@example.com', '+13035550104');
      await client.data(requestConfirmPhone, { marketplaceId: '3' });
      const code = await latestCode(app, '+13035550104');
      clock.advance(10 * minute);
      expect(await errorOf(client, confirmPhone, { marketplaceId: '3', code })).toEqual({
        message: 'This code is no longer valid. Please request a new code.',
        code: 'BAD_USER_INPUT',
      });
    });

    it.each([
      ['', 'Code is required'],
      ['12345', 'Please enter a valid code'],
      ['1234567', 'Please enter a valid code'],
      ['12a456', 'Please enter a valid code'],
    ])('refuses the code %j with %j', async (code, message) => {
      const client = await registered(`bad-code-${code.length}-${ipCounter}@example.com`, null);
      expect(await errorOf(client, confirmPhone, { marketplaceId: '3', code })).toEqual({
        message,
        code: 'BAD_USER_INPUT',
      });
    });

    it('asks for a phone number first, and needs a session', async () => {
      const client = await registered('phoneless@example.com', null);
      expect(await errorOf(client, requestConfirmPhone, { marketplaceId: '3' })).toEqual({
        message: 'Please add a phone number to your profile first.',
        code: 'BAD_USER_INPUT',
      });
      expect(await errorOf(browser(), requestConfirmPhone, { marketplaceId: '3' })).toEqual({
        message: 'Please sign in to continue.',
        code: 'UNAUTHENTICATED',
      });
      expect(await errorOf(browser(), confirmPhone, { marketplaceId: '3', code: '123456' })).toEqual({
        message: 'Please sign in to continue.',
        code: 'UNAUTHENTICATED',
      });
    });
  });
});
