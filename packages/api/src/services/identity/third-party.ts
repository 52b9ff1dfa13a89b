import { and, eq } from 'drizzle-orm';
import { OpenIdError, type VerifiedIdentity } from '../../adapters/openid/openid-client';
import { externalIdentities } from '../../db/schema';
import { errorFields, logger } from '../../logger';
import { InvalidInputError } from '../errors';
import { sendEmailConfirmation } from './email-confirmation';
import { UnauthenticatedError } from './errors';
import { passwordMessages } from './passwords';
import type { IdentityContext, ThirdPartyProvider } from './ports';
import { signRegistrationToken, verifyRegistrationToken } from './registration-tokens';
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
};

/** The path on the web app where a provider sends the browser back with the code. */
export function callbackPath(provider: ThirdPartyProvider): string {
  return `/auth/${provider}/callback`;
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
        redirectPath: callbackPath(provider),
      });
    } catch (error) {
      logger.error({ provider, ...errorFields(error) }, 'OpenID provider discovery failed');
    }
  }
  return views;
}

/**
 * Finishes a Google or Apple sign-in: redeems the authorization code, verifies the ID token, and
 * signs in the user linked to that account, or the user with that verified email (linking it).
 * Anyone else gets a short-lived registration token and what the provider said about them.
 */
export async function thirdPartyAuthenticate(
  context: IdentityContext,
  input: {
    provider: ThirdPartyProvider;
    marketplaceId: number;
    code: string;
    clientId: string;
    redirectUrl: string;
  },
): Promise<ThirdPartyAuthenticateResult> {
  const { provider } = input;
  const client = context.openId[provider];
  if (!client) throw new InvalidInputError(thirdPartyMessages.notAvailable(provider));
  if (input.clientId !== client.clientId)
    throw new InvalidInputError(thirdPartyMessages.unknownClient(provider));
  if (!isAllowedRedirect(context, provider, input.redirectUrl)) {
    throw new InvalidInputError(thirdPartyMessages.redirectNotAllowed);
  }
  const tenant = await tenantOfMarketplace(context.db, input.marketplaceId);
  const now = context.clock();

  let identity: VerifiedIdentity;
  try {
    identity = await client.redeemCode({ code: input.code, redirectUri: input.redirectUrl, now });
  } catch (error) {
    if (!(error instanceof OpenIdError)) throw error;
    logger.warn({ provider, ...errorFields(error) }, 'OpenID sign-in refused');
    throw new UnauthenticatedError(thirdPartyMessages.failed(provider));
  }

  const user = await knownUser(context, tenant, provider, identity);
  if (user) {
    await context.session.start(user);
    return { token: null, userData: null, authenticatePayload: toAuthenticateResult(user) };
  }

  const token = await signRegistrationToken(
    context.config.registrationTokenSecret,
    { provider, mgId: tenant.mgId, ...identity },
    now,
  );
  return {
    token,
    userData: {
      email: identity.email,
      givenName: identity.givenName,
      familyName: identity.familyName,
      phone: identity.phone,
      dob: identity.birthdate,
      privateEmail: identity.privateEmail,
    },
    authenticatePayload: null,
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

  await context.session.start(user);
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
  await link(context, tenant.mgId, provider, identity.subject, byEmail, identity.email);
  return confirmUserEmail(context.db, byEmail, context.clock());
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
      url.pathname === callbackPath(provider) &&
      url.search === '' &&
      url.hash === ''
    );
  } catch {
    return false;
  }
}
