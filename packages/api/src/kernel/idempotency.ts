import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from './database/database';
import { InvalidInputError } from './errors';
import { appointmentRequestKeys } from './tables';

/**
 * How long a claim stands without a renewal. The request holding it renews it every
 * `leaseRenewalMs` while it runs, so a claim whose lease has lapsed belongs to a request whose process
 * died (or lost its database for that long): a repeat takes the key over and finishes the work.
 */
export const leaseMs = 6_000;
export const leaseRenewalMs = 2_000;
/** How long a key answers repeats (as Stripe's do); housekeeping deletes older ones. */
export const idempotencyKeyLifetimeMs = 24 * 60 * 60 * 1000;
/** How long a repeat waits for the first request's answer before giving up (several leases). */
const maxWaitMs = 20_000;
const pollMs = 25;

/** Stores the work's answer in `tx`, with what it created; throws LostClaimError if a repeat took the key over. */
type Complete<T> = (tx: Db, result: T) => Promise<void>;

/** What the work may ask of its claim. */
export interface Claim {
  /**
   * Checks, inside `tx`, that the claim is still this request's and keeps it so until `tx` ends (the
   * key's row is locked): whatever `tx` records, a repeat that takes the key over afterwards finds.
   * Throws LostClaimError otherwise.
   */
  hold(tx: Db): Promise<void>;
  /** The request took the key over from a request that died: its work may be half done. */
  readonly resumed: boolean;
}

/** The claim's lease lapsed and a repeat took the key over: this request must not write its work. */
export class LostClaimError extends Error {
  override readonly name = 'LostClaimError';
  constructor() {
    super('The idempotency key was taken over by a repeat of the request.');
  }
}

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
 * a lease it renews while it runs, and stores its answer with `complete`, inside the same transaction
 * as what it created; a repeat of the same request, concurrent or later, gets that answer and creates
 * nothing, while one with another request is refused (IdempotencyKeyReusedError). A repeat finding
 * the lease lapsed (the first request's process died) takes the key over and runs `work` itself
 * (`claim.resumed`), which finishes what the first one began; the first one, should it still be
 * running, can then neither answer nor record (LostClaimError) and returns the repeat's answer. When
 * the work fails the claim is given up, so the same key may try again (a declined card, then a better
 * one).
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
  work: (complete: Complete<T>, claim: Claim) => Promise<T>,
): Promise<T> {
  const ofKey = and(
    eq(appointmentRequestKeys.marketplaceId, scope.marketplaceId),
    eq(appointmentRequestKeys.caller, scope.caller),
    eq(appointmentRequestKeys.key, scope.key),
  );
  const owner = randomUUID();
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    const taken = await takeKey(db, clock, scope, ofKey, owner);
    if (taken.answered) return taken.result as T;
    if (taken.claim === null) {
      if (Date.now() > deadline) {
        throw new IdempotencyKeyInProgressError(
          scope.inProgressMessage ??
            'This booking is still being processed. Please wait a moment and try again.',
        );
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      continue;
    }
    const ours = and(
      ofKey,
      eq(appointmentRequestKeys.leaseOwner, owner),
      isNull(appointmentRequestKeys.result),
    );
    const lease = renewLease(db, clock, ours);
    try {
      return await work(async (tx, result) => {
        const [stored] = await tx
          .update(appointmentRequestKeys)
          .set({ result: result as unknown, completedAt: clock() })
          .where(ours)
          .returning({ key: appointmentRequestKeys.key });
        if (!stored) throw new LostClaimError();
      }, taken.claim(ours));
    } catch (error) {
      // Taken over: the repeat that took the key answers; wait for its answer like any repeat.
      if (error instanceof LostClaimError) continue;
      await db.delete(appointmentRequestKeys).where(ours);
      throw error;
    } finally {
      lease.stop();
    }
  }
}

type Scope = Parameters<typeof withIdempotencyKey>[2];

/**
 * One look at the key: its stored answer, or the claim (new, or taken over from a lapsed lease), or
 * neither (another request holds it).
 */
async function takeKey(
  db: Db,
  clock: () => Date,
  scope: Scope,
  ofKey: SQL | undefined,
  owner: string,
): Promise<
  { answered: true; result: unknown } | { answered: false; claim: ((ours: SQL | undefined) => Claim) | null }
> {
  const now = clock();
  const lease = { leaseOwner: owner, leaseExpiresAt: new Date(now.getTime() + leaseMs) };
  const [claimed] = await db
    .insert(appointmentRequestKeys)
    .values({
      marketplaceId: scope.marketplaceId,
      caller: scope.caller,
      key: scope.key,
      requestHash: scope.requestHash,
      claimedAt: now,
      ...lease,
    })
    .onConflictDoNothing()
    .returning({ key: appointmentRequestKeys.key });
  if (claimed) return { answered: false, claim: claimOf(false) };
  const [row] = await db.select().from(appointmentRequestKeys).where(ofKey);
  if (!row) return { answered: false, claim: null };
  const lapsed = row.result === null && (row.leaseExpiresAt === null || row.leaseExpiresAt <= now);
  // A dead request's lapsed claim answered nothing: whatever it asked, the key may be taken over.
  if (!lapsed && row.requestHash !== scope.requestHash) throw new IdempotencyKeyReusedError();
  if (row.result !== null) return { answered: true, result: row.result };
  if (!lapsed) return { answered: false, claim: null };
  const [takenOver] = await db
    .update(appointmentRequestKeys)
    .set({ claimedAt: now, requestHash: scope.requestHash, ...lease })
    .where(
      and(
        ofKey,
        isNull(appointmentRequestKeys.result),
        row.leaseOwner === null
          ? isNull(appointmentRequestKeys.leaseOwner)
          : eq(appointmentRequestKeys.leaseOwner, row.leaseOwner),
        row.leaseExpiresAt === null
          ? isNull(appointmentRequestKeys.leaseExpiresAt)
          : eq(appointmentRequestKeys.leaseExpiresAt, row.leaseExpiresAt),
      ),
    )
    .returning({ key: appointmentRequestKeys.key });
  return { answered: false, claim: takenOver ? claimOf(true) : null };
}

function claimOf(resumed: boolean): (ours: SQL | undefined) => Claim {
  return (ours) => ({
    resumed,
    async hold(tx) {
      const [held] = await tx
        .select({ key: appointmentRequestKeys.key })
        .from(appointmentRequestKeys)
        .where(ours)
        .for('update');
      if (!held) throw new LostClaimError();
    },
  });
}

/**
 * Renews the claim's lease every `leaseRenewalMs` until stopped, or until a renewal finds the claim
 * gone (answered, given up or taken over). A renewal that fails (the database out of reach) is tried
 * again at the next turn; should the lease lapse meanwhile, a repeat may take the key over, which the
 * claim's owner learns when it next writes.
 */
function renewLease(db: Db, clock: () => Date, ours: SQL | undefined): { stop(): void } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(renew, leaseRenewalMs);
    timer.unref();
  };
  const renew = async () => {
    if (stopped) return;
    try {
      const [renewed] = await db
        .update(appointmentRequestKeys)
        .set({ leaseExpiresAt: new Date(clock().getTime() + leaseMs) })
        .where(ours)
        .returning({ key: appointmentRequestKeys.key });
      if (!renewed) return;
    } catch {
      // Tried again at the next turn.
    }
    if (!stopped) schedule();
  };
  schedule();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
