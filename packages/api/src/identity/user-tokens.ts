import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import { newSixDigitCode, newToken, sameDigest, sha256 } from '../kernel/secrets';
import { type userTokenPurposes, userTokens } from './tables';

type Purpose = (typeof userTokenPurposes)[number];

export const userTokenLifetimesMs: Record<Purpose, number> = {
  reset_password: 60 * 60 * 1000,
  confirm_email: 24 * 60 * 60 * 1000,
  confirm_phone: 10 * 60 * 1000,
};
export const codeMaxAttempts = 5;

/**
 * Issues a single-use link token for a user, replacing any unused one of the same purpose.
 * Returns the token; only its hash is stored.
 */
export async function issueLinkToken(
  db: Db,
  input: { purpose: 'reset_password' | 'confirm_email'; userId: number; sentTo: string; now: Date },
): Promise<string> {
  const token = newToken();
  await replaceUnused(db, input.userId, input.purpose, input.now);
  await db.insert(userTokens).values({
    purpose: input.purpose,
    secretHash: sha256(token),
    userId: input.userId,
    sentTo: input.sentTo,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + userTokenLifetimesMs[input.purpose]),
  });
  return token;
}

/**
 * The web address an emailed link opens: `${origin}${path}?token=…&marketplace=…` (or `&mg=…` when
 * only the group is known). The link carries everything its page needs, so it works in any browser.
 */
export function emailedLink(
  origin: string,
  path: '/confirm-email' | '/reset-password',
  token: string,
  tenant: { mgId: number; marketplaceId: number | null },
): string {
  const query = new URLSearchParams({ token });
  if (tenant.marketplaceId !== null) query.set('marketplace', String(tenant.marketplaceId));
  else query.set('mg', String(tenant.mgId));
  return `${origin.replace(/\/+$/, '')}${path}?${query}`;
}

/** Consumes a link token if it is known, unused and unexpired: single use even under races. */
export async function consumeLinkToken(
  db: Db,
  input: { purpose: 'reset_password' | 'confirm_email'; token: string; now: Date },
): Promise<{ userId: number; sentTo: string } | null> {
  const [row] = await db
    .update(userTokens)
    .set({ consumedAt: input.now })
    .where(
      and(
        eq(userTokens.purpose, input.purpose),
        eq(userTokens.secretHash, sha256(input.token)),
        isNull(userTokens.consumedAt),
        gt(userTokens.expiresAt, input.now),
      ),
    )
    .returning({ userId: userTokens.userId, sentTo: userTokens.sentTo });
  return row ?? null;
}

/** Whether a link token is known, unused and unexpired (without using it): whose, and sent where. */
export async function usableLinkToken(
  db: Db,
  input: { purpose: 'reset_password' | 'confirm_email'; token: string; now: Date },
): Promise<{ userId: number; sentTo: string } | null> {
  const [row] = await db
    .select({ userId: userTokens.userId, sentTo: userTokens.sentTo })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.purpose, input.purpose),
        eq(userTokens.secretHash, sha256(input.token)),
        isNull(userTokens.consumedAt),
        gt(userTokens.expiresAt, input.now),
      ),
    );
  return row ?? null;
}

/** Issues a 6-digit phone code for a user (replacing an unused one); the code is hashed with its salt. */
export async function issuePhoneCode(
  db: Db,
  input: { userId: number; phone: string; now: Date },
): Promise<string> {
  const code = newSixDigitCode();
  await replaceUnused(db, input.userId, 'confirm_phone', input.now);
  await db.insert(userTokens).values({
    purpose: 'confirm_phone',
    secretHash: sha256(String(input.userId), input.phone, code),
    userId: input.userId,
    sentTo: input.phone,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + userTokenLifetimesMs.confirm_phone),
  });
  return code;
}

export type PhoneCodeOutcome =
  | { kind: 'confirmed'; phone: string }
  | { kind: 'incorrect'; triesLeft: number }
  | { kind: 'locked' }
  | { kind: 'none' };

/** Checks a phone code, counting the guess atomically first (five per code). */
export async function checkPhoneCode(
  db: Db,
  input: { userId: number; code: string; now: Date },
): Promise<PhoneCodeOutcome> {
  const [latest] = await db
    .select()
    .from(userTokens)
    .where(
      and(
        eq(userTokens.userId, input.userId),
        eq(userTokens.purpose, 'confirm_phone'),
        isNull(userTokens.consumedAt),
        gt(userTokens.expiresAt, input.now),
      ),
    )
    .orderBy(desc(userTokens.id))
    .limit(1);
  if (!latest) return { kind: 'none' };
  const [counted] = await db
    .update(userTokens)
    .set({ attempts: sql`${userTokens.attempts} + 1` })
    .where(
      and(
        eq(userTokens.id, latest.id),
        isNull(userTokens.consumedAt),
        lt(userTokens.attempts, codeMaxAttempts),
      ),
    )
    .returning({ attempts: userTokens.attempts });
  if (!counted) return { kind: 'locked' };
  if (!sameDigest(latest.secretHash, sha256(String(input.userId), latest.sentTo, input.code))) {
    const triesLeft = codeMaxAttempts - counted.attempts;
    return triesLeft > 0 ? { kind: 'incorrect', triesLeft } : { kind: 'locked' };
  }
  const [consumed] = await db
    .update(userTokens)
    .set({ consumedAt: input.now })
    .where(and(eq(userTokens.id, latest.id), isNull(userTokens.consumedAt)))
    .returning({ id: userTokens.id });
  return consumed ? { kind: 'confirmed', phone: latest.sentTo } : { kind: 'none' };
}

async function replaceUnused(db: Db, userId: number, purpose: Purpose, now: Date): Promise<void> {
  await db
    .update(userTokens)
    .set({ consumedAt: now })
    .where(
      and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.consumedAt)),
    );
}
