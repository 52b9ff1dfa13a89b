import { createHash } from 'node:crypto';
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

export const idempotencyKeyReusedMessage = 'This idempotency key was already used for a different request.';

/** The caller's key was claimed for another request: IDEMPOTENCY_KEY_REUSED. */
export class IdempotencyKeyReusedError extends Error {
  override readonly name = 'IdempotencyKeyReusedError';
  constructor() {
    super(idempotencyKeyReusedMessage);
  }
}

/**
 * The first request with the key is still running: the repeat gave up waiting for its answer. Not a
 * refusal, so the client retries with the same key (BAD_USER_INPUT unless the resolver says otherwise).
 */
export class IdempotencyKeyInProgressError extends InvalidInputError {}

/** SHA-256 (hex) of a stable JSON serialization of `value` (object keys sorted, undefined left out). */
export function fingerprint(value: unknown): string {
  return createHash('sha256').update(stableJson(value)).digest('hex');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => stableJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Runs `work` once per (marketplace, caller, key): a key belongs to whoever sent it first (`caller`,
 * the signed-in client or the guest), so another caller's use of the same key is a key of its own and
 * never sees their answer. The first request claims the key (a unique row) with its `requestHash` and
 * stores its answer with `complete`, inside the same transaction as what it created; a repeat of the
 * same request, concurrent or later, gets that answer and creates nothing, while one with another
 * request is refused (IdempotencyKeyReusedError). When the work fails the claim is given up, so the
 * same key may try again (a declined card, then a better one).
 */
export async function withIdempotencyKey<T>(
  db: Db,
  clock: () => Date,
  scope: {
    marketplaceId: number;
    caller: string;
    key: string;
    requestHash: string;
    /** What a repeat that gave up waiting for the first request is told; a booking's by default. */
    inProgressMessage?: string;
  },
  work: (complete: Complete<T>) => Promise<T>,
): Promise<T> {
  const ofKey = and(
    eq(appointmentRequestKeys.marketplaceId, scope.marketplaceId),
    eq(appointmentRequestKeys.caller, scope.caller),
    eq(appointmentRequestKeys.key, scope.key),
  );
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    const now = clock();
    const [claimed] = await db
      .insert(appointmentRequestKeys)
      .values({
        marketplaceId: scope.marketplaceId,
        caller: scope.caller,
        key: scope.key,
        requestHash: scope.requestHash,
        claimedAt: now,
      })
      .onConflictDoNothing()
      .returning({ claimedAt: appointmentRequestKeys.claimedAt });
    let owned = claimed !== undefined;
    if (!owned) {
      const [row] = await db.select().from(appointmentRequestKeys).where(ofKey);
      // A dead request's stale claim answered nothing: whatever it asked, the key may be taken over.
      const stale =
        row !== undefined && row.result === null && now.getTime() - row.claimedAt.getTime() > staleClaimMs;
      if (row && !stale && row.requestHash !== scope.requestHash) throw new IdempotencyKeyReusedError();
      if (row && row.result !== null) return row.result as T;
      if (row && stale) {
        const taken = await db
          .update(appointmentRequestKeys)
          .set({ claimedAt: now, requestHash: scope.requestHash })
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
          throw new IdempotencyKeyInProgressError(
            scope.inProgressMessage ??
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
