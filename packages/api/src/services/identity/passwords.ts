import { hash, verify } from '@node-rs/argon2';
import { errorFields, logger } from '../../logger';
import { InvalidInputError } from '../errors';
import { sendEmailConfirmation } from './email-confirmation';
import { RateLimitedError, UnauthenticatedError } from './errors';
import type { IdentityContext } from './ports';
import { consumeRateLimits, hourMs } from './rate-limits';
import {
  type AuthenticateResult,
  findUserByEmail,
  insertUser,
  type ProfileFields,
  tenantOfMarketplace,
  toAuthenticateResult,
} from './users';

export const passwordMessages = {
  incorrect: 'Incorrect email or password.',
  rateLimited: 'Too many sign-in attempts. Please wait a while and try again.',
  emailTaken: 'An account with this email already exists. Please sign in instead.',
};

// Failed and successful attempts alike, per address and per IP address, in an hour.
const attemptsPerEmail = 10;
const attemptsPerIp = 100;

/** argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: OWASP's recommendation). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when the user does not exist or has no password, so both take as long as a real check.
let decoyHash: Promise<string> | undefined;

/** Signs in with email and password. A wrong email and a wrong password fail alike. */
export async function authenticateWithPassword(
  context: IdentityContext,
  input: { marketplaceId: number; email: string; password: string },
): Promise<AuthenticateResult> {
  const { db, clock } = context;
  const tenant = await tenantOfMarketplace(db, input.marketplaceId);
  const allowed = await consumeRateLimits(db, clock(), [
    {
      scope: 'password:email',
      key: `${tenant.mgId}:${input.email.toLowerCase()}`,
      limit: attemptsPerEmail,
      windowMs: hourMs,
    },
    { scope: 'password:ip', key: context.clientIp, limit: attemptsPerIp, windowMs: hourMs },
  ]);
  if (!allowed) throw new RateLimitedError(passwordMessages.rateLimited);

  const user = await findUserByEmail(db, tenant.mgId, input.email);
  decoyHash ??= hashPassword('decoy password that matches nothing');
  const matches = await verifyPassword(user?.passwordHash ?? (await decoyHash), input.password);
  if (!user?.passwordHash || !matches) throw new UnauthenticatedError(passwordMessages.incorrect);
  await context.session.start(user);
  return toAuthenticateResult(user);
}

/**
 * Creates an account with a password and signs it in. The email starts unconfirmed, and a
 * confirmation link is emailed at once.
 */
export async function registerWithPassword(
  context: IdentityContext,
  input: { marketplaceId: number; email: string; password: string; profile: ProfileFields },
): Promise<AuthenticateResult> {
  const { db, clock } = context;
  const tenant = await tenantOfMarketplace(db, input.marketplaceId);
  if (await findUserByEmail(db, tenant.mgId, input.email))
    throw new InvalidInputError(passwordMessages.emailTaken);
  const user = await insertUser(db, {
    mgId: tenant.mgId,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    now: clock(),
    profile: input.profile,
  });
  if (!user) throw new InvalidInputError(passwordMessages.emailTaken);
  await context.session.start(user);
  // The account exists either way; a link that failed to go out can be asked for again.
  await sendEmailConfirmation(context, user, tenant).catch((error: unknown) =>
    logger.error(errorFields(error), 'Confirmation email after registration failed'),
  );
  return toAuthenticateResult(user);
}
