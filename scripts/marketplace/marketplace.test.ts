// `pnpm marketplace create`: its flags, and its request against a real API (in this process, on
// PGlite), which creates the marketplace and mails its owner.
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../../packages/api/src/app';
import { migrate } from '../../packages/api/src/db/migrate';
import { type TestDatabase, testDatabases } from '../../packages/api/src/test/databases';
import { mailbox } from '../../packages/api/src/test/identity';
import { parseMarketplaceArgs } from './args';
import { createdMessage, createMarketplace, marketplaceApiFromEnv } from './operator';

const flags = [
  'create',
  '--name',
  'Harbor Glow',
  '--group',
  'Harbor Group',
  '--at-home',
  'yes',
  '--time-zone',
  'America/New_York',
  '--owner-email',
  'owner@harbor.example',
];

describe('the flags of pnpm marketplace create', () => {
  it('become the createMarketplace input: digits name an existing group, other text a new one', () => {
    expect(parseMarketplaceArgs(['--', ...flags])).toEqual({
      name: 'Harbor Glow',
      groupId: null,
      groupName: 'Harbor Group',
      providesAtHome: true,
      timeZone: 'America/New_York',
      ownerEmail: 'owner@harbor.example',
    });
    const inGroup = parseMarketplaceArgs([
      ...flags.slice(0, 3),
      '--group',
      '12',
      '--at-home',
      'no',
      ...flags.slice(7),
    ]);
    expect(inGroup).toMatchObject({ groupId: '12', groupName: null, providesAtHome: false });
  });

  it.each([
    [
      ['create', '--name', 'A'],
      /^Missing --group, --at-home, --time-zone, --owner-email\. Usage: pnpm marketplace create/,
    ],
    [
      [...flags.slice(0, 5), '--at-home', 'maybe', ...flags.slice(7)],
      /^--at-home takes yes or no, not "maybe"\.$/,
    ],
    [['delete', ...flags.slice(1)], /^Unknown command "delete"\. Usage:/],
    [[...flags, '--colour', 'red'], /^Unknown option '--colour'.*Usage: pnpm marketplace create/],
  ])('refuses %j with a clear message', (argv, message) => {
    expect(() => parseMarketplaceArgs(argv)).toThrow(message);
  });

  it('takes the operator key from ATRIUM_OPERATOR_KEY, else OPERATOR_KEY, and the API from API_URL', () => {
    expect(
      marketplaceApiFromEnv({
        ATRIUM_OPERATOR_KEY: 'a-key',
        OPERATOR_KEY: 'b-key',
        API_URL: 'http://api:1/',
      }),
    ).toEqual({
      url: 'http://api:1',
      operatorKey: 'a-key',
    });
    expect(marketplaceApiFromEnv({ OPERATOR_KEY: 'b-key' }).operatorKey).toBe('b-key');
  });

  it('exits 1 with the reason on one line, without a stack trace', () => {
    const script = fileURLToPath(new URL('./marketplace.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', script, 'create', '--name', 'A'], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toMatch(/^✖ Missing --group, --at-home, --time-zone, --owner-email\./);
    expect(run.stderr).not.toMatch(/\bat .+\.ts:\d+/);
  });
});

describe('creating a marketplace through the API', () => {
  let handle: TestDatabase;
  let app: App;
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    const [pglite] = testDatabases;
    if (!pglite) throw new Error('no test database');
    handle = await pglite.create();
    await migrate(handle.database);
    app = createApp({ db: handle.database, config: { nodeEnv: 'test' }, logging: false });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Migrating a fresh PGlite takes a while on a busy machine.
  }, 120_000);
  afterAll(async () => {
    server?.closeAllConnections();
    if (server) await new Promise((resolve) => server.close(resolve));
    await handle?.dispose();
  });

  it('creates it with the development key and prints its id and console address', async () => {
    const created = await createMarketplace(
      marketplaceApiFromEnv({ API_URL: url }),
      parseMarketplaceArgs(flags),
    );
    expect(created).toMatchObject({ name: 'Harbor Glow', ownerEmail: 'owner@harbor.example' });
    expect(created.consoleUrl).toMatch(new RegExp(`/${created.id}/console$`));
    expect(createdMessage(created)).toBe(
      [
        `Created marketplace ${created.id} “Harbor Glow” (group ${created.mgId}); it is not live yet.`,
        `Console: ${created.consoleUrl}`,
        'owner@harbor.example is its owner and was mailed an invitation.',
      ].join('\n'),
    );
    const [mail] = await mailbox(app, 'owner@harbor.example');
    expect(mail?.links).toContain(created.consoleUrl);
  });

  it("says the API's reason: a wrong key, a bad field", async () => {
    await expect(
      createMarketplace({ url, operatorKey: 'wrong-key' }, parseMarketplaceArgs(flags)),
    ).rejects.toThrow('A valid operator key is required (x-operator-key header).');
    const badZone = parseMarketplaceArgs([
      ...flags.slice(0, 7),
      '--time-zone',
      'Nowhere/Land',
      ...flags.slice(9),
    ]);
    await expect(createMarketplace(marketplaceApiFromEnv({ API_URL: url }), badZone)).rejects.toThrow(
      'Enter a time zone of the IANA database, such as America/New_York.',
    );
  });
});
