import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { InvalidInputError } from '../errors';
import { queueIdentityEmail } from './deliveries';
import { RateLimitedError } from './errors';
import { resetPasswordEmail } from './messages';
import { hashPassword } from './passwords';
import type { IdentityContext } from './ports';
import { consumeRateLimits, hourMs } from './rate-limits';
import { revokeAllSessions } from './sessions';
import { consumeLinkToken, issueLinkToken } from './user-tokens';
import { findUserByEmail, findUserById, tenantOfGroup } from './users';

export const passwordResetMessages = {
  originNotAllowed: 'This web address is not allowed to receive password reset links.',
  rateLimited: 'Too many password reset requests. Please wait a while and try again.',
  invalidLink: 'This password reset link is invalid or has expired. Please request a new one.',
};

const requestsPerEmail = 5;
const requestsPerIp = 30;

/** Refuses a webOriginUrl that is not one of the configured web origins (BAD_USER_INPUT). */
export function allowedWebOrigin(context: IdentityContext, webOriginUrl: string): string {
  const origin = webOriginUrl.replace(/\/+$/, '');
  if (!context.config.webOrigins.includes(origin))
    throw new InvalidInputError(passwordResetMessages.originNotAllowed);
  return origin;
}

/**
 * Emails a link to `${webOriginUrl}/reset-password?token=…` (one hour, single use) when the address
 * has an account; answers the same either way.
 */
export async function requestResetPassword(
  context: IdentityContext,
  input: { webOriginUrl: string; email: string; mgId: number },
): Promise<true> {
  const origin = allowedWebOrigin(context, input.webOriginUrl);
  const tenant = await tenantOfGroup(context.db, input.mgId);
  const now = context.clock();
  const allowed = await consumeRateLimits(context.db, now, [
    {
      scope: 'reset:email',
      key: `${tenant.mgId}:${input.email.toLowerCase()}`,
      limit: requestsPerEmail,
      windowMs: hourMs,
    },
    { scope: 'reset:ip', key: context.clientIp, limit: requestsPerIp, windowMs: hourMs },
  ]);
  if (!allowed) throw new RateLimitedError(passwordResetMessages.rateLimited);

  const user = await findUserByEmail(context.db, tenant.mgId, input.email);
  if (!user) return true;
  await context.db.transaction(async (tx) => {
    const token = await issueLinkToken(tx, {
      purpose: 'reset_password',
      userId: user.id,
      sentTo: user.email,
      now,
    });
    const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
    await queueIdentityEmail(tx, context, tenant, user.email, resetPasswordEmail(tenant.name, link));
  });
  return true;
}

/**
 * Sets a new password from an emailed link, and ends every session of the account. Following the
 * link also proves the address, so the email becomes confirmed.
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
  await context.db
    .update(users)
    .set({
      passwordHash: await hashPassword(input.password),
      emailConfirmedAt: user.emailConfirmedAt ?? now,
      updatedAt: now,
    })
    .where(eq(users.id, user.id));
  await revokeAllSessions(context.db, user.id, now);
  return true;
}
