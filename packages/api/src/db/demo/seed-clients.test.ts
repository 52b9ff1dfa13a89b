import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../../app';
import { hashPassword } from '../../identity';
import { seededDatabase, type TestDatabase, testDatabases } from '../../test/databases';
import { operations, TestBrowser } from '../../test/identity';
import { seedDemo } from '../seed';
import { type DemoClient, demoClientPassword, demoClients } from './demo-clients';

describe.each(testDatabases)('demo clients on $name', (factory) => {
  let handle: TestDatabase;
  let app: App;
  const options = { catalogOverrideEntry: 'http://localhost:3011/mf-manifest.json' };

  beforeAll(async () => {
    handle = await seededDatabase(factory, options);
    app = createApp({ db: handle.database, config: { nodeEnv: 'test' } });
  });
  afterAll(() => handle.dispose());

  // The demo clients' rows (the seed writes staff users too: seed-staff.test.ts).
  const users = () =>
    handle.database.transaction((tx) =>
      tx.query('select * from users as row where email = any($1) order by row::text', [
        demoClients.map((client) => client.email),
      ]),
    );

  /** Signs in as the demo client with the demo password and checks the full, confirmed profile. */
  async function expectDemoAccount(client: DemoClient) {
    const browser = new TestBrowser(app);
    const response = await browser.post(operations.authenticate, {
      marketplaceId: String(client.marketplaceId),
      email: client.email,
      password: demoClientPassword,
    });
    expect(response.body.errors).toBeUndefined();
    const { viewer } = await browser.data<{ viewer: Record<string, unknown> }>(operations.viewer, {
      mgId: String(client.marketplaceId),
    });
    const { marketplaceId: _marketplaceId, ...profile } = client;
    expect(viewer).toMatchObject({ emailConfirmed: true, phoneConfirmed: true, profile });
  }

  it.each(demoClients)(
    '$email signs in to marketplace $marketplaceId with the demo password and a full, confirmed profile',
    (client) => expectDemoAccount(client),
  );

  it("makes a changed demo account the demo's again: profile, password and both confirmations", async () => {
    const [client] = demoClients;
    if (!client) throw new Error('No demo client.');
    const otherHash = await hashPassword('another-pass-456');
    await handle.database.transaction((tx) =>
      tx.query(
        `update users set given_name = 'Changed', phone = '+12125550199', password_hash = $2,
                email_confirmed_at = null, phone_confirmed_at = null
         where lower(email) = lower($1)`,
        [client.email, otherHash],
      ),
    );
    await seedDemo(handle.database, options);
    await expectDemoAccount(client);
  });

  it('leaves the demo clients exactly as they were on a second run', async () => {
    const first = await users();
    expect(first).toHaveLength(3);
    await seedDemo(handle.database, options);
    expect(await users()).toEqual(first);
  });
});
