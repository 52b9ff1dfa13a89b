import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../app';
import { type RunningOidcDevProvider, startOidcDevProvider } from '../oidc-dev-provider/dev-provider';
import { seededDatabase, type TestDatabase, testDatabases } from '../test/databases';
import {
  deliverAccountEmails,
  latestLinkToken,
  mailbox,
  minute,
  operations,
  signInWithPasscode,
  TestBrowser,
  type TestClock,
  testClock,
} from '../test/identity';
import { s256, signInAtDevProvider, startFakeOpenIdProvider } from '../test/openid';
import { oidcDevClients } from './adapters/oidc-dev-provider/dev-clients';
import { loadIdentityConfig } from './config';

const thirdPartyFields = `
  token
  userData { email givenName familyName phone dob privateEmail }
  authenticatePayload { emailConfirmed profile { email } user { id } }
  returnPath`;
const authenticateVariables =
  '$marketplaceId: ID!, $code: String!, $clientId: String!, $redirectUrl: String!, $state: String, $iss: String';
const authenticateArguments =
  'marketplaceId: $marketplaceId, code: $code, clientId: $clientId, redirectUrl: $redirectUrl, state: $state, iss: $iss';
const googleAuthenticate = `mutation (${authenticateVariables}) {
  googleAuthenticate(${authenticateArguments}) { ${thirdPartyFields} }
}`;
const appleAuthenticate = `mutation (${authenticateVariables}) {
  appleAuthenticate(${authenticateArguments}) { ${thirdPartyFields} }
}`;
const startThirdPartySignIn = `mutation ($marketplaceId: ID!, $provider: ThirdPartyProvider!, $returnPath: String) {
  startThirdPartySignIn(marketplaceId: $marketplaceId, provider: $provider, returnPath: $returnPath) { authorizationUrl }
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
  returnPath: string;
}

const unverified = {
  message: 'This sign-in could not be verified. Please start the sign-in again.',
  code: 'UNAUTHENTICATED',
};

const profile = {
  givenName: 'Jane',
  familyName: 'Doe',
  phone: '+12125550199',
  dob: '1988-07-04',
  address: '11 Wall St, New York, NY 10005',
  tzid: 'America/New_York',
};

/** Starts a sign-in in `client` and returns the authorization URL the API made. */
async function start(
  client: TestBrowser,
  provider: 'GOOGLE' | 'APPLE',
  marketplaceId = '1',
  returnPath?: string,
): Promise<URL> {
  const data = await client.data<{ startThirdPartySignIn: { authorizationUrl: string } }>(
    startThirdPartySignIn,
    { marketplaceId, provider, returnPath },
  );
  return new URL(data.startThirdPartySignIn.authorizationUrl);
}

/** Posts a form to the API's Apple form_post endpoint as the browser would (no cookies: cross-site). */
function postToAppleEndpoint(app: App, body: string, contentType = 'application/x-www-form-urlencoded') {
  return app.fetch('http://localhost/auth/apple/form-post', {
    method: 'POST',
    headers: { 'content-type': contentType, origin: 'https://appleid.apple.com' },
    body,
    redirect: 'manual',
  });
}

describe.each(testDatabases)('Google and Apple sign-in on $name', (factory) => {
  let handle: TestDatabase;
  let provider: RunningOidcDevProvider;
  let app: App;
  let clock: TestClock;
  let ipCounter = 0;
  const browser = () =>
    new TestBrowser(app, { ip: `100.72.0.${++ipCounter}`, origin: 'http://localhost:3000' });

  beforeAll(async () => {
    handle = await seededDatabase(factory, {
      catalogOverrideEntry: 'http://localhost:3011/mf-manifest.json',
    });
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
      enumValue: 'GOOGLE',
      operation: googleAuthenticate,
      field: 'googleAuthenticate',
      clientId: oidcDevClients.google.clientId,
      redirectUrl: 'http://localhost:3000/auth/google/callback',
    },
    apple: {
      enumValue: 'APPLE',
      operation: appleAuthenticate,
      field: 'appleAuthenticate',
      clientId: oidcDevClients.apple.clientId,
      redirectUrl: 'http://localhost:3000/auth/apple/form-post',
    },
  } as const;

  /**
   * Starts a sign-in in `client`, signs in at the provider as `email` and returns what the callback
   * page receives: for Apple, after the provider's form_post went through the API's endpoint.
   */
  const answerFor = async (
    client: TestBrowser,
    name: keyof typeof providers,
    email: string,
    options: { marketplaceId?: string; returnPath?: string } = {},
  ) => {
    const url = await start(client, providers[name].enumValue, options.marketplaceId, options.returnPath);
    const answer = await signInAtDevProvider({ authorizationUrl: url.toString(), email });
    if (answer.mode === 'query') return answer.params;
    const response = await postToAppleEndpoint(app, answer.params.toString());
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '', 'http://localhost:3000');
    expect(location.pathname).toBe('/auth/apple/callback');
    return location.searchParams;
  };

  /** Hands an answer to the API, as the callback page does. */
  const authenticate = (
    client: TestBrowser,
    name: keyof typeof providers,
    params: URLSearchParams,
    marketplaceId = '1',
  ) => {
    const { operation, clientId, redirectUrl } = providers[name];
    return client.post<Record<string, ThirdPartyData>>(operation, {
      marketplaceId,
      code: params.get('code'),
      state: params.get('state'),
      iss: params.get('iss'),
      clientId,
      redirectUrl,
    });
  };

  /** The whole sign-in in one browser. */
  const thirdParty = async (
    client: TestBrowser,
    name: keyof typeof providers,
    email: string,
    marketplaceId = '1',
  ) => {
    const params = await answerFor(client, name, email, { marketplaceId });
    const response = await authenticate(client, name, params, marketplaceId);
    return { response, result: response.body.data?.[providers[name].field], params };
  };

  it('tells the browser which sign-ins the marketplace offers', async () => {
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
          redirectPath: '/auth/apple/form-post',
        },
      ],
    });
  });

  describe.each(['google', 'apple'] as const)('%s', (name) => {
    it('starts with an authorization URL carrying a random state, a nonce and an S256 code challenge, kept server-side and bound to the browser', async () => {
      const client = browser();
      const response = await client.post<{ startThirdPartySignIn: { authorizationUrl: string } }>(
        startThirdPartySignIn,
        { marketplaceId: '1', provider: providers[name].enumValue, returnPath: '/1/services' },
      );
      const url = new URL(response.body.data?.startThirdPartySignIn.authorizationUrl ?? '');
      expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/auth`);
      const params = Object.fromEntries(url.searchParams);
      expect(params).toEqual({
        client_id: providers[name].clientId,
        redirect_uri: providers[name].redirectUrl,
        response_type: 'code',
        scope: 'openid email profile',
        state: expect.stringMatching(/^[\w-]{43}$/),
        nonce: expect.stringMatching(/^[\w-]{43}$/),
        code_challenge: expect.stringMatching(/^[\w-]{43}$/),
        code_challenge_method: 'S256',
        ...(name === 'apple' ? { response_mode: 'form_post' } : {}),
      });
      // The return path travels inside the server-side state, not in it.
      expect(params.state).not.toContain(Buffer.from('/1/services').toString('base64url'));
      expect(response.setCookies).toEqual([expect.stringMatching(/^atrium_sign_in=[\w-]{43}; /)]);
      for (const attribute of [/; HttpOnly/, /; SameSite=Lax/, /; Path=\//, /; Expires=/]) {
        expect(response.setCookies[0]).toMatch(attribute);
      }
      // On localhost (plain http) not Secure, as the session cookie.
      expect(response.setCookies[0]).not.toMatch(/Secure/i);

      const rows = await handle.database.transaction((tx) =>
        tx.query<Record<string, unknown>>(
          `select state_hash, browser_hash, mg_id, provider, code_verifier, nonce, redirect_uri, return_path,
                  extract(epoch from expires_at - created_at) as lifetime
             from third_party_sign_ins where state_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
          [params.state],
        ),
      );
      expect(rows).toEqual([
        {
          state_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
          browser_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
          mg_id: 1,
          provider: name,
          code_verifier: expect.any(String),
          nonce: params.nonce,
          redirect_uri: providers[name].redirectUrl,
          return_path: '/1/services',
          lifetime: expect.anything(),
        },
      ]);
      expect(Number(rows[0]?.lifetime)).toBe(600);
      expect(await s256(String(rows[0]?.code_verifier))).toBe(params.code_challenge);

      // A second start in the same browser keeps its binding secret; each has its own state.
      const again = await start(client, providers[name].enumValue);
      expect(again.searchParams.get('state')).not.toBe(params.state);
      expect(again.searchParams.get('nonce')).not.toBe(params.nonce);
    });

    it('marks the binding cookie Secure outside localhost, as the session cookie', async () => {
      const client = new TestBrowser(app, { ip: `100.72.1.${++ipCounter}`, origin: 'https://book.example' });
      const response = await client.post(startThirdPartySignIn, {
        marketplaceId: '1',
        provider: providers[name].enumValue,
      });
      expect(response.setCookies).toEqual([expect.stringMatching(/^atrium_sign_in=.*; Secure/)]);
    });

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
        returnPath: '/',
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
        { mgId: '1' },
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

    it("drops a pre-registered attacker's password and sessions when the owner signs in with the provider's verified email", async () => {
      const email = `pre-hijacked.${name}@example.com`;
      const attacker = browser();
      await attacker.data(operations.register, {
        marketplaceId: '1',
        email,
        password: 'attacker chosen words',
      });
      await attacker.data(operations.authenticate, {
        marketplaceId: '1',
        email,
        password: 'attacker chosen words',
      });
      expect((await attacker.post(operations.viewer, { mgId: '1' })).body.errors).toBeUndefined();

      const { result } = await thirdParty(browser(), name, email);
      expect(result).toMatchObject({ authenticatePayload: { emailConfirmed: true, profile: { email } } });
      expect((await attacker.post(operations.viewer, { mgId: '1' })).body.errors?.[0]?.extensions?.code).toBe(
        'UNAUTHENTICATED',
      );
      const again = await browser().post(operations.authenticate, {
        marketplaceId: '1',
        email,
        password: 'attacker chosen words',
      });
      expect(again.body.errors?.[0]?.message).toBe('Incorrect email or password.');
    });

    it('answers the checked return path the sign-in was started from, and / for anything that is not a path of this site', async () => {
      const email = `return.path.${name}@example.com`;
      await thirdParty(browser(), name, email);
      for (const [returnPath, expected] of [
        ['/1/services?location=101', '/1/services?location=101'],
        [undefined, '/'],
        ['https://evil.example/', '/'],
        ['//evil.example/path', '/'],
        ['/\\evil.example', '/'],
        ['javascript:alert(1)', '/'],
      ] as const) {
        const client = browser();
        const params = await answerFor(client, name, email, { returnPath });
        const response = await authenticate(client, name, params);
        expect(response.body.data?.[providers[name].field]?.returnPath).toBe(expected);
      }
    });

    it('refuses a missing or tampered state, and sets no session', async () => {
      const client = browser();
      const params = await answerFor(client, name, `tampered.${name}@example.com`);
      const state = params.get('state') ?? '';
      for (const forged of [
        null,
        '',
        `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`,
        Buffer.from('/1/services').toString('base64url'),
      ]) {
        const tampered = new URLSearchParams(params);
        if (forged === null) tampered.delete('state');
        else tampered.set('state', forged);
        const response = await authenticate(client, name, tampered);
        expect(response.body.errors?.map((e) => ({ message: e.message, code: e.extensions?.code }))).toEqual([
          unverified,
        ]);
        expect(response.setCookies).toEqual([]);
      }
      // The real state still works in the browser that started it.
      const response = await authenticate(client, name, params);
      expect(response.body.errors).toBeUndefined();
    });

    it("refuses a state with another browser's binding cookie (login CSRF), or none", async () => {
      const victim = browser();
      const attacker = browser();
      // The attacker starts a sign-in, signs in at the provider as themselves, and has the victim's
      // browser deliver the answer.
      const params = await answerFor(attacker, name, `attacker.${name}@example.com`);
      expect(await victimDelivers(victim, params)).toEqual([unverified]);
      expect(victim.sessionToken).toBeUndefined();
      // The victim has a sign-in of their own going: a cookie, but not the one of this state.
      await start(victim, providers[name].enumValue);
      expect(victim.cookies.get('atrium_sign_in')).not.toBe(attacker.cookies.get('atrium_sign_in'));
      expect(await victimDelivers(victim, params)).toEqual([unverified]);
      expect(victim.sessionToken).toBeUndefined();
      // A cookie with another secret is refused too.
      const forger = browser();
      forger.cookies.set('atrium_sign_in', 'A'.repeat(43));
      expect(await victimDelivers(forger, params)).toEqual([unverified]);

      async function victimDelivers(client: TestBrowser, answer: URLSearchParams) {
        const response = await authenticate(client, name, answer);
        return response.body.errors?.map((e) => ({ message: e.message, code: e.extensions?.code }));
      }
    });

    it('refuses a replayed state, and a used code presented with a new state', async () => {
      const client = browser();
      const { params, result } = await thirdParty(client, name, `twice.${name}@example.com`);
      expect(result?.token).toEqual(expect.any(String));
      expect(await client.error(providers[name].operation, variablesOf(params))).toEqual(unverified);

      // The old code with a state of a new sign-in: PKCE binds a code to the sign-in that asked for it.
      const fresh = await start(client, providers[name].enumValue);
      const injected = new URLSearchParams(params);
      injected.set('state', fresh.searchParams.get('state') ?? '');
      expect(await client.error(providers[name].operation, variablesOf(injected))).toEqual({
        message: `${name === 'google' ? 'Google' : 'Apple'} sign-in failed. Please try again.`,
        code: 'UNAUTHENTICATED',
      });
    });

    it('refuses a state older than 10 minutes', async () => {
      const client = browser();
      const params = await answerFor(client, name, `late.${name}@example.com`);
      clock.advance(10 * minute + 1000);
      try {
        expect(await client.error(providers[name].operation, variablesOf(params))).toEqual(unverified);
      } finally {
        clock.set(new Date());
      }
    });

    it('lets one of two redemptions of the same state at once through', async () => {
      const client = browser();
      const params = await answerFor(client, name, `race.${name}@example.com`);
      const responses = await Promise.all([
        authenticate(client, name, params),
        authenticate(client, name, params),
      ]);
      const errors = responses.map((response) => response.body.errors?.[0]?.message ?? null);
      expect(errors.filter((message) => message === null)).toHaveLength(1);
      expect(errors.filter((message) => message === unverified.message)).toHaveLength(1);
    });

    it('refuses a state started for another marketplace group', async () => {
      const client = browser();
      const params = await answerFor(client, name, `group.${name}@example.com`, { marketplaceId: '1' });
      expect(
        await client.error(providers[name].operation, { ...variablesOf(params), marketplaceId: '2' }),
      ).toEqual(unverified);
    });

    function variablesOf(params: URLSearchParams) {
      const { clientId, redirectUrl } = providers[name];
      return {
        marketplaceId: '1',
        code: params.get('code'),
        state: params.get('state'),
        iss: params.get('iss'),
        clientId,
        redirectUrl,
      };
    }
  });

  describe('the local provider', () => {
    const verifier = 'a'.repeat(43);
    const authorizationUrl = async (
      name: keyof typeof providers,
      extra: Record<string, string | null> = {},
    ) => {
      const url = new URL(`${provider.issuer}/auth`);
      const params: Record<string, string | null> = {
        client_id: providers[name].clientId,
        redirect_uri: providers[name].redirectUrl,
        response_type: 'code',
        scope: 'openid email profile',
        state: 'state-1',
        nonce: 'nonce-1',
        code_challenge: await s256(verifier),
        code_challenge_method: 'S256',
        ...(name === 'apple' ? { response_mode: 'form_post' } : {}),
        ...extra,
      };
      for (const [key, value] of Object.entries(params)) if (value !== null) url.searchParams.set(key, value);
      return url.toString();
    };
    const tokenRequest = (code: string, codeVerifier: string | null) =>
      fetch(`${provider.issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: providers.google.redirectUrl,
          client_id: oidcDevClients.google.clientId,
          client_secret: oidcDevClients.google.clientSecret,
          ...(codeVerifier === null ? {} : { code_verifier: codeVerifier }),
        }),
      });

    it('requires PKCE like Google and Apple: no code without a challenge, no token without its verifier', async () => {
      // No code_challenge: refused at once, so there is no code that redeems without a verifier.
      const response = await fetch(
        await authorizationUrl('google', { code_challenge: null, code_challenge_method: null }),
        { redirect: 'manual' },
      );
      const location = new URL(response.headers.get('location') ?? '');
      expect(location.searchParams.get('error')).toBe('invalid_request');
      expect(location.searchParams.get('error_description')).toMatch(/requires PKCE/);

      // A code asked for with a challenge: refused without the code_verifier, or with another one.
      for (const codeVerifier of [null, 'b'.repeat(43)]) {
        const answer = await signInAtDevProvider({
          authorizationUrl: await authorizationUrl('google'),
          email: 'pkce.check@example.com',
        });
        const refused = await tokenRequest(answer.params.get('code') ?? '', codeVerifier);
        expect(refused.status).toBe(400);
        expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });
      }
      const answer = await signInAtDevProvider({
        authorizationUrl: await authorizationUrl('google'),
        email: 'pkce.check@example.com',
      });
      const accepted = await tokenRequest(answer.params.get('code') ?? '', verifier);
      expect(accepted.status).toBe(200);
      const { id_token: idToken } = (await accepted.json()) as { id_token: string };
      expect(decodeJwt(idToken)).toMatchObject({ nonce: 'nonce-1', email: 'pkce.check@example.com' });
    });

    it('answers the Apple client by form_post only, with the name on the first sign-in', async () => {
      const refused = await fetch(await authorizationUrl('apple', { response_mode: null }), {
        redirect: 'manual',
      });
      expect(refused.status).toBe(400);
      const first = await signInAtDevProvider({
        authorizationUrl: await authorizationUrl('apple'),
        email: 'ada.lovelace@example.com',
      });
      expect(first.mode).toBe('form_post');
      expect(first.redirectUri).toBe(providers.apple.redirectUrl);
      expect(Object.fromEntries(first.params)).toEqual({
        code: expect.any(String),
        state: 'state-1',
        iss: provider.issuer,
        user: JSON.stringify({
          name: { firstName: 'Ada', lastName: 'Lovelace' },
          email: 'ada.lovelace@example.com',
        }),
      });
    });
  });

  describe('the Apple form_post endpoint', () => {
    const nameOf = (state: string) =>
      handle.database.transaction((tx) =>
        tx.query<{ given_name: string | null; family_name: string | null }>(
          `select given_name, family_name from third_party_sign_ins
            where state_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
          [state],
        ),
      );

    it("keeps the first sign-in's name with the started sign-in and sends the browser on with code and state", async () => {
      const client = browser();
      const url = await start(client, 'APPLE');
      const answer = await signInAtDevProvider({
        authorizationUrl: url.toString(),
        email: 'grace.hopper@example.com',
      });
      const state = answer.params.get('state') ?? '';
      const response = await postToAppleEndpoint(app, answer.params.toString());
      expect(response.status).toBe(303);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const location = response.headers.get('location') ?? '';
      expect(location.startsWith('/auth/apple/callback?')).toBe(true);
      const forwarded = new URL(location, 'http://localhost:3000').searchParams;
      expect(Object.fromEntries(forwarded)).toEqual({
        code: answer.params.get('code'),
        state,
        iss: provider.issuer,
      });
      expect(await nameOf(state)).toEqual([{ given_name: 'Grace', family_name: 'Hopper' }]);
      // A second post cannot replace the name.
      const again = new URLSearchParams(answer.params);
      again.set('user', JSON.stringify({ name: { firstName: 'Mallory', lastName: 'X' } }));
      expect((await postToAppleEndpoint(app, again.toString())).status).toBe(303);
      expect(await nameOf(state)).toEqual([{ given_name: 'Grace', family_name: 'Hopper' }]);
      // The state is still checked by appleAuthenticate, in the browser that started the sign-in.
      expect(await browser().error(appleAuthenticate, apple(forwarded))).toEqual(unverified);
      const { appleAuthenticate: result } = await client.data<{ appleAuthenticate: ThirdPartyData }>(
        appleAuthenticate,
        apple(forwarded),
      );
      expect(result.userData).toMatchObject({ givenName: 'Grace', familyName: 'Hopper' });
    });

    it('passes on what it has when the answer holds no name, an error, or values with control characters', async () => {
      const cases: [Record<string, string>, Record<string, string>][] = [
        [
          { error: 'user_cancelled_authorize', state: 's1' },
          { error: 'user_cancelled_authorize', state: 's1' },
        ],
        [{ code: 'c\u0000', state: 's2' }, { state: 's2' }],
        [
          { code: 'c3', state: 's3', user: '{"name":{"firstName":"A\u0000"}}' },
          { code: 'c3', state: 's3' },
        ],
        [
          { code: 'c4', state: 's4', user: 'not json', extra: 'dropped' },
          { code: 'c4', state: 's4' },
        ],
      ];
      for (const [form, expected] of cases) {
        const response = await postToAppleEndpoint(app, new URLSearchParams(form).toString());
        expect(response.status).toBe(303);
        const location = new URL(response.headers.get('location') ?? '', 'http://localhost:3000');
        expect(Object.fromEntries(location.searchParams)).toEqual(expected);
      }
    });

    it('refuses what is not a small url-encoded form post', async () => {
      expect((await app.fetch('http://localhost/auth/apple/form-post')).status).toBe(405);
      expect((await postToAppleEndpoint(app, '{"code":"x"}', 'application/json')).status).toBe(415);
      expect((await postToAppleEndpoint(app, 'code=x', 'multipart/form-data; boundary=x')).status).toBe(415);
      const large = await postToAppleEndpoint(app, `code=x&state=y&user=${'a'.repeat(20_000)}`);
      expect(large.status).toBe(413);
      expect(await large.text()).toBe('The form is too large.');
    });

    function apple(params: URLSearchParams) {
      return {
        marketplaceId: '1',
        code: params.get('code'),
        state: params.get('state'),
        iss: params.get('iss'),
        clientId: providers.apple.clientId,
        redirectUrl: providers.apple.redirectUrl,
      };
    }
  });

  it('refuses another client id and a redirect address outside the web origins', async () => {
    const variables = {
      marketplaceId: '1',
      code: 'x',
      state: 'x',
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

    /** Someone registers another person's address with their own Google account (verified for theirs). */
    const linkOthersAddress = async (linker: string, typed: string) => {
      const attacker = browser();
      await attacker.data(registerWithToken, {
        marketplaceId: '1',
        token: await tokenFor(linker),
        email: typed,
        profile,
      });
      return attacker;
    };
    const googleSignsInto = async (linker: string) => {
      const { result } = await thirdParty(browser(), 'google', linker);
      return result?.authenticatePayload?.profile?.email ?? null;
    };

    it("drops the Google account linked to a typed address once the address's owner proves it with a code", async () => {
      const attacker = await linkOthersAddress('linker@example.com', 'linked-victim@example.com');
      expect(await googleSignsInto('linker@example.com')).toBe('linked-victim@example.com');
      const ownerId = await signInWithPasscode(app, browser(), 'linked-victim@example.com');

      expect((await attacker.post(operations.viewer, { mgId: '1' })).body.errors?.[0]?.extensions?.code).toBe(
        'UNAUTHENTICATED',
      );
      expect(await googleSignsInto('linker@example.com')).toBeNull();
      const links = await handle.database.transaction((tx) =>
        tx.query('select provider from external_identities where user_id = $1', [Number(ownerId)]),
      );
      expect(links).toEqual([]);
    });

    it("drops the Google account linked to a typed address once the address's owner resets the password by the emailed link", async () => {
      await linkOthersAddress('reset-linker@example.com', 'reset-victim@example.com');
      await browser().data(operations.requestResetPassword, {
        webOriginUrl: 'http://localhost:3000',
        email: 'reset-victim@example.com',
        mgId: '1',
      });
      await deliverAccountEmails(handle.database, clock.now);
      const { token } = await latestLinkToken(app, 'reset-victim@example.com', '/reset-password');
      await browser().data(operations.resetPasswordByToken, {
        webOriginUrl: 'http://localhost:3000',
        password: 'owner chosen passphrase',
        token,
        mgId: '1',
      });
      expect(await googleSignsInto('reset-linker@example.com')).toBeNull();
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
    handle = await seededDatabase(factory, {
      catalogOverrideEntry: 'http://localhost:3011/mf-manifest.json',
    });
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
            APPLE_ISSUER: fake.issuer,
            APPLE_CLIENT_ID: 'fake-apple-client',
            APPLE_CLIENT_SECRET: 'fake-apple-secret',
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
  const validClaims = (nonce: string) => ({
    iss: fake.issuer,
    aud: 'fake-client',
    sub: 'fake-subject-1',
    email: 'fake.person@example.com',
    email_verified: true,
    given_name: 'Fake',
    family_name: 'Person',
    nonce,
    iat: now(),
    exp: now() + 300,
  });
  /** Starts a Google sign-in, has the fake provider issue `claims` (given the nonce) and finishes it. */
  const signIn = async (
    client: TestBrowser,
    claims: (nonce: string) => Record<string, unknown>,
    options: { untrustedKey?: boolean } = {},
  ) => {
    const url = await start(client, 'GOOGLE');
    await fake.willIssue(claims(url.searchParams.get('nonce') ?? ''), options);
    const response = await client.post<{ googleAuthenticate: ThirdPartyData }>(googleAuthenticate, {
      marketplaceId: '1',
      code: 'any-code',
      state: url.searchParams.get('state'),
      clientId: 'fake-client',
      redirectUrl: 'http://localhost:3000/auth/google/callback',
    });
    return { response, url };
  };

  it('accepts a token signed with the JWKS key, for this client, from this issuer, unexpired, with the nonce; the code went with the PKCE verifier', async () => {
    const { response, url } = await signIn(new TestBrowser(app), validClaims);
    expect(response.body.data?.googleAuthenticate.userData).toMatchObject({
      email: 'fake.person@example.com',
    });
    const verifier = fake.lastTokenRequest()?.get('code_verifier') ?? '';
    expect(verifier).toMatch(/^[\w-]{43}$/);
    expect(await s256(verifier)).toBe(url.searchParams.get('code_challenge'));
  });

  it.each([
    ['signed with a key that is not in the JWKS (forged)', validClaims, { untrustedKey: true }],
    ['for another audience', (nonce: string) => ({ ...validClaims(nonce), aud: 'another-client' }), {}],
    [
      'from another issuer',
      (nonce: string) => ({ ...validClaims(nonce), iss: 'https://accounts.evil.example' }),
      {},
    ],
    [
      'that has expired',
      (nonce: string) => ({ ...validClaims(nonce), iat: now() - 3600, exp: now() - 120 }),
      {},
    ],
    ['with a wrong nonce', (nonce: string) => ({ ...validClaims(nonce), nonce: `${nonce}x` }), {}],
    [
      'with the nonce of another sign-in',
      () => validClaims('C2g4Qq6f3hF1l3m0yQK0k6hJ4e1wG9e2t7Q5o2k8v1A'),
      {},
    ],
    ['without a nonce', (nonce: string) => ({ ...validClaims(nonce), nonce: undefined }), {}],
  ])('refuses a token %s, and sets no session', async (_label, claims, options) => {
    const { response } = await signIn(new TestBrowser(app), claims, options);
    expect(response.body.data).toBeNull();
    expect(response.body.errors?.map((error) => [error.message, error.extensions?.code])).toEqual([
      ['Google sign-in failed. Please try again.', 'UNAUTHENTICATED'],
    ]);
    expect(response.setCookies).toEqual([]);
  });

  it("prefills Apple's registration with the name Apple posted on the first sign-in, which its ID token lacks", async () => {
    const client = new TestBrowser(app);
    const url = await start(client, 'APPLE');
    expect(url.searchParams.get('response_mode')).toBe('form_post');
    const state = url.searchParams.get('state') ?? '';
    const posted = await postToAppleEndpoint(
      app,
      new URLSearchParams({
        code: 'apple-code',
        state,
        user: JSON.stringify({
          name: { firstName: 'Tim', lastName: 'Cook' },
          email: 'tim@privaterelay.appleid.com',
        }),
      }).toString(),
    );
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(
      `/auth/apple/callback?${new URLSearchParams({ code: 'apple-code', state })}`,
    );
    await fake.willIssue({
      iss: fake.issuer,
      aud: 'fake-apple-client',
      sub: 'apple-subject-1',
      email: 'tim@privaterelay.appleid.com',
      email_verified: 'true',
      is_private_email: 'true',
      nonce: url.searchParams.get('nonce') ?? '',
      iat: now(),
      exp: now() + 300,
    });
    const { appleAuthenticate: result } = await client.data<{ appleAuthenticate: ThirdPartyData }>(
      appleAuthenticate,
      {
        marketplaceId: '1',
        code: 'apple-code',
        state,
        clientId: 'fake-apple-client',
        redirectUrl: 'http://localhost:3000/auth/apple/form-post',
      },
    );
    expect(result.userData).toEqual({
      email: 'tim@privaterelay.appleid.com',
      givenName: 'Tim',
      familyName: 'Cook',
      phone: null,
      dob: null,
      privateEmail: true,
    });
    expect(fake.lastTokenRequest()?.get('redirect_uri')).toBe('http://localhost:3000/auth/apple/form-post');
  });
});
