import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcDevClients } from '../adapters/oidc-dev-provider/dev-clients';
import {
  type RunningOidcDevProvider,
  startOidcDevProvider,
} from '../adapters/oidc-dev-provider/dev-provider';
import { type App, createApp } from '../app';
import { migrate } from '../db/migrate';
import { seedDemo } from '../db/seed';
import { loadIdentityConfig } from '../identity-config';
import { type TestDatabase, testDatabases } from '../test/databases';
import {
  mailbox,
  minute,
  operations,
  signInWithPasscode,
  TestBrowser,
  type TestClock,
  testClock,
} from '../test/identity';
import { signInAtDevProvider, startFakeOpenIdProvider } from '../test/openid';

const thirdPartyFields = `
  token
  userData { email givenName familyName phone dob privateEmail }
  authenticatePayload { emailConfirmed profile { email } user { id } }`;
const googleAuthenticate = `mutation ($marketplaceId: ID!, $code: String!, $clientId: String!, $redirectUrl: String!) {
  googleAuthenticate(marketplaceId: $marketplaceId, code: $code, clientId: $clientId, redirectUrl: $redirectUrl) { ${thirdPartyFields} }
}`;
const appleAuthenticate = `mutation ($marketplaceId: ID!, $code: String!, $clientId: String!, $redirectUrl: String!) {
  appleAuthenticate(marketplaceId: $marketplaceId, code: $code, clientId: $clientId, redirectUrl: $redirectUrl) { ${thirdPartyFields} }
}`;
const registerWithToken = `mutation ($marketplaceId: ID!, $token: String!, $email: String!, $privateEmail: Boolean, $profile: ProfileInput!) {
  registerWithToken(marketplaceId: $marketplaceId, token: $token, email: $email, privateEmail: $privateEmail, profile: $profile) {
    emailConfirmed
    profile { email givenName familyName phone dob address tzid }
    user { id }
  }
}`;
const authProviders = `query ($marketplaceId: ID!) {
  authProviders(marketplaceId: $marketplaceId) { provider authorizationEndpoint clientId scope redirectPath }
}`;

interface ThirdPartyData {
  token: string | null;
  userData: {
    email: string | null;
    givenName: string | null;
    familyName: string | null;
    privateEmail: boolean;
  } | null;
  authenticatePayload: { emailConfirmed: boolean; profile: { email: string }; user: { id: string } } | null;
}

const profile = {
  givenName: 'Jane',
  familyName: 'Doe',
  phone: '+12125550199',
  dob: '1988-07-04',
  address: '11 Wall St, New York, NY 10005',
  tzid: 'America/New_York',
};

