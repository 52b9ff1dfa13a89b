import { and, eq } from 'drizzle-orm';
import { InvalidInputError } from '../kernel/errors';
import { errorFields, logger } from '../kernel/logger';
import { consumeRateLimits } from '../kernel/rate-limits';
import {
  newSignInSecrets,
  type OpenIdClient,
  OpenIdError,
  type VerifiedIdentity,
} from './adapters/openid/openid-client';
import { signIn } from './devices';
import { sendEmailConfirmation } from './email-confirmation';
import { RateLimitedError, UnauthenticatedError } from './errors';
import { passwordMessages } from './passwords';
import type { IdentityContext, ThirdPartyProvider } from './ports';
import { signRegistrationToken, verifyRegistrationToken } from './registration-tokens';
import { externalIdentities } from './tables';
import {
  browserSecretFor,
  consumeStartedSignIn,
  type StartedSignIn,
  safeReturnPath,
  saveStartedSignIn,
  signInLifetimeMs,
} from './third-party-sign-ins';
import {
  type AuthenticateResult,
  confirmUserEmail,
  findUserByEmail,
  findUserById,
  insertUser,
  type ProfileFields,
  type Tenant,
  tenantOfMarketplace,
  toAuthenticateResult,
  type UserRow,
} from './users';

/** What the provider told about a person who has no account yet, to prefill registration. */
export interface ThirdPartyUserData {
  email: string | null;
  givenName: string | null;
  familyName: string | null;
  phone: string | null;
  dob: string | null;
  privateEmail: boolean;
}

/** Either signed in (authenticatePayload), or a registration token with the provider's data. */
export interface ThirdPartyAuthenticateResult {
  token: string | null;
  userData: ThirdPartyUserData | null;
  authenticatePayload: AuthenticateResult | null;
  /** The path of this site the sign-in was started from, checked: where the browser goes next. */
  returnPath: string;
}

export interface AuthProviderView {
  provider: 'GOOGLE' | 'APPLE';
  authorizationEndpoint: string;
  clientId: string;
  scope: string;
  redirectPath: string;
}

const providerNames: Record<ThirdPartyProvider, string> = { google: 'Google', apple: 'Apple' };

export const thirdPartyMessages = {
  notAvailable: (provider: ThirdPartyProvider) => `${providerNames[provider]} sign-in is not available.`,
  unknownClient: (provider: ThirdPartyProvider) =>
    `This is not the ${providerNames[provider]} client of this site.`,
  redirectNotAllowed: 'This redirect address is not allowed.',
  failed: (provider: ThirdPartyProvider) => `${providerNames[provider]} sign-in failed. Please try again.`,
  registrationExpired: 'Your sign-in has expired. Please sign in again.',
  /** A state that is missing, unknown, tampered with, used, expired, or another browser's. */
  unverified: 'This sign-in could not be verified. Please start the sign-in again.',
  tooManyStarts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
};

/** Sign-ins one IP address may start in the window: each keeps a row for 10 minutes. */
const startLimit = { limit: 100, windowMs: signInLifetimeMs };

/** The page of the web app that finishes a sign-in with the provider's code. */
export function callbackPath(provider: ThirdPartyProvider): string {
  return `/auth/${provider}/callback`;
}

/** The API endpoint, on the web origin, that receives Apple's form_post answer. */
export const appleFormPostPath = '/auth/apple/form-post';

/**
 * The path (on the web origin) of the redirect URI the provider sends its answer to: the callback page
 * for Google; for Apple, which answers by form_post, the API endpoint that passes it on to the page.
 */
export function redirectPath(provider: ThirdPartyProvider): string {
  return provider === 'apple' ? appleFormPostPath : callbackPath(provider);
}

/** Where and how the browser starts each configured provider's sign-in. Unreachable providers are left out. */
export async function authProviders(
  context: IdentityContext,
  input: { marketplaceId: number },
): Promise<AuthProviderView[]> {
  await tenantOfMarketplace(context.db, input.marketplaceId);
  const views: AuthProviderView[] = [];
  for (const provider of ['google', 'apple'] as const) {
    const client = context.openId[provider];
    if (!client) continue;
    try {
      views.push({
        provider: provider === 'google' ? 'GOOGLE' : 'APPLE',
        authorizationEndpoint: await client.authorizationEndpoint(),
        clientId: client.clientId,
        scope: client.scope,
        redirectPath: redirectPath(provider),
      });
    } catch (error) {
      logger.error({ provider, ...errorFields(error) }, 'OpenID provider discovery failed');
    }
  }
  return views;
}

/**
 * Starts a Google or Apple sign-in (RFC 9700, OpenID Connect): makes a random state, nonce and PKCE
 * verifier, keeps them server-side for 10 minutes with the marketplace group, the provider and the
 * checked return path, binds them to this browser with an HttpOnly cookie, and answers the provider's
 * authorization URL (carrying the state, the nonce and the S256 code challenge).
 */
