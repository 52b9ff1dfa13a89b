// 0011_purchase_intents.sql on a database that already holds purchases: every existing row was
// settled when it was written, so it becomes succeeded (or stays failed), and membership charges
// learn their client, their definition and what they paid for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabases } from '../test/databases';
import { migrate, readMigrations } from './migrate';

const before0011 = `
  insert into marketplace_groups (id, name) values (1, 'Group');
  insert into marketplaces (id, mg_id, name, primary_color) values (1, 1, 'Market', '#123456');
  insert into users (id, mg_id, email) values (1, 1, 'client@example.com');
  insert into packages (id, marketplace_id, name, price_cents) values (1, 1, 'Pack', 8000);
  insert into membership_definitions (id, marketplace_id, name, price_cents, period) values (1, 1, 'Club', 9900, 'monthly');
  insert into memberships (id, user_id, membership_definition_id, marketplace_id, status, renewal_date)
    values (1, 1, 1, 1, 'Active', '2026-02-01');
  insert into membership_charges (membership_id, period_start, amount_cents, status, idempotency_key, processor_reference, failure_reason, created_at, updated_at)
    values (1, '2026-01-01', 9900, 'succeeded', 'atrium-membership-purchase-1-0b4e', 'ch_1', null, now(), now()),
           (1, '2026-02-01', 9900, 'failed', 'atrium-membership-1-2026-02-01-attempt-1', null, 'Your card was declined.', now(), now());
  insert into package_purchases (user_id, package_id, amount_cents, idempotency_key, processor_reference, created_at)
    values (1, 1, 8000, 'atrium-package-purchase-1-9f2c', 'ch_2', '2026-01-05T10:00:00Z');
`;

describe.each(testDatabases)('0011_purchase_intents on $name', (factory) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await factory.create();
    const migrations = await readMigrations();
    await migrate(handle.database, {
      migrations: migrations.filter((migration) => migration.version < '0011'),
    });
    await handle.database.transaction((tx) => tx.exec(before0011));
    await migrate(handle.database);
  });
  afterAll(() => handle.dispose());

  const query = <Row extends Record<string, unknown>>(text: string) =>
    handle.database.transaction((tx) => tx.query<Row>(text));

  it('keeps existing package purchases as succeeded, updated when they were made', async () => {
    expect(
      await query(
        `select status, client_key, failure_reason, review_required_at, updated_at = created_at as same_time
           from package_purchases`,
      ),
    ).toEqual([
      {
        status: 'succeeded',
        client_key: null,
        failure_reason: null,
        review_required_at: null,
        same_time: true,
      },
    ]);
  });

  it('gives existing membership charges their client, definition and kind', async () => {
    expect(
      await query(
        `select to_char(period_start, 'YYYY-MM-DD') as period_start, kind, status, user_id, membership_definition_id
           from membership_charges order by period_start`,
      ),
    ).toEqual([
      {
        period_start: '2026-01-01',
        kind: 'purchase',
        status: 'succeeded',
        user_id: 1,
        membership_definition_id: 1,
      },
      {
        period_start: '2026-02-01',
        kind: 'renewal',
        status: 'failed',
        user_id: 1,
        membership_definition_id: 1,
      },
    ]);
  });

  it('refuses an idempotency key used twice and a succeeded charge without a membership', async () => {
    await expect(
      query(`insert into package_purchases (user_id, package_id, amount_cents, idempotency_key)
               values (1, 1, 8000, 'atrium-package-purchase-1-9f2c')`),
    ).rejects.toThrow(/package_purchases_idempotency_key_key/);
    await expect(
      query(`insert into membership_charges (kind, user_id, membership_definition_id, period_start, amount_cents,
                                             status, idempotency_key, processor_reference)
               values ('purchase', 1, 1, '2026-03-01', 9900, 'succeeded', 'atrium-membership-charge-99', 'ch_3')`),
    ).rejects.toThrow(/membership_charges_membership_known/);
    await expect(
      query(`insert into membership_charges (kind, membership_id, user_id, membership_definition_id, period_start,
                                             amount_cents, status, idempotency_key)
               values ('renewal', 1, 1, 1, '2026-04-01', 9900, 'pending', 'atrium-membership-1-2026-02-01-attempt-1')`),
    ).rejects.toThrow(/membership_charges_idempotency_key_key/);
  });
});
