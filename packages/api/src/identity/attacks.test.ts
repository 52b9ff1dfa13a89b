// The identity attacks the API must withstand, each tried as the attacker did against a running
// instance: account pre-hijacking, lockout by a stranger, spoofed X-Forwarded-For, account
// enumeration and guessable passwords.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../app';
import { hostSecretHeader } from '../kernel/http/host-secret';
import { seededDatabase, type TestDatabase, testDatabases } from '../test/databases';
import {
  deliverAccountEmails,
  latestCode,
  mailbox,
  operations,
  setPassword as setPasswordOf,
  signInWithPasscode,
  TestBrowser,
  type TestClock,
  testClock,
} from '../test/identity';
import { developmentHostSecret, loadIdentityConfig } from './config';

type Response = Awaited<ReturnType<TestBrowser['post']>>;
const errorOf = (response: Response) => ({
  message: response.body.errors?.[0]?.message,
  code: response.body.errors?.[0]?.extensions?.code,
});
const incorrect = { message: 'Incorrect email or password.', code: 'UNAUTHENTICATED' };
const signInRequired = { message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' };
const requestConfirmEmail =
  'mutation ($marketplaceId: ID!) { requestConfirmEmail(marketplaceId: $marketplaceId) }';
const confirmEmail =
  'mutation ($marketplaceId: ID!, $token: String!) { confirmEmail(marketplaceId: $marketplaceId, token: $token) { emailConfirmed } }';
const updateProfile =
  'mutation ($mgId: ID!, $input: UpdateProfileInput!) { updateProfile(mgId: $mgId, input: $input) { id } }';

describe.each(testDatabases)('identity under attack on $name', (factory) => {
  let handle: TestDatabase;
  let app: App;
  let clock: TestClock;
  let ipCounter = 0;
  const browser = (ip = `192.0.2.${++ipCounter}`) =>
    new TestBrowser(app, { ip, origin: 'http://localhost:3000' });

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

  const register = (client: TestBrowser, email: string, password: string, marketplaceId = '1') =>
    client.post(operations.register, { marketplaceId, email, password });
  const authenticate = (client: TestBrowser, email: string, password: string) =>
    client.post(operations.authenticate, { marketplaceId: '1', email, password });
  const viewer = (client: TestBrowser) => client.post(operations.viewer, { mgId: '1' });

  describe('hole 1: account pre-hijacking', () => {
    it("drops the attacker's password and sessions once the owner proves the address with a code", async () => {
      const attacker = browser();
      await register(attacker, 'victim@example.com', 'attacker chosen words');
      // Registering signs nobody in; the attacker's password does, while the address is unproven.
      expect(errorOf(await viewer(attacker))).toEqual(signInRequired);
      expect((await authenticate(attacker, 'victim@example.com', 'attacker chosen words')).body.errors).toBe(
        undefined,
      );
      expect((await viewer(attacker)).body.errors).toBeUndefined();

      const owner = browser();
      await signInWithPasscode(app, owner, 'victim@example.com');

      expect(errorOf(await viewer(attacker))).toEqual(signInRequired);
      expect(errorOf(await authenticate(browser(), 'victim@example.com', 'attacker chosen words'))).toEqual(
        incorrect,
      );
      const ownerView = await owner.data<{ viewer: { emailConfirmed: boolean } }>(operations.viewer, {
        mgId: '1',
      });
      expect(ownerView.viewer.emailConfirmed).toBe(true);
    });

    it("drops the attacker's password and sessions once the owner proves the address with the confirmation link the attacker asked for", async () => {
      const email = 'link-victim@example.com';
      const attacker = browser();
      await register(attacker, email, 'attacker chosen words');
      await deliverAccountEmails(handle.database, clock.now);
      expect((await authenticate(attacker, email, 'attacker chosen words')).body.errors).toBeUndefined();
      expect((await attacker.post(requestConfirmEmail, { marketplaceId: '1' })).body.errors).toBeUndefined();

      // Both mails with a link say what following it does, in the same words.
      const [confirmation, registration] = await mailbox(app, email);
      const warning =
        'If you did not create a Glow Mobile IV account with this address, someone else did: ignore this email, or make the account yours. Confirming this address, by the link or by signing in to Glow Mobile IV with a code sent to it, ends every password, linked Google or Apple sign-in and session the account had before.';
      expect(confirmation?.text).toContain(warning);
      expect(confirmation?.html).toContain(warning);
      expect(registration?.text).toContain(warning);
      const token = confirmation?.links
        .map((link) => new URL(link))
        .find((url) => url.pathname === '/confirm-email')
        ?.searchParams.get('token');

      clock.advance(60_000);
      const owner = browser();
      expect((await owner.post(confirmEmail, { marketplaceId: '1', token })).body.data).toEqual({
        confirmEmail: { emailConfirmed: true },
      });
      // A browser that was not signed in stays a visitor; the owner signs in later with a code.
      expect(errorOf(await viewer(owner))).toEqual(signInRequired);
      await signInWithPasscode(app, owner, email);
      const saved = await owner.post(updateProfile, { mgId: '1', input: { givenName: 'Rightful' } });
      expect(saved.body.errors).toBeUndefined();

      expect(errorOf(await viewer(attacker))).toEqual(signInRequired);
      expect(errorOf(await authenticate(attacker, email, 'attacker chosen words'))).toEqual(incorrect);
      expect(errorOf(await authenticate(browser(), email, 'attacker chosen words'))).toEqual(incorrect);
      expect((await viewer(owner)).body.data).toMatchObject({
        viewer: { emailConfirmed: true, profile: { givenName: 'Rightful' } },
      });
    });

    it('keeps the password and sessions of an account whose address was already confirmed', async () => {
      const owner = browser();
      await signInWithPasscode(app, owner, 'confirmed-owner@example.com');
      await setPassword('confirmed-owner@example.com', 'owner secret phrase');
      await signInWithPasscode(app, browser(), 'confirmed-owner@example.com');
      expect((await viewer(owner)).body.errors).toBeUndefined();
      expect(
        (await authenticate(browser(), 'confirmed-owner@example.com', 'owner secret phrase')).body.errors,
      ).toBeUndefined();
    });
  });

  describe('hole 3: a stranger cannot lock the owner out', () => {
    it("leaves the owner able to ask for a code, and the owner's code working, after a stranger's five requests", async () => {
      const owner = browser();
      const { requestPasscode } = await owner.data<{ requestPasscode: { token: string } }>(
        operations.requestPasscode,
        { marketplaceId: '1', email: 'locked-owner@example.com' },
      );
      const ownerCode = await latestCode(app, 'locked-owner@example.com');
      const stranger = browser();
      const strangerAnswers: unknown[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await stranger.post(operations.requestPasscode, {
          marketplaceId: '1',
          email: 'locked-owner@example.com',
        });
        strangerAnswers.push(errorOf(response).code ?? 'ok');
      }
      expect(strangerAnswers).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'RATE_LIMITED']);
      // The owner's own allowance is untouched, and the code asked for before still signs in.
      expect(
        (
          await owner.post(operations.requestPasscode, {
            marketplaceId: '1',
            email: 'locked-owner@example.com',
          })
        ).body.errors,
      ).toBeUndefined();
      const signedIn = await owner.post(operations.passcodeAuthenticate, {
        token: requestPasscode.token,
        code: ownerCode,
        marketplaceId: '1',
      });
      expect(signedIn.body.errors).toBeUndefined();
    });

    it("slows a stranger's wrong passwords with growing delays and never refuses the owner's right one", async () => {
      const owner = browser();
      await signInWithPasscode(app, owner, 'guessed-owner@example.com');
      await setPassword('guessed-owner@example.com', 'owner secret phrase');

      const stranger = browser();
      for (let i = 0; i < 5; i++) {
        expect(errorOf(await authenticate(stranger, 'guessed-owner@example.com', `guess ${i}`))).toEqual(
          incorrect,
        );
      }
      const slowedDown = {
        message: 'Too many sign-in attempts. Please wait a while and try again.',
        code: 'RATE_LIMITED',
      };
      // The sixth try waits 2 s after the fifth failure, the seventh 4 s after the sixth.
      expect(errorOf(await authenticate(stranger, 'guessed-owner@example.com', 'guess 5'))).toEqual(
        slowedDown,
      );
      clock.advance(2_000);
      expect(errorOf(await authenticate(stranger, 'guessed-owner@example.com', 'guess 5'))).toEqual(
        incorrect,
      );
      clock.advance(3_000);
      expect(errorOf(await authenticate(stranger, 'guessed-owner@example.com', 'guess 6'))).toEqual(
        slowedDown,
      );
      clock.advance(1_000);
      expect(errorOf(await authenticate(stranger, 'guessed-owner@example.com', 'guess 6'))).toEqual(
        incorrect,
      );
      // Ten failures in all from the stranger's address, and the owner signs in at once.
      for (let i = 7; i < 10; i++) {
        clock.advance(60_000);
        await authenticate(stranger, 'guessed-owner@example.com', `guess ${i}`);
      }
      expect(
        (await authenticate(browser(), 'guessed-owner@example.com', 'owner secret phrase')).body.errors,
      ).toBe(undefined);
    });

    it("does not count the owner's successful sign-ins as failures", async () => {
      await signInWithPasscode(app, browser(), 'frequent@example.com');
      await setPassword('frequent@example.com', 'frequent flyer words');
      const sameDevice = browser();
      for (let i = 0; i < 8; i++) {
        expect(
          (await authenticate(sameDevice, 'frequent@example.com', 'frequent flyer words')).body.errors,
        ).toBe(undefined);
      }
    });
  });

  describe('hole 5: nothing tells whether an address has an account', () => {
    it('answers registration of a taken address exactly as a new one, and tells the owner by mail instead', async () => {
      await signInWithPasscode(app, browser(), 'taken-owner@example.com');
      await setPassword('taken-owner@example.com', 'owner secret phrase');
      const shape = (response: Response) => ({
        status: response.status,
        body: JSON.stringify(response.body).replace(/"email":"[^"]+"/, ''),
        setCookies: response.setCookies,
      });
      const taken = await register(browser(), 'Taken-Owner@example.com', 'attacker chosen words');
      const fresh = await register(browser(), 'fresh-address@example.com', 'attacker chosen words');
      expect(shape(taken)).toEqual(shape(fresh));
      expect(taken.body.data).toEqual({
        register: { email: 'Taken-Owner@example.com', emailConfirmed: false },
      });

      await deliverAccountEmails(handle.database, clock.now);
      const [note] = await mailbox(app, 'taken-owner@example.com');
      expect(note?.subject).toBe('You already have a Glow Mobile IV account');
      expect(note?.links).toContain('http://localhost:3000/1');
      // The owner's account is as it was.
      expect(
        errorOf(await authenticate(browser(), 'taken-owner@example.com', 'attacker chosen words')),
      ).toEqual(incorrect);
      expect(
        (await authenticate(browser(), 'taken-owner@example.com', 'owner secret phrase')).body.errors,
      ).toBe(undefined);
    });

    it('does the same work for a reset of a known and an unknown address: one queued job, no mail yet', async () => {
      await signInWithPasscode(app, browser(), 'reset-known@example.com');
      const work = async (email: string) => {
        const before = await counts();
        const response = await browser().post(operations.requestResetPassword, {
          webOriginUrl: 'http://localhost:3000',
          email,
          mgId: '1',
        });
        const after = await counts();
        return {
          body: response.body,
          setCookies: response.setCookies,
          jobs: after.jobs - before.jobs,
          outbox: after.outbox - before.outbox,
          tokens: after.tokens - before.tokens,
        };
      };
      const known = await work('reset-known@example.com');
      const unknown = await work('reset-unknown@example.com');
      expect(known).toEqual(unknown);
      expect(known).toMatchObject({ jobs: 1, outbox: 0, tokens: 0 });
      await deliverAccountEmails(handle.database, clock.now);
      expect((await mailbox(app, 'reset-known@example.com'))[0]?.subject).toBe(
        'Reset your Glow Mobile IV password',
      );
      expect(await mailbox(app, 'reset-unknown@example.com')).toEqual([]);
    });
  });

  describe('hole 6: guessable passwords and registration floods', () => {
    it.each(['password', '12345678', 'iloveyou', 'qwertyuiop', 'aaaaaaaaaaaa'])(
      'refuses %j at registration and reset, saying why',
      async (password) => {
        const refused = errorOf(await register(browser(), 'weak-password@example.com', password));
        expect(refused.code).toBe('BAD_USER_INPUT');
        expect(refused.message).toMatch(/^This password is too easy to guess\. \S/);
        const reset = await browser().post(operations.resetPasswordByToken, {
          webOriginUrl: 'http://localhost:3000',
          password,
          token: 'whatever',
          mgId: '1',
        });
        expect(errorOf(reset)).toEqual(refused);
      },
    );

    it('refuses a password made of the email address', async () => {
      const refused = errorOf(
        await register(browser(), 'margaret.hamilton@example.com', 'margaret.hamilton'),
      );
      expect(refused.message).toMatch(/^This password is too easy to guess\./);
    });

    it('accepts a long passphrase of 64 characters and more', async () => {
      const passphrase = 'velvet harbour lantern quietly folds the amber tide at midnight ok';
      expect(passphrase.length).toBeGreaterThanOrEqual(64);
      expect(
        (await register(browser(), 'long-passphrase@example.com', passphrase)).body.errors,
      ).toBeUndefined();
      expect(
        (await authenticate(browser(), 'long-passphrase@example.com', passphrase)).body.errors,
      ).toBeUndefined();
    });

    it('throttles registrations from one IP address: 10 an hour', async () => {
      const flood = browser();
      const answers: unknown[] = [];
      for (let i = 0; i < 12; i++) {
        answers.push(
          errorOf(await register(flood, `flood-${i}@example.com`, 'correct horse battery')).code ?? 'ok',
        );
      }
      expect(answers).toEqual([...Array(10).fill('ok'), 'RATE_LIMITED', 'RATE_LIMITED']);
      expect((await register(browser(), 'flood-12@example.com', 'correct horse battery')).body.errors).toBe(
        undefined,
      );
    });
  });

  const setPassword = (email: string, password: string) => setPasswordOf(handle.database, email, password);

  async function counts() {
    const [row] = await handle.database.transaction((tx) =>
      tx.query<{ jobs: number; outbox: number; tokens: number }>(
        `select (select count(*)::int from pgboss.job where name = 'account-email') as jobs,
                (select count(*)::int from outbox_messages) as outbox,
                (select count(*)::int from user_tokens) as tokens`,
      ),
    );
    if (!row) throw new Error('No counts');
    return row;
  }
});

