import { InvalidInputError } from '../kernel/errors';
import { consumeRateLimits, hourMs } from '../kernel/rate-limits';
import { queueMessage } from '../notifications';
import { RateLimitedError, signInRequired, UnauthenticatedError } from './errors';
import { phoneCodeSms } from './messages';
import type { IdentityContext } from './ports';
import { checkPhoneCode, issuePhoneCode, userTokenLifetimesMs } from './user-tokens';
import {
  confirmUserPhone,
  findUserById,
  type Tenant,
  tenantOfGroup,
  tenantOfMarketplace,
  type UserRow,
} from './users';

export const phoneConfirmationMessages = {
  noPhone: 'Please add a phone number to your profile first.',
  alreadyConfirmed: 'Your phone number is already confirmed.',
  rateLimited: 'Too many verification codes. Please wait a while and try again.',
  noCode: 'This code is no longer valid. Please request a new code.',
  locked: 'Too many incorrect codes. Please request a new code.',
  incorrect: (triesLeft: number) =>
    `Incorrect code. You have ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
};

const sendsPerHour = 5;

/**
 * Texts a 6-digit code to the signed-in user's phone. The spec gives this call no arguments; an
 * optional marketplace id names the marketplace in the text, otherwise the group's name is used.
 */
export async function requestConfirmPhone(
  context: IdentityContext,
  input: { marketplaceId: number | null },
): Promise<true> {
  const { user, tenant } = await signedInUser(context, input.marketplaceId);
  if (!user.phone) throw new InvalidInputError(phoneConfirmationMessages.noPhone);
  if (user.phoneConfirmedAt) throw new InvalidInputError(phoneConfirmationMessages.alreadyConfirmed);
  const now = context.clock();
  const allowed = await consumeRateLimits(context.db, now, [
    { scope: 'confirm-phone:user', key: String(user.id), limit: sendsPerHour, windowMs: hourMs },
  ]);
  if (!allowed) throw new RateLimitedError(phoneConfirmationMessages.rateLimited);
  const phone = user.phone;
  await context.db.transaction(async (tx) => {
    const code = await issuePhoneCode(tx, { userId: user.id, phone, now });
    await queueMessage(tx, {
      channel: 'sms',
      to: phone,
      senderName: tenant.name,
      body: phoneCodeSms(tenant.name, code, userTokenLifetimesMs.confirm_phone / 60_000),
    });
  });
  return true;
}

/** Confirms the phone the code was texted to, if it is still the user's number. Five guesses per code. */
export async function confirmPhone(
  context: IdentityContext,
  input: { marketplaceId: number; code: string },
): Promise<{ phoneConfirmed: true }> {
  const { user } = await signedInUser(context, input.marketplaceId);
  const now = context.clock();
  const outcome = await checkPhoneCode(context.db, { userId: user.id, code: input.code, now });
  switch (outcome.kind) {
    case 'none':
      throw new InvalidInputError(phoneConfirmationMessages.noCode);
    case 'locked':
      throw new InvalidInputError(phoneConfirmationMessages.locked);
    case 'incorrect':
      throw new InvalidInputError(phoneConfirmationMessages.incorrect(outcome.triesLeft));
    case 'confirmed':
      // The number the code was texted to must still be the user's, now and when it is marked.
      if (outcome.phone !== user.phone || !(await confirmUserPhone(context.db, user.id, outcome.phone, now)))
        throw new InvalidInputError(phoneConfirmationMessages.noCode);
      return { phoneConfirmed: true };
  }
}

async function signedInUser(
  context: IdentityContext,
  marketplaceId: number | null,
): Promise<{ user: UserRow; tenant: Tenant }> {
  const marketplace = marketplaceId === null ? null : await tenantOfMarketplace(context.db, marketplaceId);
  const session = await context.session.current();
  if (!session || (marketplace && session.mgId !== marketplace.mgId))
    throw new UnauthenticatedError(signInRequired);
  const user = await findUserById(context.db, session.userId);
  if (!user) throw new UnauthenticatedError(signInRequired);
  return { user, tenant: marketplace ?? (await tenantOfGroup(context.db, session.mgId)) };
}
