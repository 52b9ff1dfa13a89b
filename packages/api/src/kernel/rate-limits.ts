import { and, count, eq, gt, inArray, lte, max, sql } from 'drizzle-orm';
import type { Db } from './database/database';
import { rateLimitHits } from './tables';

export interface RateLimit {
  /** What is limited, e.g. `passcode:email`. */
  scope: string;
  /** Who is limited, e.g. the normalised email address or the IP address. */
  key: string;
  /**
   * Requests allowed inside the window; 0 switches the limit off, and Infinity refuses none outright
   * (a ceiling that only slows down: its growing delay alone bounds it).
   */
  limit: number;
  windowMs: number;
  /**
   * Slows down instead of locking out: after `freeHits` hits in the window, each further request must
   * wait `firstDelayMs` after the last hit, doubling with every hit up to `maxDelayMs`.
   */
  growingDelay?: { freeHits: number; firstDelayMs: number; maxDelayMs: number };
}

/** The hits one request counted, to take back when they should not count (a correct password). */
export interface RateLimitGrant {
  hitIds: number[];
}

/**
 * Counts one request against every limit, or against none when any is used up or still cooling down
 * (a refused request is not counted, so a client that keeps trying is let in again once its window has
 * passed). Sliding windows stored in the database, so every API process sees the same counts; an
 * advisory lock per key makes check-and-count atomic under concurrency.
 * Resolves to null when a limit is reached.
 */
export async function takeRateLimits(db: Db, now: Date, limits: RateLimit[]): Promise<RateLimitGrant | null> {
  // A limit of 0 is switched off.
  const active = limits.filter((limit) => limit.limit > 0);
  return db.transaction(async (tx) => {
    // A fixed lock order keeps two requests over the same keys from deadlocking.
    const ordered = [...active].sort((a, b) => lockName(a).localeCompare(lockName(b)));
    for (const limit of ordered) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockName(limit)}))`);
    }
    for (const limit of ordered) {
      const windowStart = new Date(now.getTime() - limit.windowMs);
      const sameKey = and(eq(rateLimitHits.scope, limit.scope), eq(rateLimitHits.key, limit.key));
      await tx.delete(rateLimitHits).where(and(sameKey, lte(rateLimitHits.at, windowStart)));
      const [row] = await tx
        .select({ hits: count(), lastAt: max(rateLimitHits.at) })
        .from(rateLimitHits)
        .where(and(sameKey, gt(rateLimitHits.at, windowStart)));
      const hits = row?.hits ?? 0;
      if (hits >= limit.limit) return null;
      const delay = limit.growingDelay;
      if (delay && hits >= delay.freeHits && row?.lastAt) {
        const waitMs = Math.min(delay.firstDelayMs * 2 ** (hits - delay.freeHits), delay.maxDelayMs);
        if (now.getTime() - new Date(row.lastAt).getTime() < waitMs) return null;
      }
    }
    if (ordered.length === 0) return { hitIds: [] };
    const inserted = await tx
      .insert(rateLimitHits)
      .values(ordered.map((limit) => ({ scope: limit.scope, key: limit.key, at: now })))
      .returning({ id: rateLimitHits.id, scope: rateLimitHits.scope });
    return { hitIds: inserted.map((hit) => hit.id) };
  });
}

/** takeRateLimits, answering only whether the request may go on. */
export async function consumeRateLimits(db: Db, now: Date, limits: RateLimit[]): Promise<boolean> {
  return (await takeRateLimits(db, now, limits)) !== null;
}

/** Takes back the hits of a grant in the given scopes (e.g. the failure counts after a correct password). */
export async function refundRateLimits(db: Db, grant: RateLimitGrant, scopes: string[]): Promise<void> {
  if (grant.hitIds.length === 0 || scopes.length === 0) return;
  await db
    .delete(rateLimitHits)
    .where(and(inArray(rateLimitHits.id, grant.hitIds), inArray(rateLimitHits.scope, scopes)));
}

/**
 * The three limits of a request about an email address (a code, a sign-in, a reset, a registration):
 * a tight one for the address from one client, so a stranger cannot use up the owner's allowance; a
 * ceiling for the address from anywhere, against attackers with many IP addresses, which slows down
 * rather than locks out (slowingCeiling); and one for the client across addresses. Keys are per
 * marketplace group.
 */
export function addressLimits(
  scope: string,
  request: { mgId: number; email: string; clientIp: string },
  limits: { perAddressAndClient: number; perAddress: number; perClient: number; windowMs?: number },
): [perAddressAndClient: RateLimit, perAddress: RateLimit, perClient: RateLimit] {
  const address = `${request.mgId}:${request.email.trim().toLowerCase()}`;
  const windowMs = limits.windowMs ?? hourMs;
  return [
    {
      scope: `${scope}:email+ip`,
      key: `${address}:${request.clientIp}`,
      limit: limits.perAddressAndClient,
      windowMs,
    },
    { scope: `${scope}:email`, key: address, windowMs, ...slowingCeiling(limits.perAddress) },
    { scope: `${scope}:ip`, key: request.clientIp, limit: limits.perClient, windowMs },
  ];
}

/**
 * A ceiling that strangers share slows them instead of shutting the address for the whole window:
 * past `free` requests, each further one waits a delay doubling from one minute up to 15 minutes after
 * the last, which bounds how many get through (about `free` + 7 an hour). 0 switches it off.
 */
function slowingCeiling(free: number): Pick<RateLimit, 'limit' | 'growingDelay'> {
  if (free === 0) return { limit: 0 };
  return {
    limit: Number.POSITIVE_INFINITY,
    growingDelay: { freeHits: free, firstDelayMs: minuteMs, maxDelayMs: 15 * minuteMs },
  };
}

/**
 * The limit of a request from one of the user's own browsers (devices.ts): its own allowance, which
 * strangers' requests for the address never use up, so they cannot lock the owner out; still bounded.
 */
export function ownBrowserLimit(
  scope: string,
  owner: { mgId: number; id: number },
  limit: number,
  growingDelay?: RateLimit['growingDelay'],
): RateLimit {
  return {
    scope: `${scope}:own-browser`,
    key: `${owner.mgId}:${owner.id}`,
    limit,
    windowMs: hourMs,
    ...(growingDelay ? { growingDelay } : {}),
  };
}

function lockName(limit: RateLimit): string {
  return `rate-limit:${limit.scope}:${limit.key}`;
}

const minuteMs = 60 * 1000;
export const hourMs = 60 * minuteMs;
/** The longest window of any limit: hits older than this count for nothing and can go. */
export const longestRateLimitWindowMs = hourMs;