describe.each(testDatabases)('Google and Apple sign-in on $name', (factory) => {
  let handle: TestDatabase;
  let provider: RunningOidcDevProvider;
  let app: App;
  let clock: TestClock;
  let ipCounter = 0;
  const browser = () =>
    new TestBrowser(app, { ip: `100.72.0.${++ipCounter}`, origin: 'http://localhost:3000' });

  beforeAll(async () => {
    handle = await factory.create();
    await migrate(handle.database);
    await seedDemo(handle.database, { catalogOverrideEntry: 'http://localhost:3011/mf-manifest.json' });
    provider = await startOidcDevProvider({ port: 0 });
    clock = testClock();
    app = createApp({
      db: handle.database,
      config: {
        nodeEnv: 'test',
        identity: loadIdentityConfig({ OIDC_DEV_PORT: String(provider.port), TRUST_PROXY_HOPS: '1' }, 'test'),
      },
      identity: { clock: clock.now },
    });
  });
  afterAll(async () => {
    await provider.close();
    await handle.dispose();
  });

  const providers = {
    google: {
      operation: googleAuthenticate,
      field: 'googleAuthenticate',
      clientId: oidcDevClients.google.clientId,
      redirectUrl: 'http://localhost:3000/auth/google/callback',
    },
    apple: {
      operation: appleAuthenticate,
      field: 'appleAuthenticate',
      clientId: oidcDevClients.apple.clientId,
      redirectUrl: 'http://localhost:3000/auth/apple/callback',
    },
  } as const;

  /** Signs in at the provider as `email` and hands the code to the API, as the callback page does. */
  const thirdParty = async (
    client: TestBrowser,
    name: keyof typeof providers,
    email: string,
    marketplaceId = '1',
  ) => {
    const { operation, field, clientId, redirectUrl } = providers[name];
    const { code } = await signInAtDevProvider({
      issuer: provider.issuer,
      clientId,
      redirectUri: redirectUrl,
      email,
    });
    const response = await client.post<Record<string, ThirdPartyData>>(operation, {
      marketplaceId,
      code,
      clientId,
      redirectUrl,
    });
    return { response, result: response.body.data?.[field], code };
  };

  it('tells the browser where to start each sign-in', async () => {
    const data = await browser().data(authProviders, { marketplaceId: '1' });
    expect(data).toEqual({
      authProviders: [
        {
          provider: 'GOOGLE',
          authorizationEndpoint: `${provider.issuer}/auth`,
          clientId: 'atrium-google-dev',
          scope: 'openid email profile',
          redirectPath: '/auth/google/callback',
        },
        {
          provider: 'APPLE',
          authorizationEndpoint: `${provider.issuer}/auth`,
          clientId: 'atrium-apple-dev',
          scope: 'openid email profile',
          redirectPath: '/auth/apple/callback',
        },
      ],
    });
  });

  describe.each(['google', 'apple'] as const)('%s', (name) => {
    it('gives an unknown person a registration token and their data; registerWithToken creates the account and signs it in', async () => {
      const email = `jane.doe@${name}.example`;
      const client = browser();
      const { response, result } = await thirdParty(client, name, email);
      expect(response.body.errors).toBeUndefined();
      expect(result).toEqual({
        token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
        userData: {
          email,
          givenName: 'Jane',
          familyName: 'Doe',
          phone: null,
          dob: null,
          privateEmail: false,
        },
        authenticatePayload: null,
      });
      expect(client.sessionToken).toBeUndefined();

      const registered = await client.post<{
        registerWithToken: { emailConfirmed: boolean; user: { id: string } };
      }>(registerWithToken, {
        marketplaceId: '1',
        token: result?.token,
        email,
        privateEmail: false,
        profile,
      });
      expect(registered.body.errors).toBeUndefined();
      expect(registered.body.data?.registerWithToken).toMatchObject({
        emailConfirmed: true,
        profile: { email, ...profile },
      });
      const viewer = await client.data<{ viewer: { id: string; emailConfirmed: boolean } }>(
        operations.viewer,
        {
          mgId: '1',
        },
      );
      expect(viewer.viewer).toMatchObject({
        id: registered.body.data?.registerWithToken.user.id,
        emailConfirmed: true,
      });
      // A verified address needs no confirmation email.
      expect(await mailbox(app, email)).toEqual([]);

      // Next time the same account signs straight in.
      const again = await thirdParty(browser(), name, email);
      expect(again.result).toMatchObject({
        token: null,
        userData: null,
        authenticatePayload: { emailConfirmed: true, user: { id: viewer.viewer.id } },
      });
    });

    it('signs in an existing user with the verified email, linking the account and rotating the session', async () => {
      const email = `existing.${name}@example.com`;
      const client = browser();
      const userId = await signInWithPasscode(app, client, email);
      const before = client.sessionToken;
      const { result } = await thirdParty(client, name, email);
      expect(result).toMatchObject({
        token: null,
        authenticatePayload: { user: { id: userId }, profile: { email } },
      });
      expect(client.sessionToken).not.toBe(before);
      expect((await client.post(operations.viewer, { mgId: '1' })).body.errors).toBeUndefined();
      const links = await handle.database.transaction((tx) =>
        tx.query<{ provider: string }>('select provider from external_identities where user_id = $1', [
          Number(userId),
        ]),
      );
      expect(links).toEqual([{ provider: name }]);
    });

    it('refuses an authorization code used twice', async () => {
      const client = browser();
      const { code } = await thirdParty(client, name, `twice.${name}@example.com`);
      const { operation, clientId, redirectUrl } = providers[name];
      expect(await client.error(operation, { marketplaceId: '1', code, clientId, redirectUrl })).toEqual({
        message: `${name === 'google' ? 'Google' : 'Apple'} sign-in failed. Please try again.`,
        code: 'UNAUTHENTICATED',
      });
    });
  });

  it('refuses another client id and a redirect address outside the web origins', async () => {
    const variables = {
      marketplaceId: '1',
      code: 'x',
      clientId: 'atrium-google-dev',
      redirectUrl: providers.google.redirectUrl,
    };
    expect(await browser().error(googleAuthenticate, { ...variables, clientId: 'someone-else' })).toEqual({
      message: 'This is not the Google client of this site.',
      code: 'BAD_USER_INPUT',
    });
    for (const redirectUrl of [
      'https://evil.example/auth/google/callback',
      'http://localhost:3000/auth/apple/callback',
      'http://localhost:3000/auth/google/callback?next=https://evil.example',
    ]) {
      expect(await browser().error(googleAuthenticate, { ...variables, redirectUrl })).toEqual({
        message: 'This redirect address is not allowed.',
        code: 'BAD_USER_INPUT',
      });
    }
  });

  describe('registerWithToken', () => {
    const tokenFor = async (email: string, marketplaceId = '1') => {
      const { result } = await thirdParty(browser(), 'google', email, marketplaceId);
      if (!result?.token) throw new Error('no registration token');
      return result.token;
    };

    it.each([
      ['givenName', 'First Name is required'],
      ['familyName', 'Last Name is required'],
      ['phone', 'Phone Number is required'],
      ['dob', 'Date of Birth is required'],
      ['address', 'Address is required'],
    ])('needs %s (%j)', async (field, message) => {
      const token = await tokenFor(`missing.${field}@example.com`);
      for (const value of ['', null]) {
        expect(
          await browser().error(registerWithToken, {
            marketplaceId: '1',
            token,
            email: `missing.${field}@example.com`,
            profile: { ...profile, [field]: value },
          }),
        ).toEqual({ message, code: 'BAD_USER_INPUT' });
      }
    });

    it("needs the email ('Email is required')", async () => {
      const token = await tokenFor('missing.email@example.com');
      expect(
        await browser().error(registerWithToken, { marketplaceId: '1', token, email: '', profile }),
      ).toEqual({
        message: 'Email is required',
        code: 'BAD_USER_INPUT',
      });
    });

    it('leaves another address than the verified one unconfirmed and emails it a confirmation link', async () => {
      const token = await tokenFor('verified.address@example.com');
      const client = browser();
      const response = await client.post<{ registerWithToken: { emailConfirmed: boolean } }>(
        registerWithToken,
        {
          marketplaceId: '1',
          token,
          email: 'typed.address@example.com',
          profile,
        },
      );
      expect(response.body.data?.registerWithToken).toMatchObject({
        emailConfirmed: false,
        profile: { email: 'typed.address@example.com' },
      });
      const [mail] = await mailbox(app, 'typed.address@example.com');
      expect(mail?.subject).toBe('Confirm your email for Glow Mobile IV');
    });

    it('signs in the account a first submit created when the form is sent twice', async () => {
      const token = await tokenFor('double.submit@example.com');
      const variables = { marketplaceId: '1', token, email: 'double.submit@example.com', profile };
      const first = await browser().data<{ registerWithToken: { user: { id: string } } }>(
        registerWithToken,
        variables,
      );
      const second = await browser().data<{ registerWithToken: { user: { id: string } } }>(
        registerWithToken,
        variables,
      );
      expect(second.registerWithToken.user.id).toBe(first.registerWithToken.user.id);
    });

    it('refuses a token of another marketplace group, a forged one, and one older than 15 minutes', async () => {
      const expired = { message: 'Your sign-in has expired. Please sign in again.', code: 'UNAUTHENTICATED' };
      const groupOne = await tokenFor('group.one.token@example.com', '1');
      expect(
        await browser().error(registerWithToken, {
          marketplaceId: '2',
          token: groupOne,
          email: 'group.one.token@example.com',
          profile,
        }),
      ).toEqual(expired);
      const [header, payload] = groupOne.split('.');
      expect(
        await browser().error(registerWithToken, {
          marketplaceId: '1',
          token: `${header}.${payload}.forged-signature`,
          email: 'group.one.token@example.com',
          profile,
        }),
      ).toEqual(expired);
      clock.advance(15 * minute + 1000);
      expect(
        await browser().error(registerWithToken, {
          marketplaceId: '1',
          token: groupOne,
          email: 'group.one.token@example.com',
          profile,
        }),
      ).toEqual(expired);
    });
  });
});

