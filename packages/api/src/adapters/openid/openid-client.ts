import { createRemoteJWKSet, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { z } from 'zod';
import type { ClientSecretConfig, OpenIdProviderConfig } from '../../identity-config';
import { appleClientSecret } from './apple-client-secret';

/** What a verified ID token says about the person. */
export interface VerifiedIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  /** Apple's private relay address. */
  privateEmail: boolean;
  givenName: string | null;
  familyName: string | null;
  phone: string | null;
  birthdate: string | null;
}

/** A refusal: the code could not be exchanged, or the ID token failed verification. */
export class OpenIdError extends Error {
  override readonly name = 'OpenIdError';
}

/**
 * One OpenID Connect provider (Google, Apple, or the local stand-in) as a confidential client of the
 * authorization-code flow. Google and Apple differ only in configuration.
 */
export interface OpenIdClient {
  readonly clientId: string;
  readonly scope: string;
  /** Where the browser sends the person to sign in. */
  authorizationEndpoint(): Promise<string>;
  /**
   * Exchanges an authorization code at the token endpoint (with the client secret), then verifies the
   * ID token: signature against the provider's JWKS, issuer, audience (= client id), expiry.
   */
  redeemCode(input: { code: string; redirectUri: string; now: Date }): Promise<VerifiedIdentity>;
}

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});

const tokenResponseSchema = z.object({ id_token: z.string().min(1) });

type Discovery = z.infer<typeof discoverySchema> & { jwks: JWTVerifyGetKey };

// Metadata rarely changes; keys rotate, and jose refetches the JWKS when it meets an unknown key id.
const discoveryLifetimeMs = 60 * 60 * 1000;
const clockToleranceSeconds = 30;
const requestTimeoutMs = 10_000;

export function createOpenIdClient(
  config: OpenIdProviderConfig,
  fetchImpl: typeof fetch = fetch,
): OpenIdClient {
  let cached: { discovery: Promise<Discovery>; at: number } | undefined;

  const discover = (): Promise<Discovery> => {
    if (cached && Date.now() - cached.at < discoveryLifetimeMs) return cached.discovery;
    const discovery = fetchDiscovery(config.issuer, fetchImpl);
    cached = { discovery, at: Date.now() };
    // A failed discovery is not kept: the next sign-in tries again.
    discovery.catch(() => {
      if (cached?.discovery === discovery) cached = undefined;
    });
    return discovery;
  };

  return {
    clientId: config.clientId,
    scope: config.scope,
    async authorizationEndpoint() {
      return (await discover()).authorization_endpoint;
    },
    async redeemCode({ code, redirectUri, now }) {
      const discovery = await discover();
      const clientSecret = await resolveClientSecret(config.clientSecret, config.clientId, now);
      let response: Response;
      try {
        response = await fetchImpl(discovery.token_endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: redirectUri,
            client_id: config.clientId,
            client_secret: clientSecret,
          }),
          signal: AbortSignal.timeout(requestTimeoutMs),
        });
      } catch (error) {
        throw new OpenIdError(`token endpoint unreachable: ${(error as Error).message}`);
      }
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        const reason = (body as { error?: unknown } | null)?.error;
        throw new OpenIdError(
          `token endpoint answered ${response.status}${reason ? ` (${String(reason)})` : ''}`,
        );
      }
      const tokens = tokenResponseSchema.safeParse(body);
      if (!tokens.success) throw new OpenIdError('token endpoint returned no id_token');
      return verifyIdToken(tokens.data.id_token, {
        jwks: discovery.jwks,
        issuer: config.issuer,
        clientId: config.clientId,
        now,
      });
    },
  };
}

async function fetchDiscovery(issuer: string, fetchImpl: typeof fetch): Promise<Discovery> {
  const url = `${issuer}/.well-known/openid-configuration`;
  let body: unknown;
  try {
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(requestTimeoutMs) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    body = await response.json();
  } catch (error) {
    throw new OpenIdError(`discovery at ${url} failed: ${(error as Error).message}`);
  }
  const parsed = discoverySchema.safeParse(body);
  if (!parsed.success) throw new OpenIdError(`discovery at ${url} is not OpenID Connect metadata`);
  // The metadata must be about the issuer we trust, or tokens would be checked against the wrong keys.
  if (parsed.data.issuer.replace(/\/+$/, '') !== issuer) {
    throw new OpenIdError(`discovery at ${url} names issuer ${parsed.data.issuer}`);
  }
  return { ...parsed.data, jwks: createRemoteJWKSet(new URL(parsed.data.jwks_uri)) };
}

/** Verifies an ID token and reads the person's claims from it. Exported for its tests. */
export async function verifyIdToken(
  idToken: string,
  options: {
    jwks: JWTVerifyGetKey;
    issuer: string;
    clientId: string;
    now: Date;
  },
): Promise<VerifiedIdentity> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, options.jwks, {
      issuer: acceptedIssuers(options.issuer),
      audience: options.clientId,
      currentDate: options.now,
      clockTolerance: clockToleranceSeconds,
      algorithms: ['RS256', 'ES256', 'PS256', 'EdDSA'],
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
  } catch (error) {
    throw new OpenIdError(`ID token refused: ${(error as Error).message}`);
  }
  // With several audiences, the authorized party must be us.
  if (payload.azp !== undefined && payload.azp !== options.clientId) {
    throw new OpenIdError('ID token refused: azp is another client');
  }
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  // Apple sends booleans as strings.
  const flag = (value: unknown) => value === true || value === 'true';
  return {
    subject: String(payload.sub),
    email: text(payload.email),
    emailVerified: flag(payload.email_verified),
    privateEmail: flag(payload.is_private_email),
    givenName: text(payload.given_name),
    familyName: text(payload.family_name),
    phone: flag(payload.phone_number_verified) ? text(payload.phone_number) : null,
    birthdate: text(payload.birthdate),
  };
}

function acceptedIssuers(issuer: string): string[] {
  // Google's ID tokens name their issuer with or without the scheme.
  return issuer === 'https://accounts.google.com' ? [issuer, 'accounts.google.com'] : [issuer];
}

function resolveClientSecret(secret: ClientSecretConfig, clientId: string, now: Date): Promise<string> {
  return secret.kind === 'static' ? Promise.resolve(secret.value) : appleClientSecret(secret, clientId, now);
}
