import { InvalidInputError } from '../kernel/errors';
import { consumeRateLimits, hourMs } from '../kernel/rate-limits';
import { queueIdentityEmail } from './deliveries';
import { signIn } from './devices';
import { RateLimitedError, signInRequired, UnauthenticatedError } from './errors';
import { confirmEmailEmail } from './messages';
import type { IdentityContext } from './ports';
import { consumeLinkToken, emailedLink, issueLinkToken } from './user-tokens';
import { confirmUserEmail, findUserById, type Tenant, tenantOfMarketplace, type UserRow } from './users';

export const emailConfirmationMessages = {
  alreadyConfirmed: 'Your email address is already confirmed.',
  rateLimited: 'Too many confirmation emails. Please wait a while and try again.',
  invalidLink: 'This confirmation link is invalid or has expired. Please request a new one.',
};

const sendsPerHour = 5;

/** Emails the signed-in user a link to `${origin}/confirm-email?token=…` (24 hours, single use). */
export async function requestConfirmEmail(
  context: IdentityContext,
  input: { marketplaceId: number },
): Promise<true> {
  const tenant = await tenantOfMarketplace(context.db, input.marketplaceId);
  const session = await context.session.current();
  if (!session || session.mgId !== tenant.mgId) throw new UnauthenticatedError(signInRequired);
  const user = await findUserById(context.db, session.userId);
  if (!user) throw new UnauthenticatedError(signInRequired);
  if (user.emailConfirmedAt) throw new InvalidInputError(emailConfirmationMessages.alreadyConfirmed);
  await sendEmailConfirmation(context, user, tenant);
  return true;
}

/** Sends (or re-sends) the confirmation link to a user's current address. */
export async function sendEmailConfirmation(
  context: IdentityContext,
  user: UserRow,
  tenant: Tenant,
): Promise<void> {
  const now = context.clock();
  const allowed = await consumeRateLimits(context.db, now, [
    { scope: 'confirm-email:user', key: String(user.id), limit: sendsPerHour, windowMs: hourMs },
  ]);
  if (!allowed) throw new RateLimitedError(emailConfirmationMessages.rateLimited);
  await context.db.transaction(async (tx) => {
    const token = await issueLinkToken(tx, {
      purpose: 'confirm_email',
      userId: user.id,
      sentTo: user.email,
      now,
    });
    const link = emailedLink(context.linkOrigin, '/confirm-email', token, tenant);
    await queueIdentityEmail(tx, context, tenant, user.email, confirmEmailEmail(tenant.name, link));
  });
}

/**
 * Confirms the address a link was sent to. Needs no session: the link may be opened anywhere. Opening
 * it proves the address as a sign-in code does, so every password, linked provider account and session
 * from before ends (confirmUserEmail); the browser that opened it stays signed in only when it was
 * signed in as this user, with a new session.
 */
export async function confirmEmail(
  context: IdentityContext,
  input: { marketplaceId: number; token: string },
): Promise<{ emailConfirmed: true }> {
  const tenant = await tenantOfMarketplace(context.db, input.marketplaceId);
  const now = context.clock();
  const consumed = await consumeLinkToken(context.db, { purpose: 'confirm_email', token: input.token, now });
  const user = consumed ? await findUserById(context.db, consumed.userId) : null;
  // The link must be of this marketplace's group and for the address the user still has.
  if (
    !consumed ||
    !user ||
    user.mgId !== tenant.mgId ||
    user.email.toLowerCase() !== consumed.sentTo.toLowerCase()
  ) {
    throw new InvalidInputError(emailConfirmationMessages.invalidLink);
  }
  if (!user.emailConfirmedAt) {
    const openedSignedIn = (await context.session.current(user.mgId))?.userId === user.id;
    const confirmed = await confirmUserEmail(context.db, user, now);
    if (openedSignedIn) await signIn(context, confirmed);
  }
  return { emailConfirmed: true };
}
