import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutTestContext, createCheckoutTestContext } from '../test/checkout';
import { testDatabases } from '../test/databases';
import { fingerprint, leaseMs, withIdempotencyKey } from './idempotency';

describe('fingerprint', () => {
  it('is a SHA-256 of the value, whatever the order of its keys', () => {
    const value = { b: [1, { y: 'x', z: null }], a: 'text', c: undefined };
    expect(fingerprint(value)).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprint({ a: 'text', b: [1, { z: null, y: 'x' }] })).toBe(fingerprint(value));
  });

  it('tells apart values that differ anywhere', () => {
    const base = fingerprint({ when: { date: '2026-01-02', time: '10:00' }, ids: [1, 2] });
    expect(fingerprint({ when: { date: '2026-01-02', time: '10:30' }, ids: [1, 2] })).not.toBe(base);
    expect(fingerprint({ when: { date: '2026-01-02', time: '10:00' }, ids: [2, 1] })).not.toBe(base);
    expect(fingerprint({ when: { date: '2026-01-02', time: '10:00' }, ids: ['1', 2] })).not.toBe(base);
  });
});

describe.each(testDatabases)('withIdempotencyKey on $name', (factory) => {
  let context: CheckoutTestContext;
  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
  });
  afterAll(() => context.handle.dispose());

  const scopeOf = (key: string) => ({ marketplaceId: 80, caller: 'user:1', key, requestHash: 'h' });
  /** A clock past the first request's lease: what a repeat sees once the first one stopped renewing. */
  const pastTheLease = () => new Date(Date.now() + leaseMs + 1_000);

  it("lets a repeat take over a lapsed lease; the first request, still running, then records nothing and answers the repeat's result", async () => {
    const db = context.handle.database.db;
    const scope = scopeOf(randomUUID());
    let resume: () => void = () => undefined;
    const stalled = new Promise<void>((resolve) => {
      resume = resolve;
    });
    let claimedByFirst: () => void = () => undefined;
    const firstClaimed = new Promise<void>((resolve) => {
      claimedByFirst = resolve;
    });
    const recorded: string[] = [];
    const first = withIdempotencyKey<string>(
      db,
      () => new Date(),
      scope,
      async (complete, claim) => {
        claimedByFirst();
        await stalled;
        await db.transaction(async (tx) => {
          await claim.hold(tx);
          recorded.push('first');
        });
        await complete(db, 'first');
        return 'first';
      },
    );
    await firstClaimed;

    const repeat = await withIdempotencyKey<string>(db, pastTheLease, scope, async (complete, claim) => {
      expect(claim.resumed).toBe(true);
      recorded.push('repeat');
      await complete(db, 'repeat');
      return 'repeat';
    });
    resume();
    expect(repeat).toBe('repeat');
    expect(await first).toBe('repeat');
    expect(recorded).toEqual(['repeat']);
  });

  it('makes a repeat of a request still running wait for its answer instead of running', async () => {
    const db = context.handle.database.db;
    const scope = scopeOf(randomUUID());
    const answer = await withIdempotencyKey<string>(
      db,
      () => new Date(),
      scope,
      async (complete, claim) => {
        expect(claim.resumed).toBe(false);
        // A repeat meanwhile, on the same clock: it waits for this answer rather than running.
        const repeat = withIdempotencyKey<string>(
          db,
          () => new Date(),
          scope,
          async () => 'repeat ran',
        );
        await complete(db, 'first');
        return repeat.then((repeated) => `first, then ${repeated}`);
      },
    );
    expect(answer).toBe('first, then first');
  });
});
