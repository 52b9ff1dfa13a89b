import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../adapters/database/database';
import { appointmentRequestKeys } from '../../db/checkout-schema';
import { InvalidInputError } from '../errors';

/** A claim older than this without an answer belongs to a request that died; another may take it. */
export const staleClaimMs = 2 * 60_000;
/** How long a key answers repeats (as Stripe's do); housekeeping deletes older ones. */
export const idempotencyKeyLifetimeMs = 24 * 60 * 60 * 1000;
/** How long a repeat waits for the first request's answer before giving up. */
const maxWaitMs = 20_000;
const pollMs = 25;

type Complete<T> = (tx: Db, result: T) => Promise<void>;

/**
 * Runs `work` once per (marketplace, key). The first request claims the key (a unique row) and
 * stores its answer with `complete`, inside the same transaction as what it created; a repeat,
 * concurrent or later, gets that answer and creates nothing. When the work fails the claim is given
 * up, so the same key may try again (a declined card, then a better one).
 */
export async function withIdempotencyKey<T>(
  db: Db,
  clock: () => Date,
  scope: { marketplaceId: number; key: string },
  work: (complete: Complete<T>) => Promise<T>,
): Promise<T> {
  const ofKey = and(
    eq(appointmentRequestKeys.marketplaceId, scope.marketplaceId),
    eq(appointmentRequestKeys.key, scope.key),
  );
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    const now = clock();
    const [claimed] = await db
      .insert(appointmentRequestKeys)
      .values({ marketplaceId: scope.marketplaceId, key: scope.key, claimedAt: now })
      .onConflictDoNothing()
      .returning({ claimedAt: appointmentRequestKeys.claimedAt });
    let owned = claimed !== undefined;
    if (!owned) {
      const [row] = await db.select().from(appointmentRequestKeys).where(ofKey);
      if (row && row.result !== null) return row.result as T;
      if (row && now.getTime() - row.claimedAt.getTime() > staleClaimMs) {
        const taken = await db
          .update(appointmentRequestKeys)
          .set({ claimedAt: now })
          .where(
            and(
              ofKey,
              eq(appointmentRequestKeys.claimedAt, row.claimedAt),
              isNull(appointmentRequestKeys.result),
            ),
          )
          .returning({ key: appointmentRequestKeys.key });
        owned = taken.length > 0;
      }
      if (!owned) {
        if (Date.now() > deadline) {
          throw new InvalidInputError(
            'This booking is still being processed. Please wait a moment and try again.',
          );
        }
        await new Promise((resolve) => setTimeout(resolve, pollMs));
        continue;
      }
    }
    try {
      return await work(async (tx, result) => {
        await tx
          .update(appointmentRequestKeys)
          .set({ result: result as unknown, completedAt: clock() })
          .where(ofKey);
      });
    } catch (error) {
      await db.delete(appointmentRequestKeys).where(and(ofKey, isNull(appointmentRequestKeys.result)));
      throw error;
    }
  }
}
