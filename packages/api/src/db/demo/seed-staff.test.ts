import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../../app';
import { seededDatabase, type TestDatabase, testDatabases } from '../../test/databases';
import { signInWithPasscode, TestBrowser } from '../../test/identity';
import { staffOperations } from '../../test/staff';
import { seedDemo } from '../seed';
import { demoStaff } from './demo-staff';

describe.each(testDatabases)('demo staff on $name', (factory) => {
  let handle: TestDatabase;
  let app: App;
  const options = { catalogOverrideEntry: 'http://localhost:3011/mf-manifest.json' };

  beforeAll(async () => {
    handle = await seededDatabase(factory, options);
    app = createApp({ db: handle.database, config: { nodeEnv: 'test' } });
  });
  afterAll(() => handle.dispose());

  it('has an owner and a front desk at each demo marketplace', () => {
    for (const marketplaceId of [1, 2, 3]) {
      const roles = demoStaff
        .filter((member) => member.marketplaceId === marketplaceId)
        .map((member) => member.role);
      expect(roles).toEqual(expect.arrayContaining(['owner', 'front_desk']));
    }
  });

  it.each(demoStaff)('$email signs in to marketplace $marketplaceId by code as its $role', async (member) => {
    const browser = new TestBrowser(app);
    const marketplaceId = String(member.marketplaceId);
    await signInWithPasscode(app, browser, member.email, marketplaceId);
    const { staffViewer } = await browser.data<{ staffViewer: Record<string, unknown> }>(
      staffOperations.viewer,
      { marketplaceId },
    );
    expect(staffViewer).toMatchObject({
      role: member.role.toUpperCase(),
      name: `${member.givenName} ${member.familyName}`,
      email: member.email,
      marketplace: { id: marketplaceId },
      practitioner: member.practitionerId ? { id: String(member.practitionerId) } : null,
    });
  });

  it('leaves the staff users exactly as they were on a second run', async () => {
    const users = () =>
      handle.database.transaction((tx) =>
        tx.query('select * from users as row where email = any($1) order by row::text', [
          demoStaff.map((member) => member.email),
        ]),
      );
    const first = await users();
    expect(first).toHaveLength(demoStaff.length);
    await seedDemo(handle.database, options);
    expect(await users()).toEqual(first);
  });
});
