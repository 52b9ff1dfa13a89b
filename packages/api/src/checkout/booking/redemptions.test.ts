import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../identity';
import type { Db } from '../../kernel/database/database';
import { type CheckoutTestContext, createCheckoutTestContext } from '../../test/checkout';
import { testDatabases } from '../../test/databases';
import { membershipFixture } from '../../test/memberships';
import { findPromoCode } from '../promo-codes';
import { redeemPromoAndCredits } from './redemptions';

describe.each(testDatabases)('redeemPromoAndCredits on $name', (factory) => {
  let context: CheckoutTestContext;
  let db: Db;
  let packageItemId: string;
  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    const { database } = context.handle;
    db = database.db;
    await database.transaction((tx) => tx.exec(membershipFixture));
    const client = await insertUser(db, { mgId: 80, email: 'points@example.com', now: new Date() });
    if (!client) throw new Error('The client was not inserted.');
    // One point left of a Drip Trio item.
    const [item] = await context.sql<{ id: number }>(
      `insert into package_items (user_id, package_item_definition_id, total_points, balance)
         values ($1, 80021, 3, 1) returning id`,
      [client.id],
    );
    packageItemId = String(item?.id);
  });
  afterAll(() => context.handle.dispose());

  const balance = async () =>
    (
      await context.sql<{ balance: number }>('select balance from package_items where id = $1', [
        packageItemId,
      ])
    )[0]?.balance;
  const noLines = { lines: [] };

  it('redeems a promo code up to its usage limit, then refuses it with its message', async () => {
    const promo = await findPromoCode(db, 80, 'LASTONE');
    await db.transaction((tx) => redeemPromoAndCredits(tx, { promo, summary: noLines }, new Date()));
    const [row] = await context.sql<{ times_used: number }>(
      "select times_used from promo_codes where marketplace_id = 80 and code = 'LASTONE'",
    );
    expect(row?.times_used).toBe(1);
    await expect(
      db.transaction((tx) => redeemPromoAndCredits(tx, { promo, summary: noLines }, new Date())),
    ).rejects.toThrow('This promo code has reached its usage limit.');
  });

  it('takes a point from the package item a line is paid with, and refuses when none is left', async () => {
    const price = {
      promo: null,
      summary: { lines: [{ packageCreditId: null }, { packageCreditId: packageItemId }] },
    };
    await db.transaction((tx) => redeemPromoAndCredits(tx, price, new Date()));
    expect(await balance()).toBe(0);
    await expect(db.transaction((tx) => redeemPromoAndCredits(tx, price, new Date()))).rejects.toThrow(
      'Your package credits have changed. Please review your order and try again.',
    );
    expect(await balance()).toBe(0);
  });
});