describe.each(testDatabases)('ID tokens a provider would never issue, on $name', (factory) => {
  let handle: TestDatabase;
  let fake: Awaited<ReturnType<typeof startFakeOpenIdProvider>>;
  let app: App;

  beforeAll(async () => {
    handle = await factory.create();
    await migrate(handle.database);
    await seedDemo(handle.database, { catalogOverrideEntry: 'http://localhost:3011/mf-manifest.json' });
    fake = await startFakeOpenIdProvider();
    app = createApp({
      db: handle.database,
      config: {
        nodeEnv: 'test',
        identity: loadIdentityConfig(
          {
            GOOGLE_ISSUER: fake.issuer,
            GOOGLE_CLIENT_ID: 'fake-client',
            GOOGLE_CLIENT_SECRET: 'fake-secret',
          },
          'test',
        ),
      },
    });
  });
  afterAll(async () => {
    await fake.close();
    await handle.dispose();
  });

  const now = () => Math.floor(Date.now() / 1000);
  const validClaims = () => ({
    iss: fake.issuer,
    aud: 'fake-client',
    sub: 'fake-subject-1',
    email: 'fake.person@example.com',
    email_verified: true,
    given_name: 'Fake',
    family_name: 'Person',
    iat: now(),
    exp: now() + 300,
  });
  const signIn = (client: TestBrowser) =>
    client.post<{ googleAuthenticate: ThirdPartyData }>(googleAuthenticate, {
      marketplaceId: '1',
      code: 'any-code',
      clientId: 'fake-client',
      redirectUrl: 'http://localhost:3000/auth/google/callback',
    });

  it('accepts a token signed with the JWKS key, for this client, from this issuer, unexpired', async () => {
    await fake.willIssue(validClaims());
    const response = await signIn(new TestBrowser(app));
    expect(response.body.data?.googleAuthenticate.userData).toMatchObject({
      email: 'fake.person@example.com',
    });
  });

  it.each([
    ['signed with a key that is not in the JWKS (forged)', {}, { untrustedKey: true }],
    ['for another audience', { aud: 'another-client' }, {}],
    ['from another issuer', { iss: 'https://accounts.evil.example' }, {}],
    ['that has expired', { iat: now() - 3600, exp: now() - 120 }, {}],
  ])('refuses a token %s, and sets no session', async (_label, claims, options) => {
    await fake.willIssue({ ...validClaims(), ...claims }, options);
    const client = new TestBrowser(app);
    const response = await signIn(client);
    expect(response.body.data).toBeNull();
    expect(response.body.errors?.map((error) => [error.message, error.extensions?.code])).toEqual([
      ['Google sign-in failed. Please try again.', 'UNAUTHENTICATED'],
    ]);
    expect(response.setCookies).toEqual([]);
  });
});
