// The profile's 'Set a password' and 'Change password': a signed-in client's own password.
import { InvalidInputError } from '../kernel/errors';
import { refundRateLimits, takeRateLimits } from '../kernel/rate-limits';
import { queueIdentityEmail } from './deliveries';
import { signIn } from './devices';
import {
  IncorrectPasswordError,
  RateLimitedError,
  ReauthenticationRequiredError,
  signInRequired,
  UnauthenticatedError,
} from './errors';
import { passwordChangedEmail } from './messages';
import { weakPasswordReason } from './password-strength';
import { failureScopes, hashPassword, ownBrowserPasswordLimit, verifyPassword } from './passwords';
import type { IdentityContext } from './ports';
import { type ActiveSession, revokeAllSessions } from './sessions';
import {
  findUserById,
  replacePasswordHash,
  type Tenant,
  tenantOfMarketplace,
  toUserView,
  type UserRow,
  type UserView,
} from './users';

/**
 * How recent a sign-in must be to set a first password: the life of a sign-in code. An older session
 * proves only that this browser was signed in once; a code typed now proves the address again.
 */
export const recentSignInMs = 10 * 60 * 1000;

export const ownPasswordMessages = {
  alreadySet: 'Your account already has a password. Enter it to change it.',
  noneYet: 'Your account has no password yet.',
  emailUnconfirmed: 'Please confirm your email address to continue.',
  reauthenticate: "For your security, confirm it's you with a code we email you.",
  incorrect: 'Your current password is incorrect.',
  rateLimited: 'Too many password attempts. Please wait a while and try again.',
};

interface SignedInAccount {
  session: ActiveSession;
  user: UserRow;
  tenant: Tenant;
}

/** The client signed in to the marketplace's group, or UNAUTHENTICATED. */
async function signedInAccount(context: IdentityContext, marketplaceId: number): Promise<SignedInAccount> {
  const tenant = await tenantOfMarketplace(context.db, marketplaceId);
  const session = await context.session.current(tenant.mgId);
  if (!session) throw new UnauthenticatedError(signInRequired);
  const user = await findUserById(context.db, session.userId);
  if (!user) throw new UnauthenticatedError(signInRequired);
  return { session, user, tenant };
}

/** A password made of the account's own words (its email, names, the marketplace) is easy to guess. */
function refuseWeak(password: string, { user, tenant }: SignedInAccount): void {
  const weak = weakPasswordReason(password, [
    user.email,
    user.givenName ?? '',
    user.familyName ?? '',
    tenant.name,
  ]);
  if (weak) throw new InvalidInputError(weak);
}

/**
 * Gives a signed-in client without a password their first one (a client who signs in by emailed code,
 * Google or Apple). Their sign-in must be recent (recentSignInMs), else REAUTHENTICATION_REQUIRED:
 * the page then signs them in again with an emailed code, which proves the address as every other
 * way into the account does. As a reset does, every session ends; this browser is signed in anew.
 */
export async function setOwnPassword(
  context: IdentityContext,
  input: { marketplaceId: number; password: string },
): Promise<UserView> {
  const account = await signedInAccount(context, input.marketplaceId);
  const { session, user } = account;
  if (user.passwordHash) throw new InvalidInputError(ownPasswordMessages.alreadySet);
  // A password set before the address is proven would be dropped by the proof (users.ts).
  if (!user.emailConfirmedAt) throw new InvalidInputError(ownPasswordMessages.emailUnconfirmed);
  refuseWeak(input.password, account);
  if (context.clock().getTime() - session.startedAt.getTime() > recentSignInMs)
    throw new ReauthenticationRequiredError(ownPasswordMessages.reauthenticate);
  return storePassword(context, account, input.password, 'set');
}

/**
 * Changes a signed-in client's password, given the current one (OWASP ASVS 6.2.3). A wrong one counts
 * as a failed password sign-in from the owner's own browser (five free, then growing delays; a right
 * one takes its hit back), so a stolen session cannot try passwords faster than a sign-in form.
 * Every session ends; this browser is signed in anew.
 */
export async function changeOwnPassword(
  context: IdentityContext,
  input: { marketplaceId: number; currentPassword: string; newPassword: string },
): Promise<UserView> {
  const account = await signedInAccount(context, input.marketplaceId);
  const { user } = account;
  if (!user.passwordHash) throw new InvalidInputError(ownPasswordMessages.noneYet);
  refuseWeak(input.newPassword, account);
  const grant = await takeRateLimits(context.db, context.clock(), [ownBrowserPasswordLimit(user)]);
  if (!grant) throw new RateLimitedError(ownPasswordMessages.rateLimited);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
    throw new IncorrectPasswordError(ownPasswordMessages.incorrect);
  await refundRateLimits(context.db, grant, failureScopes);
  return storePassword(context, account, input.newPassword, 'changed');
}

/**
 * Stores the new password only over the one the caller proved (none, or the current one checked
 * above), so of two changes at once the later one fails instead of undoing the first; ends every
 * session of the account and mails its owner, in one transaction; then signs this browser in again.
 */
async function storePassword(
  context: IdentityContext,
  { user, tenant }: SignedInAccount,
  password: string,
  change: 'set' | 'changed',
): Promise<UserView> {
  const now = context.clock();
  const passwordHash = await hashPassword(password);
  const updated = await context.db.transaction(async (tx) => {
    const row = await replacePasswordHash(tx, user, passwordHash, now);
    if (!row) return null;
    await revokeAllSessions(tx, user.id, now);
    const signInLink = `${context.linkOrigin}/${tenant.marketplaceId}`;
    await queueIdentityEmail(
      tx,
      context,
      tenant,
      row.email,
      passwordChangedEmail(tenant.name, change, signInLink),
    );
    return row;
  });
  if (!updated) {
    throw change === 'set'
      ? new InvalidInputError(ownPasswordMessages.alreadySet)
      : new IncorrectPasswordError(ownPasswordMessages.incorrect);
  }
  await signIn(context, updated);
  return toUserView(updated);
}
