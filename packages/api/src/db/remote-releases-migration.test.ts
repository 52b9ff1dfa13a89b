// 0016_remote_releases.sql on a database that already holds tenant overrides: each becomes a release
// recorded by its URL (no checksum) and the marketplace's rollout of it, and remote_overrides goes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { urlVersion } from '../releases';
import { type TestDatabase, testDatabases } from '../test/databases';
import { postGraphQL } from '../test/graphql';
import { migrate, readMigrations } from './migrate';

const spotlight = 'http://localhost:3011/mf-manifest.json';
const before0016 = `
  insert into marketplace_groups (id, name) values (1, 'Group');
  insert into marketplaces (id, mg_id, name, primary_color)
    values (1, 1, 'One', '#123456'), (2, 1, 'Two', '#123456'), (3, 1, 'Three', '#123456');
  insert into remote_overrides (marketplace_id, remote, entry)
    values (2, 'catalog', '${spotlight}'), (3, 'catalog', '${spotlight}'),
           (3, 'checkout', 'https://checkout.example.com/mf-manifest.json');
`;

describe.each(testDatabases)('0016_remote_releases on $name', (factory) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await factory.create();
    const migrations = await readMigrations();
    await migrate(handle.database, {
      migrations: migrations.filter((migration) => migration.version < '0016'),
    });
    await handle.database.transaction((tx) => tx.exec(before0016));
    await migrate(handle.database);
  });
  afterAll(() => handle.dispose());

  const query = <Row extends Record<string, unknown>>(text: string) =>
    handle.database.transaction((tx) => tx.query<Row>(text));

  it('records one release per remote and entry, versioned by a hash of the URL as the seed does', async () => {
    expect(
      await query(
        'select remote, version, entry, checksum, contract_version from remote_releases order by remote',
      ),
    ).toEqual([
      {
        remote: 'catalog',
        version: urlVersion(spotlight),
        entry: spotlight,
        checksum: null,
        contract_version: 'unchecked',
      },
      {
        remote: 'checkout',
        version: urlVersion('https://checkout.example.com/mf-manifest.json'),
        entry: 'https://checkout.example.com/mf-manifest.json',
        checksum: null,
        contract_version: 'unchecked',
      },
    ]);
  });

  it('moves every override into its marketplace rollout, which the marketplace query answers', async () => {
    expect(
      await query<{ name: string }>(
        "select 1 from information_schema.tables where table_name = 'remote_overrides'",
      ),
    ).toEqual([]);
    const app = createApp({ db: handle.database, config: { nodeEnv: 'test' }, logging: false });
    const rollouts = await postGraphQL<{ marketplace: { remoteOverrides: unknown[] } }>(
      app,
      'query($id: ID!) { marketplace(id: $id) { remoteOverrides { remote marketplaceId entry fallbackEntry canary { version } } } }',
      { id: '3' },
    );
    expect(rollouts.body.data?.marketplace.remoteOverrides).toEqual([
      { remote: 'catalog', marketplaceId: '3', entry: spotlight, fallbackEntry: null, canary: null },
      {
        remote: 'checkout',
        marketplaceId: '3',
        entry: 'https://checkout.example.com/mf-manifest.json',
        fallbackEntry: null,
        canary: null,
      },
    ]);
    expect(
      await query('select marketplace_id, remote, kind from remote_rollout_states order by 1, 2'),
    ).toEqual([
      { marketplace_id: 2, remote: 'catalog', kind: 'migration' },
      { marketplace_id: 3, remote: 'catalog', kind: 'migration' },
      { marketplace_id: 3, remote: 'checkout', kind: 'migration' },
    ]);
  });

  it('keeps releases immutable and rollout history append-only, in the database itself', async () => {
    await expect(
      query("update remote_releases set entry = 'https://evil.example/mf-manifest.json'"),
    ).rejects.toThrow('remote_releases rows are never changed or deleted');
    await expect(query('delete from remote_rollout_states')).rejects.toThrow(
      'remote_rollout_states rows are never changed or deleted',
    );
  });
});