describe.each(testDatabases)('hole 4: X-Forwarded-For on $name', (factory) => {
  let handle: TestDatabase;
  const servers: Server[] = [];

  beforeAll(async () => {
    handle = await seededDatabase(factory, {
      catalogOverrideEntry: 'http://localhost:3011/mf-manifest.json',
    });
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    await handle.dispose();
  });

  /** The API on a real socket, as a client reaching its port would see it. */
  async function listen(env: Record<string, string>): Promise<string> {
    const app = createApp({
      db: handle.database,
      config: {
        nodeEnv: 'test',
        identity: loadIdentityConfig({ PASSCODE_LIMIT_PER_IP: '5', ...env }, 'test'),
      },
      logging: false,
    });
    const server = createServer(app);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  }

  /** `throughHost`: the request presents the host's secret, as the host's server does. */
  const ask = (url: string, email: string, forwardedFor: string, throughHost = false) =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': forwardedFor,
        ...(throughHost ? { [hostSecretHeader]: developmentHostSecret } : {}),
      },
      body: JSON.stringify({
        query: operations.requestPasscode,
        variables: { marketplaceId: '1', email },
      }),
    }).then(async (response) => (await response.json()) as { errors?: { extensions?: { code?: string } }[] });

  it('ignores X-Forwarded-For without trusted proxies: a fresh address per request does not reset the limit', async () => {
    const url = await listen({});
    const codes: unknown[] = [];
    for (let i = 0; i < 7; i++) {
      codes.push(
        (await ask(url, `spoof-${i}@example.com`, `203.0.113.${i}`)).errors?.[0]?.extensions?.code ?? 'ok',
      );
    }
    expect(codes).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'RATE_LIMITED', 'RATE_LIMITED']);
  });

  it('behind one trusted proxy, counts the address the proxy appended, not what the client sent before it', async () => {
    const url = await listen({ TRUST_PROXY_HOPS: '1' });
    const codes: unknown[] = [];
    for (let i = 0; i < 7; i++) {
      const answer = await ask(url, `proxied-${i}@example.com`, `10.9.8.${i}, 198.51.100.200`, true);
      codes.push(answer.errors?.[0]?.extensions?.code ?? 'ok');
    }
    expect(codes).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'RATE_LIMITED', 'RATE_LIMITED']);
  });

  it('behind one trusted proxy, clients at different addresses each have their own limit', async () => {
    const url = await listen({ TRUST_PROXY_HOPS: '1' });
    const codes: unknown[] = [];
    for (let i = 0; i < 7; i++) {
      const answer = await ask(url, `apart-${i}@example.com`, `198.51.100.${i + 10}`, true);
      codes.push(answer.errors?.[0]?.extensions?.code ?? 'ok');
    }
    expect(codes).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok']);
  });
});
