import { decodeJwt, decodeProtectedHeader, exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { s256, startFakeOpenIdProvider } from '../../../test/openid';
import { appleClientSecret } from './apple-client-secret';
import { createOpenIdClient, newSignInSecrets, type OpenIdClient, type SignInSecrets } from './openid-client';

describe('OpenID Connect client', () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenIdProvider>>;
  let client: OpenIdClient;
  const redirectUri = 'http://localhost:3000/auth/google/callback';
  const now = () => Math.floor(Date.now() / 1000);
  let secrets: SignInSecrets;
  const claims = () => ({
    iss: fake.issuer,
    aud: 'client-1',
    sub: 'subject-1',
    email: 'person@example.com',
    email_verified: true,
    nonce: secrets.nonce,
    iat: now(),
    exp: now() + 300,
  });
  const redeem = () =>
    client.redeemCode({
      response: { code: 'code', state: secrets.state, iss: null },
      redirectUri,
      secrets,
    });

  beforeAll(async () => {
    fake = await startFakeOpenIdProvider();
    client = createOpenIdClient({
      issuer: fake.issuer,
      clientId: 'client-1',
      clientSecret: { kind: 'static', value: 'secret' },
      scope: 'openid email profile',
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    secrets = newSignInSecrets();
  });

  it('finds the authorization endpoint by discovery', async () => {
    expect(await client.authorizationEndpoint()).toBe(`${fake.issuer}/authorize`);
  });

  it('makes fresh random state, nonce and PKCE verifier for each sign-in', () => {
    const other = newSignInSecrets();
    for (const key of ['state', 'nonce', 'codeVerifier'] as const) {
      expect(secrets[key]).toMatch(/^[\w-]{43}$/);
      expect(other[key]).not.toBe(secrets[key]);
    }
  });

  it('asks for a code with the state, the nonce and the S256 challenge of the verifier', async () => {
    const url = new URL(await client.authorizationUrl({ redirectUri, secrets }));
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.issuer}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'client-1',
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      state: secrets.state,
      nonce: secrets.nonce,
      code_challenge: await s256(secrets.codeVerifier),
      code_challenge_method: 'S256',
    });
  });

  it('asks Apple-style clients for response_mode=form_post', async () => {
    const apple = createOpenIdClient(
      {
        issuer: fake.issuer,
        clientId: 'client-1',
        clientSecret: { kind: 'static', value: 'secret' },
        scope: 'openid email',
      },
      { responseMode: 'form_post' },
    );
    const url = new URL(await apple.authorizationUrl({ redirectUri, secrets }));
    expect(url.searchParams.get('response_mode')).toBe('form_post');
  });

  it('redeems the code with the PKCE verifier and the client secret, and reads the verified claims', async () => {
    await fake.willIssue({
      ...claims(),
      email_verified: 'true',
      is_private_email: 'true',
      given_name: 'Pat',
    });
    expect(await redeem()).toEqual({
      subject: 'subject-1',
      email: 'person@example.com',
      emailVerified: true,
      privateEmail: true,
      givenName: 'Pat',
      familyName: null,
      phone: null,
      birthdate: null,
    });
    expect(Object.fromEntries(fake.lastTokenRequest() ?? [])).toEqual({
      grant_type: 'authorization_code',
      code: 'code',
      redirect_uri: redirectUri,
      code_verifier: secrets.codeVerifier,
      client_id: 'client-1',
      client_secret: 'secret',
    });
  });

  it.each([
    ['a forged signature', {}, { untrustedKey: true }, /JWT signature verification failed/],
    ['another audience', { aud: 'client-2' }, {}, /unexpected JWT "aud"/],
    ['another issuer', { iss: 'https://issuer.evil.example' }, {}, /unexpected JWT "iss"/],
    ['an expired token', { exp: now() - 600 }, {}, /"exp" \(expiration time\)/],
    [
      'another authorized party',
      { aud: ['client-1', 'client-2'], azp: 'client-2' },
      {},
      /unexpected ID Token "azp"/,
    ],
    ['no subject', { sub: undefined }, {}, /"sub" \(subject\) claim missing/],
    ['another nonce', { nonce: 'another-nonce' }, {}, /unexpected ID Token "nonce" claim value/],
    ['no nonce', { nonce: undefined }, {}, /"nonce" \(nonce\) claim missing/],
  ])('refuses %s', async (_label, overrides, options, reason) => {
    await fake.willIssue({ ...claims(), ...overrides }, options);
    await expect(redeem()).rejects.toThrow(reason);
  });

  it('refuses an answer that names another issuer (mix-up)', async () => {
    await fake.willIssue(claims());
    await expect(
      client.redeemCode({
        response: { code: 'code', state: secrets.state, iss: 'https://issuer.evil.example' },
        redirectUri,
        secrets,
      }),
    ).rejects.toThrow(/unexpected "iss"/);
  });

  it('refuses metadata that names another issuer', async () => {
    const impostor = createOpenIdClient({
      issuer: fake.issuer.replace('localhost', '127.0.0.1'),
      clientId: 'client-1',
      clientSecret: { kind: 'static', value: 'secret' },
      scope: 'openid',
    });
    await expect(impostor.authorizationEndpoint()).rejects.toThrow(/discovery of .* failed/);
  });
});

describe("Apple's client secret", () => {
  it('is an ES256 JWT from the team, about the client, for Apple, valid five minutes', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const now = new Date('2030-01-01T00:00:00Z');
    const secret = await appleClientSecret(
      {
        kind: 'apple-signed',
        teamId: 'TEAM123456',
        keyId: 'KEY1234567',
        privateKeyPem: await exportPKCS8(privateKey),
      },
      'com.atrium.web',
      now,
    );
    expect(decodeProtectedHeader(secret)).toEqual({ alg: 'ES256', kid: 'KEY1234567' });
    await jwtVerify(secret, publicKey, {
      currentDate: now,
      audience: 'https://appleid.apple.com',
      issuer: 'TEAM123456',
    });
    expect(decodeJwt(secret)).toMatchObject({ sub: 'com.atrium.web', iat: 1893456000, exp: 1893456300 });
  });
});
