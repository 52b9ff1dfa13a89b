import { decodeJwt, decodeProtectedHeader, exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenIdProvider } from '../../test/openid';
import { appleClientSecret } from './apple-client-secret';
import { createOpenIdClient, type OpenIdClient } from './openid-client';

describe('OpenID Connect client', () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenIdProvider>>;
  let client: OpenIdClient;
  const now = () => Math.floor(Date.now() / 1000);
  const claims = () => ({
    iss: fake.issuer,
    aud: 'client-1',
    sub: 'subject-1',
    email: 'person@example.com',
    email_verified: true,
    iat: now(),
    exp: now() + 300,
  });
  const redeem = () =>
    client.redeemCode({
      code: 'code',
      redirectUri: 'http://localhost:3000/auth/google/callback',
      now: new Date(),
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

  it('finds the authorization endpoint by discovery', async () => {
    expect(await client.authorizationEndpoint()).toBe(`${fake.issuer}/authorize`);
  });

  it('reads the verified claims, Apple-style string booleans included', async () => {
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
  });

  it.each([
    ['a forged signature', {}, { untrustedKey: true }, /signature verification failed/],
    ['another audience', { aud: 'client-2' }, {}, /unexpected "aud" claim value/],
    ['another issuer', { iss: 'https://issuer.evil.example' }, {}, /unexpected "iss" claim value/],
    ['an expired token', { exp: now() - 60 }, {}, /"exp" claim timestamp check failed/],
    [
      'another authorized party',
      { aud: ['client-1', 'client-2'], azp: 'client-2' },
      {},
      /azp is another client/,
    ],
    ['no subject', { sub: undefined }, {}, /missing required "sub" claim/],
  ])('refuses %s', async (_label, overrides, options, reason) => {
    await fake.willIssue({ ...claims(), ...overrides }, options);
    await expect(redeem()).rejects.toThrow(reason);
  });

  it('refuses metadata that names another issuer', async () => {
    const impostor = createOpenIdClient({
      issuer: fake.issuer.replace('localhost', '127.0.0.1'),
      clientId: 'client-1',
      clientSecret: { kind: 'static', value: 'secret' },
      scope: 'openid',
    });
    await expect(impostor.authorizationEndpoint()).rejects.toThrow(/names issuer/);
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