export async function startThirdPartySignIn(
  context: IdentityContext,
  input: { marketplaceId: number; provider: ThirdPartyProvider; returnPath: string | null },
): Promise<{ authorizationUrl: string }> {
  const { provider } = input;
  const client = context.openId[provider];
  if (!client) throw new InvalidInputError(thirdPartyMessages.notAvailable(provider));
  const tenant = await tenantOfMarketplace(context.db, input.marketplaceId);
  const now = context.clock();
  const allowed = await consumeRateLimits(context.db, now, [
    { scope: 'third-party-start:ip', key: context.clientIp, ...startLimit },
  ]);
  if (!allowed) throw new RateLimitedError(thirdPartyMessages.tooManyStarts);

  const secrets = newSignInSecrets();
  const redirectUri = `${context.linkOrigin}${redirectPath(provider)}`;
  let authorizationUrl: string;
  try {
    authorizationUrl = await client.authorizationUrl({ redirectUri, secrets });
  } catch (error) {
    if (!(error instanceof OpenIdError)) throw error;
    logger.error({ provider, ...errorFields(error) }, 'OpenID provider discovery failed');
    throw new InvalidInputError(thirdPartyMessages.notAvailable(provider));
  }
  // One secret per browser, shared by the sign-ins it starts (two tabs may start one each).
  const browserSecret = browserSecretFor(await context.signInBinding.read());
  const { expiresAt } = await saveStartedSignIn(context.db, {
    secrets,
    browserSecret,
    mgId: tenant.mgId,
    provider,
    redirectUri,
    returnPath: safeReturnPath(input.returnPath),
    now,
  });
  await context.signInBinding.write(browserSecret, expiresAt);
  return { authorizationUrl };
}

/**
 * Finishes a Google or Apple sign-in: checks the state against the sign-in this browser started
 * (and uses it up), redeems the authorization code with its PKCE verifier, verifies the ID token and
 * its nonce, and signs in the user linked to that account, or the user with that verified email
 * (linking it). Anyone else gets a short-lived registration token and what the provider said about them.
 */
export async function thirdPartyAuthenticate(
  context: IdentityContext,
  input: ThirdPartyAnswer,
): Promise<ThirdPartyAuthenticateResult> {
  const { provider } = input;
  const client = redeemingClient(context, input);
  const tenant = await tenantOfMarketplace(context.db, input.marketplaceId);
  const now = context.clock();
  const started = await startedByThisBrowser(context, input, tenant, now);
  const identity = await redeemCode(client, input, started);
  const { returnPath } = started;

  const user = await knownUser(context, tenant, provider, identity);
  if (user) {
    await signIn(context, user);
    return { token: null, userData: null, authenticatePayload: toAuthenticateResult(user), returnPath };
  }
  const token = await signRegistrationToken(
    context.config.registrationTokenSecret,
    { provider, mgId: tenant.mgId, ...identity },
    now,
  );
  return { token, userData: userDataOf(identity), authenticatePayload: null, returnPath };
}

/** The provider's answer as the web app's callback page passes it on. */
interface ThirdPartyAnswer {
  provider: ThirdPartyProvider;
  marketplaceId: number;
  code: string;
  clientId: string;
  redirectUrl: string;
  state: string | null;
  iss: string | null;
}

/** The provider's client, when the answer is for this site's client and one of its redirect addresses. */
function redeemingClient(context: IdentityContext, input: ThirdPartyAnswer): OpenIdClient {
  const { provider } = input;
  const client = context.openId[provider];
  if (!client) throw new InvalidInputError(thirdPartyMessages.notAvailable(provider));
  if (input.clientId !== client.clientId)
    throw new InvalidInputError(thirdPartyMessages.unknownClient(provider));
  if (!isAllowedRedirect(context, provider, input.redirectUrl)) {
    throw new InvalidInputError(thirdPartyMessages.redirectNotAllowed);
  }
  return client;
}

/** Uses up the sign-in this browser started with the answer's state, or refuses the answer. */
async function startedByThisBrowser(
  context: IdentityContext,
  input: ThirdPartyAnswer,
  tenant: Tenant,
  now: Date,
): Promise<StartedSignIn> {
  const { provider } = input;
  const started = input.state
    ? await consumeStartedSignIn(context.db, {
        state: input.state,
        browserSecret: await context.signInBinding.read(),
        provider,
        mgId: tenant.mgId,
        now,
      })
    : null;
  // The redirect URI is the one the sign-in was started with, or the code is not ours to redeem.
  if (!started || !input.state || started.redirectUri !== input.redirectUrl) {
    logger.warn({ provider, hasState: Boolean(input.state) }, 'Third-party sign-in state refused');
    throw new UnauthenticatedError(thirdPartyMessages.unverified);
  }
  return started;
}

