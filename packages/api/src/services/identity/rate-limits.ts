import { and, count, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../adapters/database/database';
import { rateLimitHits } from '../../db/schema';

export interface RateLimit {
  /** What is limited, e.g. `passcode:email`. */
  scope: string;
  /** Who is limited, e.g. the normalised email address or the IP address. */
  key: string;
  /** Requests allowed inside the window. */
  limit: number;
  windowMs: number;
}

/**
 * Counts one request against every limit, or against none when any is used up (a refused request is
 * not counted, so a client that keeps trying is let in again once its window has passed). Sliding
 * windows stored in the database, so every API process sees the same counts; an advisory lock per key
 * makes check-and-count atomic under concurrency.
 * Resolves to false when a limit is reached.
 */
export async function consumeRateLimits(db: Db, now: Date, limits: RateLimit[]): Promise<boolean> {
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
      await tx
        .delete(rateLimitHits)
        .where(
          and(
            eq(rateLimitHits.scope, limit.scope),
            eq(rateLimitHits.key, limit.key),
            lte(rateLimitHits.at, windowStart),
          ),
        );
      const [row] = await tx
        .select({ hits: count() })
        .from(rateLimitHits)
        .where(
          and(
            eq(rateLimitHits.scope, limit.scope),
            eq(rateLimitHits.key, limit.key),
            gt(rateLimitHits.at, windowStart),
          ),
        );
      if ((row?.hits ?? 0) >= limit.limit) return false;
    }
    if (ordered.length > 0) {
      await tx
        .insert(rateLimitHits)
        .values(ordered.map((limit) => ({ scope: limit.scope, key: limit.key, at: now })));
    }
    return true;
  });
}

function lockName(limit: RateLimit): string {
  return `rate-limit:${limit.scope}:${limit.key}`;
}

export const hourMs = 60 * 60 * 1000;
/** The longest window of any limit: hits older than this count for nothing and can go. */
export const longestRateLimitWindowMs = hourMs;
