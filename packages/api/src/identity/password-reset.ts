import { eq } from 'drizzle-orm';
import { InvalidInputError } from '../kernel/errors';
import { addressLimits, consumeRateLimits } from '../kernel/rate-limits';
import { queueAccountEmail } from './account-emails';
import { RateLimitedError } from './errors';
import { hashPassword } from './passwords';
import type { IdentityContext } from './ports';
import { revokeAllSessions } from './sessions';
import { users } from './tables';
import { consumeLinkToken, usableLinkToken } from './user-tokens';
import { confirmUserEmail, findUserById, tenantOfGroup, tenantOfMarketplace } from './users';

export const passwordResetMessages = {
  originNotAllowed: 'This web address is not allowed to receive password reset links.',
  rateLimited: 'Too many password reset requests. Please wait a while and try again.',
  invalidLink: 'This password reset link is invalid or has expired. Please request a new one.',
  otherGroup: 'This marketplace does not belong to that marketplace group.',
};

/** Refuses a webOriginUrl that is not one of the configured web origins (BAD_USER_INPUT). */
export function allowedWebOrigin(context: IdentityContext, webOriginUrl: string): string {
  const origin = webOriginUrl.replace(/\/+$/, '');
  if (!context.config.webOrigins.includes(origin))
    throw new InvalidInputError(passwordResetMessages.originNotAllowed);
  return origin;
}

/**
 * Emails a link to `${webOriginUrl}/reset-password?token=…&marketplace=…` (one hour, single use) when
 * the address has an account. Known and unknown addresses get the same answer in the same time: the
 * request only queues the email job (account-emails.ts), which looks the address up.
 */
export async function requestResetPassword(
  context: IdentityContext,
  input: { webOriginUrl: string; email: string; mgId: number; marketplaceId: number | null },
): Promise<true> {
  const origin = allowedWebOrigin(context, input.webOriginUrl);
  const tenant = await tenantOfGroup(context.db, input.mgId);
  // The marketplace the client asked from names the email and opens the link; it must be of the group.
  const marketplace =
    input.marketplaceId === null ? null : await tenantOfMarketplace(context.db, input.marketplaceId);
  if (marketplace && marketplace.mgId !== tenant.mgId)
    throw new InvalidInputError(passwordResetMessages.otherGroup);
  const now = context.clock();
  const allowed = await consumeRateLimits(
    context.db,
    now,
    addressLimits(
      'reset',
      { mgId: tenant.mgId, email: input.email, clientIp: context.clientIp },
      { perAddressAndClient: 5, perAddress: 30, perClient: 30 },
    ),
  );
  if (!allowed) throw new RateLimitedError(passwordResetMessages.rateLimited);

  await context.db.transaction((tx) =>
    queueAccountEmail(tx, {
      kind: 'password-reset',
      mgId: tenant.mgId,
      marketplaceId: marketplace?.marketplaceId ?? null,
      email: input.email,
      origin,
    }),
  );
  return true;
}

/**
 * Whether an emailed reset link can still set a password (known, unused, unexpired, for an account
 * of this group at the address it was sent to), so its page says a dead link is dead before anything
 * is typed. It uses nothing: the link stays usable.
 */
export async function passwordResetLinkUsable(
  context: IdentityContext,
  input: { token: string; mgId: number },
): Promise<boolean> {
  const token = await usableLinkToken(context.db, {
    purpose: 'reset_password',
    token: input.token,
    now: context.clock(),
  });
  const user = token ? await findUserById(context.db, token.userId) : null;
  return Boolean(
    token && user && user.mgId === input.mgId && user.email.toLowerCase() === token.sentTo.toLowerCase(),
  );
}

/**
 * Sets a new password from an emailed link, and ends every session of the account. Following the
 * link also proves the address, so the email becomes confirmed, and an unconfirmed account loses the
 * provider accounts linked to it before the proof.
 */
export async function resetPasswordByToken(
  context: IdentityContext,
  input: { webOriginUrl: string; password: string; token: string; mgId: number },
): Promise<true> {
  allowedWebOrigin(context, input.webOriginUrl);
  const now = context.clock();
  const consumed = await consumeLinkToken(context.db, { purpose: 'reset_password', token: input.token, now });
  const user = consumed ? await findUserById(context.db, consumed.userId) : null;
  if (
    !consumed ||
    !user ||
    user.mgId !== input.mgId ||
    user.email.toLowerCase() !== consumed.sentTo.toLowerCase()
  ) {
    throw new InvalidInputError(passwordResetMessages.invalidLink);
  }
  const passwordHash = await hashPassword(input.password);
  await context.db.transaction(async (tx) => {
    // The link proves the address: what an unconfirmed account had from before ends (confirmUserEmail).
    await confirmUserEmail(tx, user, now);
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id, now);
  });
  return true;
}
