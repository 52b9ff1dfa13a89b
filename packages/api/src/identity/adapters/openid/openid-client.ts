import * as oidc from 'openid-client';
import type { ClientSecretConfig, OpenIdProviderConfig } from '../../config';
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

/** A refusal: discovery failed, the code could not be exchanged, or the ID token failed a check. */
export class OpenIdError extends Error {
  override readonly name = 'OpenIdError';
}

/** The one-time values of one sign-in, made by the API and kept server-side until the provider answers. */
export interface SignInSecrets {
  /** Sent with the authorization request and expected back: ties the answer to this sign-in. */
  state: string;
  /** Must come back inside the ID token. */
  nonce: string;
  /** PKCE (RFC 7636): only its S256 challenge goes to the provider; the verifier goes with the code. */
  codeVerifier: string;
}

/** What the provider sent back to the redirect URI. */
export interface AuthorizationResponse {
  code: string;
  state: string;
  /** The issuer, when the provider names it in its answer (RFC 9207). */
  iss: string | null;
}

/**
 * One OpenID Connect provider (Google, Apple, or the local stand-in) as a confidential client of the
 * authorization-code flow with PKCE, state and nonce, through `openid-client`. Google and Apple differ
 * only in configuration (and Apple in answering by form_post).
 */
export interface OpenIdClient {
  readonly clientId: string;
  readonly scope: string;
  /** How the provider returns the code: `form_post` (Apple, which requires it to send name and email). */
  readonly responseMode: 'query' | 'form_post';
  /** The provider's authorization endpoint (from discovery). */
  authorizationEndpoint(): Promise<string>;
  /** Where the browser goes to sign in: code flow, scope, redirect URI, state, nonce, S256 challenge. */
  authorizationUrl(input: { redirectUri: string; secrets: SignInSecrets }): Promise<string>;
  /**
   * Redeems the code at the token endpoint with the client's credentials and the PKCE verifier, then
   * verifies the ID token: signature against the provider's JWKS, issuer, audience (= client id),
   * expiry, and the nonce.
   */
  redeemCode(input: {
    response: AuthorizationResponse;
    redirectUri: string;
    secrets: SignInSecrets;
  }): Promise<VerifiedIdentity>;
}

/** Fresh random state, nonce and PKCE verifier (32 random bytes each, base64url). */
export function newSignInSecrets(): SignInSecrets {
  return {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
  };
}

// Metadata rarely changes; keys rotate, and openid-client refetches the JWKS when it meets an unknown key id.
const discoveryLifetimeMs = 60 * 60 * 1000;
const requestTimeoutSeconds = 10;

export function createOpenIdClient(
  config: OpenIdProviderConfig,
  options: { responseMode?: 'query' | 'form_post' } = {},
): OpenIdClient {
  let cached: { configuration: Promise<oidc.Configuration>; at: number } | undefined;

  const discover = (): Promise<oidc.Configuration> => {
    if (cached && Date.now() - cached.at < discoveryLifetimeMs) return cached.configuration;
    const configuration = discoverProvider(config);
    cached = { configuration, at: Date.now() };
    // A failed discovery is not kept: the next sign-in tries again.
    configuration.catch(() => {
      if (cached?.configuration === configuration) cached = undefined;
    });
    return configuration;
  };
  const responseMode = options.responseMode ?? 'query';

  return {
    clientId: config.clientId,
    scope: config.scope,
    responseMode,
    async authorizationEndpoint() {
      const endpoint = (await discover()).serverMetadata().authorization_endpoint;
      if (!endpoint) throw new OpenIdError(`${config.issuer} names no authorization endpoint`);
      return endpoint;
    },
    async authorizationUrl({ redirectUri, secrets }) {
      const configuration = await discover();
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: config.scope,
        state: secrets.state,
        nonce: secrets.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(secrets.codeVerifier),
        code_challenge_method: 'S256',
      };
      if (responseMode === 'form_post') parameters.response_mode = 'form_post';
      return oidc.buildAuthorizationUrl(configuration, parameters).href;
    },
    async redeemCode({ response, redirectUri, secrets }) {
      const configuration = await discover();
      const callback = new URL(redirectUri);
      callback.searchParams.set('code', response.code);
      callback.searchParams.set('state', response.state);
      if (response.iss !== null) callback.searchParams.set('iss', response.iss);
      let claims: oidc.IDToken | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
          pkceCodeVerifier: secrets.codeVerifier,
          expectedState: secrets.state,
          expectedNonce: secrets.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        throw new OpenIdError(`code redemption refused: ${describe(error)}`, { cause: error });
      }
      if (!claims) throw new OpenIdError('the token endpoint returned no ID token');
      return identityFromClaims(claims);
    },
  };
}

async function discoverProvider(config: OpenIdProviderConfig): Promise<oidc.Configuration> {
  try {
    return await oidc.discovery(
      new URL(config.issuer),
      config.clientId,
      // Like Google and Apple: ID tokens are signed with RS256.
      { id_token_signed_response_alg: 'RS256' },
      clientAuthentication(config.clientSecret, config.clientId),
      {
        timeout: requestTimeoutSeconds,
        execute: [
          // Plain http only for the local stand-in on this machine; every real provider is https.
          ...(isLocalIssuer(config.issuer) ? [oidc.allowInsecureRequests] : []),
          // The ID token's signature is checked against the provider's keys too, not only trusted
          // because it came over TLS from the token endpoint.
          oidc.enableNonRepudiationChecks,
        ],
      },
    );
  } catch (error) {
    throw new OpenIdError(`discovery of ${config.issuer} failed: ${describe(error)}`, { cause: error });
  }
}

/** client_secret_post; Apple's secret is a short-lived JWT signed for each request. */
function clientAuthentication(secret: ClientSecretConfig, clientId: string): oidc.ClientAuth {
  if (secret.kind === 'static') return oidc.ClientSecretPost(secret.value);
  // openid-client awaits the client authentication before it sends the token request.
  return (async (as, client, body, headers) => {
    const signed = await appleClientSecret(secret, clientId, new Date());
    oidc.ClientSecretPost(signed)(as, client, body, headers);
  }) as oidc.ClientAuth;
}

function isLocalIssuer(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const oauthError = (error as { error?: unknown }).error;
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return [
    error.message + cause,
    typeof code === 'string' ? `(${code})` : '',
    typeof oauthError === 'string' ? `[${oauthError}]` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Reads the person's claims from a verified ID token. Exported for its tests. */
export function identityFromClaims(payload: oidc.IDToken): VerifiedIdentity {
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