/** The identity the provider vouches for, in exchange for the code and the sign-in's PKCE verifier. */
async function redeemCode(
  client: OpenIdClient,
  input: ThirdPartyAnswer,
  started: StartedSignIn,
): Promise<VerifiedIdentity> {
  let identity: VerifiedIdentity;
  try {
    identity = await client.redeemCode({
      // The answer's state: the started sign-in was found by it.
      response: { code: input.code, state: started.secrets.state, iss: input.iss },
      redirectUri: started.redirectUri,
      secrets: started.secrets,
    });
  } catch (error) {
    if (!(error instanceof OpenIdError)) throw error;
    logger.warn({ provider: input.provider, ...errorFields(error) }, 'OpenID sign-in refused');
    throw new UnauthenticatedError(thirdPartyMessages.failed(input.provider));
  }
  // Apple's ID token names no one; the name it sent once, with the code, stands in.
  return {
    ...identity,
    givenName: identity.givenName ?? started.givenName,
    familyName: identity.familyName ?? started.familyName,
  };
}

/** What the provider said about a person without an account, to prefill their registration. */
function userDataOf(identity: VerifiedIdentity): ThirdPartyUserData {
  return {
    email: identity.email,
    givenName: identity.givenName,
    familyName: identity.familyName,
    phone: identity.phone,
    dob: identity.birthdate,
    privateEmail: identity.privateEmail,
  };
}

/**
 * Creates the account of a third-party sign-in that had none, linked to the provider account, and
 * signs it in. The email counts as confirmed when it is the address the provider verified; any other
 * address gets a confirmation link.
 */
export async function registerWithToken(
  context: IdentityContext,
  input: { marketplaceId: number; token: string; email: string; profile: ProfileFields },
): Promise<AuthenticateResult> {
  const tenant = await tenantOfMarketplace(context.db, input.marketplaceId);
  const now = context.clock();
  const claims = await verifyRegistrationToken(context.config.registrationTokenSecret, input.token, now);
  if (!claims || claims.mgId !== tenant.mgId)
    throw new UnauthenticatedError(thirdPartyMessages.registrationExpired);

  const emailVerified =
    claims.emailVerified && claims.email !== null && claims.email.toLowerCase() === input.email.toLowerCase();

  // A second submit of the same registration signs in the account the first one made.
  let user = await linkedUser(context, tenant.mgId, claims.provider, claims.subject);
  if (!user) {
    const existing = await findUserByEmail(context.db, tenant.mgId, input.email);
    if (existing && !emailVerified) throw new InvalidInputError(passwordMessages.emailTaken);
    user =
      existing ??
      (await insertUser(context.db, {
        mgId: tenant.mgId,
        email: input.email,
        emailConfirmedAt: emailVerified ? now : null,
        now,
        profile: input.profile,
      }));
    if (!user) throw new InvalidInputError(passwordMessages.emailTaken);
    if (emailVerified) user = await confirmUserEmail(context.db, user, now);
    await link(context, tenant.mgId, claims.provider, claims.subject, user, claims.email);
  }

  await signIn(context, user);
  if (!user.emailConfirmedAt) {
    await sendEmailConfirmation(context, user, tenant).catch((error: unknown) =>
      logger.error(errorFields(error), 'Confirmation email after registration failed'),
    );
  }
  return toAuthenticateResult(user);
}

async function knownUser(
  context: IdentityContext,
  tenant: Tenant,
  provider: ThirdPartyProvider,
  identity: VerifiedIdentity,
): Promise<UserRow | null> {
  const linked = await linkedUser(context, tenant.mgId, provider, identity.subject);
  if (linked) return linked;
  // Only an address the provider verified may be trusted to be the same person.
  if (!identity.email || !identity.emailVerified) return null;
  const byEmail = await findUserByEmail(context.db, tenant.mgId, identity.email);
  if (!byEmail) return null;
  // The proof first: it ends every provider link from before it, not the one it makes.
  const confirmed = await confirmUserEmail(context.db, byEmail, context.clock());
  await link(context, tenant.mgId, provider, identity.subject, confirmed, identity.email);
  return confirmed;
}

async function linkedUser(
  context: IdentityContext,
  mgId: number,
  provider: ThirdPartyProvider,
  subject: string,
): Promise<UserRow | null> {
  const [row] = await context.db
    .select({ userId: externalIdentities.userId })
    .from(externalIdentities)
    .where(
      and(
        eq(externalIdentities.mgId, mgId),
        eq(externalIdentities.provider, provider),
        eq(externalIdentities.subject, subject),
      ),
    );
  return row ? findUserById(context.db, row.userId) : null;
}

async function link(
  context: IdentityContext,
  mgId: number,
  provider: ThirdPartyProvider,
  subject: string,
  user: UserRow,
  email: string | null,
): Promise<void> {
  await context.db
    .insert(externalIdentities)
    .values({ mgId, provider, subject, userId: user.id, email, createdAt: context.clock() })
    .onConflictDoNothing();
}

function isAllowedRedirect(
  context: IdentityContext,
  provider: ThirdPartyProvider,
  redirectUrl: string,
): boolean {
  try {
    const url = new URL(redirectUrl);
    return (
      context.config.webOrigins.includes(url.origin) &&
      url.pathname === redirectPath(provider) &&
      url.search === '' &&
      url.hash === ''
    );
  } catch {
    return false;
  }
}
