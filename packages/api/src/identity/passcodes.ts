import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { addressLimits, consumeRateLimits, ownBrowserLimit, type RateLimit } from '../kernel/rate-limits';
import { newSixDigitCode, newToken, sameDigest, sha256 } from '../kernel/secrets';
import { queueIdentityEmail } from './deliveries';
import { ownBrowserUser, signIn } from './devices';
import { CodeSpentError, RateLimitedError, UnauthenticatedError } from './errors';
import { passcodeEmail } from './messages';
import type { IdentityContext } from './ports';
import { passcodes } from './tables';
import {
  type AuthenticateResult,
  confirmUserEmail,
  findUserByEmail,
  insertUser,
  tenantOfMarketplace,
  toAuthenticateResult,
} from './users';

export const passcodeLifetimeMs = 10 * 60 * 1000;
export const passcodeMaxAttempts = 5;

export const passcodeMessages = {
  rateLimited: 'Too many code requests. Please wait a while and try again.',
  /** Unknown, already used, or replaced by a newer code. */
  notValid: 'This code is no longer valid. Please request a new code.',
  expired: 'This code has expired. Please request a new code.',
  locked: 'Too many incorrect codes. Please request a new code.',
  incorrect: (triesLeft: number) =>
    `Incorrect code. You have ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
};

/**
 * Emails a 6-digit sign-in code and answers with the token that identifies it. Whether or not an
 * account exists for the email, the work and the answer are the same: for an unknown address the code
 * still works, and signing in with it creates the account.
 */
export async function requestPasscode(
  context: IdentityContext,
  input: { marketplaceId: number; email: string },
): Promise<{ token: string }> {
  const { db, clock } = context;
  const tenant = await tenantOfMarketplace(db, input.marketplaceId);
  const now = clock();
  const allowed = await consumeRateLimits(
    db,
    now,
    await codeRequestLimits(context, tenant.mgId, input.email),
  );
  if (!allowed) throw new RateLimitedError(passcodeMessages.rateLimited);

  const token = newToken();
  const code = newSixDigitCode();
  await db.transaction(async (tx) => {
    // Earlier codes stay valid until they expire: someone else asking for a code for this address must
    // not void the one its owner is about to type. Each code works only with its own token, which only
    // the browser that asked holds, and the per-address ceiling bounds how many can be out at once.
    await tx.insert(passcodes).values({
      tokenHash: sha256(token),
      mgId: tenant.mgId,
      email: input.email,
      // Hashed with the token, which only the browser holds: a database copy alone cannot be brute-forced.
      codeHash: sha256(token, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + passcodeLifetimeMs),
    });
    await queueIdentityEmail(
      tx,
      context,
      tenant,
      input.email,
      passcodeEmail(tenant.name, code, passcodeLifetimeMs / 60_000),
    );
  });
  return { token };
}

/**
 * The limits of a code request: from one of the address owner's own browsers, the owner's own allowance,
 * which strangers' requests never use up; from anywhere else, the address's limits, which strangers share.
 */
async function codeRequestLimits(
  context: IdentityContext,
  mgId: number,
  email: string,
): Promise<RateLimit[]> {
  const { passcodeLimits } = context.config;
  const owner = await ownBrowserUser(context, mgId, email);
  if (owner) return [ownBrowserLimit('passcode', owner, passcodeLimits.perOwnBrowserPerHour)];
  return addressLimits(
    'passcode',
    { mgId, email, clientIp: context.clientIp },
    {
      perAddressAndClient: passcodeLimits.perAddressAndClientPerHour,
      perAddress: passcodeLimits.perAddressPerHour,
      perClient: passcodeLimits.perIpPerHour,
    },
  );
}

/**
 * Signs in with an emailed code. Every guess is counted atomically in the database before it is
 * compared, so guesses in parallel requests, batches or aliases all count against the same five.
 */
export async function passcodeAuthenticate(
  context: IdentityContext,
  input: { token: string; code: string; marketplaceId: number },
): Promise<AuthenticateResult> {
  const { db, clock } = context;
  const tenant = await tenantOfMarketplace(db, input.marketplaceId);
  const now = clock();
  const tokenHash = sha256(input.token);

  const [counted] = await db
    .update(passcodes)
    .set({ attempts: sql`${passcodes.attempts} + 1` })
    .where(
      and(
        eq(passcodes.tokenHash, tokenHash),
        eq(passcodes.mgId, tenant.mgId),
        isNull(passcodes.consumedAt),
        gt(passcodes.expiresAt, now),
        lt(passcodes.attempts, passcodeMaxAttempts),
      ),
    )
    .returning({
      id: passcodes.id,
      attempts: passcodes.attempts,
      codeHash: passcodes.codeHash,
      email: passcodes.email,
    });

  if (!counted) throw new CodeSpentError(await whyNotUsable(context, tokenHash, tenant.mgId, now));

  if (!sameDigest(counted.codeHash, sha256(input.token, input.code))) {
    const triesLeft = passcodeMaxAttempts - counted.attempts;
    if (triesLeft === 0) throw new CodeSpentError(passcodeMessages.locked);
    throw new UnauthenticatedError(passcodeMessages.incorrect(triesLeft));
  }

  // Single use: of two correct guesses racing, one consumes the code and the other is told so.
  const [consumed] = await db
    .update(passcodes)
    .set({ consumedAt: now })
    .where(and(eq(passcodes.id, counted.id), isNull(passcodes.consumedAt)))
    .returning({ id: passcodes.id });
  if (!consumed) throw new CodeSpentError(passcodeMessages.notValid);
  // The owner is in: other codes still out for this address (someone else's, or older ones) end here.
  await db
    .update(passcodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(passcodes.mgId, tenant.mgId),
        sql`lower(${passcodes.email}) = lower(${counted.email})`,
        isNull(passcodes.consumedAt),
      ),
    );

  // The code proves the address: a new user starts confirmed; an unconfirmed one becomes confirmed and
  // loses every password and session from before the proof (confirmUserEmail).
  let user =
    (await findUserByEmail(db, tenant.mgId, counted.email)) ??
    (await insertUser(db, { mgId: tenant.mgId, email: counted.email, emailConfirmedAt: now, now })) ??
    (await findUserByEmail(db, tenant.mgId, counted.email));
  if (!user) throw new Error('User vanished while signing in');
  user = await confirmUserEmail(db, user, now);
  await signIn(context, user);
  return toAuthenticateResult(user);
}

async function whyNotUsable(
  context: IdentityContext,
  tokenHash: string,
  mgId: number,
  now: Date,
): Promise<string> {
  const [row] = await context.db
    .select()
    .from(passcodes)
    .where(and(eq(passcodes.tokenHash, tokenHash), eq(passcodes.mgId, mgId)));
  if (!row) return passcodeMessages.notValid;
  if (row.attempts >= passcodeMaxAttempts) return passcodeMessages.locked;
  if (row.consumedAt) return passcodeMessages.notValid;
  if (row.expiresAt <= now) return passcodeMessages.expired;
  return passcodeMessages.notValid;
}
