import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../app';
import { developmentHostSecret, loadIdentityConfig } from '../identity';
import { hostSecretHeader } from '../kernel/http/host-secret';
import { createLogger } from '../kernel/logger';
import { operatorHeaders } from '../test/checkout';
import { seededDatabase, type TestDatabase, testDatabases } from '../test/databases';
import { minute, TestBrowser, testClock } from '../test/identity';
import { browserIdSignature } from './browser-id';
import { localRemoteOrigins } from './config';
import { failureReportsPerHour } from './failure-reports';

const spotlight = 'http://localhost:3011/mf-manifest.json';
const cdn = 'https://cdn.example.com';

/** A release of `remote` named `name`: its checksum, content-addressed version and entry on `origin`. */
function build(remote: string, name: string, origin = 'http://localhost:3020') {
  const checksum = createHash('sha256').update(`${remote}:${name}`).digest('hex');
  const version = checksum.slice(0, 12);
  return {
    remote,
    version,
    checksum,
    entry: `${origin}/${remote}/${version}/mf-manifest.json`,
    contractVersion: '1.0.0',
  };
}
type Build = ReturnType<typeof build>;

const rolloutFields =
  'remote marketplaceId entry version fallbackEntry canary { entry version percent } canaryRemoval { version at reason }';
const documents = {
  record: `mutation($input: RecordRemoteReleaseInput!) {
    recordRemoteRelease(input: $input) { remote version entry checksum contractVersion releasedAt failureReports }
  }`,
  promote: `mutation($input: PromoteRemoteReleaseInput!) { promoteRemoteRelease(input: $input) { ${rolloutFields} } }`,
  rollback: `mutation($remote: RemoteName!, $marketplaceId: ID) {
    rollbackRemote(remote: $remote, marketplaceId: $marketplaceId) { ${rolloutFields} }
  }`,
  rollouts: `query($marketplaceId: ID) { remoteRollouts(marketplaceId: $marketplaceId) { ${rolloutFields} } }`,
  rolloutsOf: `query($remote: RemoteName!) { remoteRolloutsOf(remote: $remote) { ${rolloutFields} } }`,
  releases: `query($remote: RemoteName!) { remoteReleases(remote: $remote) { version failureReports } }`,
  report: 'mutation($input: RemoteFailureInput!) { reportRemoteFailure(input: $input) }',
};

interface Rollout {
  remote: string;
  marketplaceId: string | null;
  entry: string;
  version: string;
  fallbackEntry: string | null;
  canary: { entry: string; version: string; percent: number } | null;
  canaryRemoval: { version: string; at: string; reason: string } | null;
}

describe.each(testDatabases)('the release registry on $name', (factory) => {
  let handle: TestDatabase;
  let app: App;
  const clock = testClock(new Date('2026-11-24T10:00:00Z'));
  const logLines: { level: string; msg: string; version?: string; reporters?: number }[] = [];

  beforeAll(async () => {
    handle = await seededDatabase(factory, { catalogOverrideEntry: spotlight });
    app = createApp({
      db: handle.database,
      config: {
        nodeEnv: 'test',
        identity: loadIdentityConfig({ TRUST_PROXY_HOPS: '1' }, 'test'),
        releases: {
          remoteOrigins: [...localRemoteOrigins, cdn],
          canaryFailureLimit: 3,
          canaryFailureSharePercent: 10,
        },
      },
      logging: createLogger({
        level: 'warn',
        destination: { write: (line: string) => void logLines.push(JSON.parse(line)) },
      }),
      releases: { clock: clock.now },
    });
  });
  afterAll(() => handle.dispose());

  const operatorBrowser = () => new TestBrowser(app, { ip: '10.0.0.1' });

  /** An operator operation's data, or its one error's message and code. */
  async function operator<Data>(
    query: string,
    variables: Record<string, unknown>,
    headers: Record<string, string> = operatorHeaders,
  ) {
    const response = await operatorBrowser().post<Record<string, Data>>(query, variables, headers);
    const error = response.body.errors?.[0];
    return {
      data: response.body.data ? (Object.values(response.body.data)[0] as Data) : undefined,
      error: error ? { message: error.message, code: error.extensions?.code } : undefined,
    };
  }
  const record = (release: Build) => operator<Record<string, unknown>>(documents.record, { input: release });
  const promote = (release: Build, options: { marketplaceId?: string; percent?: number } = {}) =>
    operator<Rollout>(documents.promote, {
      input: { remote: release.remote, version: release.version, ...options },
    });
  const rollback = (remote: string, marketplaceId?: string) =>
    operator<Rollout | null>(documents.rollback, { remote, marketplaceId });
  async function rollouts(marketplaceId?: string): Promise<Rollout[]> {
    const data = await new TestBrowser(app).data<{ remoteRollouts: Rollout[] }>(documents.rollouts, {
      marketplaceId,
    });
    return data.remoteRollouts;
  }
  async function recorded(...releases: Build[]) {
    for (const release of releases) expect((await record(release)).error).toBeUndefined();
  }
  /** The id the host's server gave browser `n`, and its cookie value (the id, signed with HOST_SECRET). */
  const browserUuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const browser = (n: number) =>
    `${browserUuid(n)}.${browserIdSignature(browserUuid(n), developmentHostSecret)}`;
  /** The host's server sent browser `n` to `release` (its page had that entry first). */
  async function sentToCanary(release: Build, n: number) {
    const response = await app.fetch('http://localhost/internal/canary-views', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [hostSecretHeader]: developmentHostSecret },
      body: JSON.stringify({
        browserId: browserUuid(n),
        canaries: [{ remote: release.remote, entry: release.entry }],
      }),
    });
    expect(response.status).toBe(204);
  }
  /** A new release of catalog, promoted as the default's canary (half of the browsers). */
  async function newCanary(name: string): Promise<Build> {
    const release = build('catalog', name);
    await recorded(release);
    expect((await promote(release, { percent: 50 })).error).toBeUndefined();
    return release;
  }
  /** A browser with its own `atrium-browser` cookie (as it is), reporting that `release` failed to load. */
  async function report(release: Build, cookie: string | null, ip = '203.0.113.7') {
    const browser = new TestBrowser(app, { ip });
    if (cookie) browser.cookies.set('atrium-browser', cookie);
    const response = await browser.post<{ reportRemoteFailure: boolean }>(documents.report, {
      input: {
        remote: release.remote,
        entry: release.entry,
        reason: 'RUNTIME-008: failed to load the entry',
      },
    });
    const error = response.body.errors?.[0];
    return error
      ? { message: error.message, code: error.extensions?.code }
      : response.body.data?.reportRemoteFailure;
  }

  describe('recording a release', () => {
    it('answers the release, changing nothing clients get; recording it again answers it unchanged', async () => {
      const release = build('scheduling', 'first');
      const first = await record(release);
      expect(first).toEqual({
        data: {
          ...release,
          releasedAt: clock.now().toISOString(),
          failureReports: 0,
        },
        error: undefined,
      });
      clock.advance(minute);
      expect(await record(release)).toEqual(first);
      expect((await rollouts()).map((rollout) => rollout.remote)).not.toContain('scheduling');
    });

    it('refuses the same version with another checksum or entry, and an entry that is another version', async () => {
      const release = build('scheduling', 'immutable');
      await recorded(release);
      const otherChecksum = `${release.version}${'f'.repeat(52)}`;
      expect((await record({ ...release, checksum: otherChecksum })).error).toEqual({
        message: `scheduling ${release.version} is already recorded with another checksum; releases never change.`,
        code: 'BAD_USER_INPUT',
      });
      expect((await record({ ...release, entry: `${cdn}/scheduling/mf-manifest.json` })).error).toEqual({
        message: `scheduling ${release.version} is already recorded at ${release.entry}; releases never change.`,
        code: 'BAD_USER_INPUT',
      });
      const other = build('scheduling', 'other');
      expect((await record({ ...other, entry: release.entry })).error).toEqual({
        message: `${release.entry} is already the entry of scheduling ${release.version}.`,
        code: 'BAD_USER_INPUT',
      });
    });

    it('refuses an entry from an origin not on REMOTE_ORIGINS', async () => {
      const release = build('catalog', 'evil', 'https://evil.example');
      expect((await record(release)).error).toEqual({
        message:
          'Remote entries must come from an allowed origin; https://evil.example is not one (REMOTE_ORIGINS).',
        code: 'BAD_USER_INPUT',
      });
      expect((await promote(release)).error?.code).toBe('NOT_FOUND');
    });

    it('refuses a version that is not the checksum it names, and a malformed checksum', async () => {
      const release = build('scheduling', 'mismatch');
      expect((await record({ ...release, version: 'abcdefabcdef' })).error).toEqual({
        message: "The version must be the checksum's first 12 hexadecimal digits (0-9, a-f).",
        code: 'BAD_USER_INPUT',
      });
      expect((await record({ ...release, checksum: 'not-a-checksum' })).error).toEqual({
        message: 'The checksum must be a SHA-256 in hexadecimal: 64 digits 0-9, a-f.',
        code: 'BAD_USER_INPUT',
      });
    });
  });

  describe('operator operations', () => {
    it('need the operator key before anything else; reading rollouts and reporting do not', async () => {
      const forbidden = {
        message: 'A valid operator key is required (x-operator-key header).',
        code: 'FORBIDDEN',
      };
      const release = build('account', 'keyless');
      for (const headers of [{}, { 'x-operator-key': 'not-the-operator-key-at-all' }] as Record<
        string,
        string
      >[]) {
        expect((await operator(documents.record, { input: release }, headers)).error).toEqual(forbidden);
        expect(
          (await operator(documents.promote, { input: { remote: 'account', version: 'nope' } }, headers))
            .error,
        ).toEqual(forbidden);
        expect((await operator(documents.rollback, { remote: 'account' }, headers)).error).toEqual(forbidden);
        expect((await operator(documents.releases, { remote: 'account' }, headers)).error).toEqual(forbidden);
        expect((await operator(documents.rolloutsOf, { remote: 'account' }, headers)).error).toEqual(
          forbidden,
        );
      }
      expect((await operator(documents.releases, { remote: 'account' })).data).toEqual([]);
      expect(await report(release, 'keyless-browser')).toBe(false);
      expect(await rollouts()).toEqual(expect.any(Array));
    });
  });

  describe('promoting', () => {
    it('gives every marketplace without a rollout of its own the default; a marketplace keeps its own', async () => {
      const a = build('checkout', 'a');
      await recorded(a);
      const promoted = await promote(a);
      const expected = {
        remote: 'checkout',
        marketplaceId: null,
        entry: a.entry,
        version: a.version,
        fallbackEntry: null,
        canary: null,
        canaryRemoval: null,
      };
      expect(promoted).toEqual({ data: expected, error: undefined });
      expect((await rollouts()).filter((rollout) => rollout.remote === 'checkout')).toEqual([expected]);
      // Marketplace 2 gets the default checkout and its own catalog (the seed's spotlight build).
      expect(await rollouts('2')).toEqual([
        expect.objectContaining({ remote: 'catalog', marketplaceId: '2', entry: spotlight }),
        expected,
      ]);

      const b = build('checkout', 'b');
      await recorded(b);
      expect((await promote(b, { marketplaceId: '3' })).data).toMatchObject({
        marketplaceId: '3',
        version: b.version,
        // A marketplace's first rollout has no earlier release of its own to fall back to.
        fallbackEntry: null,
      });
      expect((await rollouts('3')).find((rollout) => rollout.remote === 'checkout')?.entry).toBe(b.entry);
      expect((await rollouts('1')).find((rollout) => rollout.remote === 'checkout')?.entry).toBe(a.entry);
      expect((await rollouts()).find((rollout) => rollout.remote === 'checkout')?.entry).toBe(a.entry);
      expect(
        (await operator<Rollout[]>(documents.rolloutsOf, { remote: 'checkout' })).data?.map((rollout) => [
          rollout.marketplaceId,
          rollout.version,
        ]),
      ).toEqual([
        [null, a.version],
        ['3', b.version],
      ]);
    });

    it('refuses an unknown version or marketplace, and a percent outside 1-99', async () => {
      const release = build('checkout', 'c');
      expect((await promote(release)).error).toEqual({
        message: `checkout has no release ${release.version}.`,
        code: 'NOT_FOUND',
      });
      await recorded(release);
      expect((await promote(release, { marketplaceId: '999' })).error).toEqual({
        message: 'Marketplace 999 was not found.',
        code: 'NOT_FOUND',
      });
      for (const percent of [0, 100, -5]) {
        expect((await promote(release, { percent })).error).toEqual({
          message: 'The canary percent must be a whole number from 1 to 99.',
          code: 'BAD_USER_INPUT',
        });
      }
    });

    it('refuses a release whose origin is no longer allowed', async () => {
      const release = build('account', 'on-the-cdn', cdn);
      await recorded(release);
      const narrower = createApp({
        db: handle.database,
        config: {
          nodeEnv: 'test',
          releases: {
            remoteOrigins: [...localRemoteOrigins],
            canaryFailureLimit: 3,
            canaryFailureSharePercent: 10,
          },
        },
        logging: false,
      });
      const response = await new TestBrowser(narrower).post(
        documents.promote,
        { input: { remote: 'account', version: release.version } },
        operatorHeaders,
      );
      expect(response.body.errors?.[0]?.message).toBe(
        'Remote entries must come from an allowed origin; https://cdn.example.com is not one (REMOTE_ORIGINS).',
      );
    });

    it('runs a canary beside the stable release, and needs a stable release for it', async () => {
      const [stable, canary] = [build('account', 'stable'), build('account', 'canary')];
      await recorded(stable, canary);
      expect((await promote(canary, { percent: 20 })).error).toEqual({
        message:
          'A canary needs a release for the other browsers: promote one to every marketplace (the default) first.',
        code: 'BAD_USER_INPUT',
      });
      await promote(stable);
      expect((await promote(stable, { percent: 20 })).error).toEqual({
        message: `account ${stable.version} is already the release of every marketplace (the default); a canary must be another one.`,
        code: 'BAD_USER_INPUT',
      });
      expect((await promote(canary, { percent: 20 })).data).toMatchObject({
        entry: stable.entry,
        version: stable.version,
        canary: { entry: canary.entry, version: canary.version, percent: 20 },
      });
      // Promoting it to everyone ends the canary.
      expect((await promote(canary)).data).toMatchObject({
        version: canary.version,
        canary: null,
        fallbackEntry: stable.entry,
      });
    });

    it('serialises two promotions of one scope at once into one unbroken history', async () => {
      const [a, b] = [build('scheduling', 'race-a'), build('scheduling', 'race-b')];
      await recorded(a, b);
      const results = await Promise.all([
        promote(a, { marketplaceId: '1' }),
        promote(b, { marketplaceId: '1' }),
      ]);
      expect(results.map((result) => result.error)).toEqual([undefined, undefined]);
      const [current] = (await rollouts('1')).filter((rollout) => rollout.remote === 'scheduling');
      const other = current?.version === a.version ? b : a;
      expect(current?.fallbackEntry).toBe(other.entry);
      expect((await rollback('scheduling', '1')).data?.version).toBe(other.version);
      expect((await rollback('scheduling', '1')).data).toBeNull();
    });
  });

  describe('rolling back', () => {
    it('goes back one promotion at a time, then to the default, then refuses', async () => {
      const [a, b, c] = [build('catalog', 'roll-a'), build('catalog', 'roll-b'), build('catalog', 'roll-c')];
      await recorded(a, b, c);
      for (const release of [a, b, c]) await promote(release, { marketplaceId: '1' });
      const catalogOf1 = async () => (await rollouts('1')).find((rollout) => rollout.remote === 'catalog');
      expect(await catalogOf1()).toMatchObject({ version: c.version, fallbackEntry: b.entry });

      // The last good release is never one that was rolled back.
      expect((await rollback('catalog', '1')).data).toMatchObject({
        version: b.version,
        fallbackEntry: a.entry,
      });
      expect((await rollback('catalog', '1')).data).toMatchObject({
        version: a.version,
        fallbackEntry: null,
      });
      expect((await rollback('catalog', '1')).data).toBeNull();
      // Marketplace 1 has no rollout of its own any more, and no default catalog was promoted.
      expect(await catalogOf1()).toBeUndefined();
      expect((await rollback('catalog', '1')).error).toEqual({
        message: 'Nothing to roll back: catalog has no rollout for marketplace 1.',
        code: 'NOT_FOUND',
      });
      // A promotion after that is rolled back to nothing again.
      await promote(b, { marketplaceId: '1' });
      expect((await rollback('catalog', '1')).data).toBeNull();
    });

    it("rolls marketplace 2's seeded override back to the default", async () => {
      expect((await rollback('catalog', '2')).data).toBeNull();
      expect((await rollouts('2')).find((rollout) => rollout.remote === 'catalog')).toBeUndefined();
    });
  });

  describe('failure reports', () => {
    const stable = build('catalog', 'reported-stable');
    const canary = build('catalog', 'reported-canary');

    beforeAll(async () => {
      await recorded(stable, canary);
      await promote(stable);
      await promote(canary, { percent: 50 });
    });

    const defaultCatalog = async () => (await rollouts()).find((rollout) => rollout.remote === 'catalog');
    const failureReports = async (release: Build) =>
      (
        await operator<{ version: string; failureReports: number }[]>(documents.releases, {
          remote: 'catalog',
        })
      ).data?.find((row) => row.version === release.version)?.failureReports;

    it('answer false for an entry that is no release', async () => {
      expect(
        await report(
          { ...canary, entry: 'http://localhost:3020/catalog/unknown/mf-manifest.json' },
          browser(0),
        ),
      ).toBe(false);
    });

    it('count each browser once, the address standing in for a browser without a cookie the host signed', async () => {
      expect(await report(canary, browser(1))).toBe(true);
      expect(await report(canary, browser(1))).toBe(true);
      expect(await report(canary, null, '198.51.100.1')).toBe(true);
      expect(await report(canary, 'made-up-browser', '198.51.100.1')).toBe(true);
      expect(await failureReports(canary)).toBe(2);
      expect((await defaultCatalog())?.canary?.version).toBe(canary.version);
    });

    it('take a canary out of rotation when the third browser sent to it within the hour fails it', async () => {
      // The first reports are over an hour old by now: they no longer count.
      clock.advance(61 * minute);
      for (const n of [2, 3, 4]) await sentToCanary(canary, n);
      expect(await report(canary, browser(2))).toBe(true);
      expect(await report(canary, browser(3))).toBe(true);
      expect((await defaultCatalog())?.canary?.version).toBe(canary.version);
      expect(await report(canary, browser(4))).toBe(true);
      const removedAt = clock.now().toISOString();
      expect(await defaultCatalog()).toMatchObject({
        version: stable.version,
        canary: null,
        canaryRemoval: {
          version: canary.version,
          at: removedAt,
          reason: '3 browsers could not load it (of 3 sent to it within the hour).',
        },
      });
      expect(logLines).toContainEqual(
        expect.objectContaining({ level: 'warn', version: canary.version, reporters: 3 }),
      );
      // Over the last 24 hours, four browsers and one address failed it.
      expect(await failureReports(canary)).toBe(5);
      // Marketplace 3 has no catalog of its own: it sees the default, removal and all.
      expect(
        (await rollouts('3')).find((rollout) => rollout.remote === 'catalog')?.canaryRemoval?.version,
      ).toBe(canary.version);
    });

    it('never take a canary out for made-up browsers, or for browsers the host never sent to it', async () => {
      const next = await newCanary('made-up-reports');
      // Anonymous reports with made-up cookies, from as many addresses as anyone likes.
      for (const [i, cookie] of ['browser-0001', 'browser-0002', 'browser-0003', 'browser-0004'].entries()) {
        expect(await report(next, cookie, `203.0.113.${100 + i}`)).toBe(true);
      }
      // A cookie the host signed that names an id the host never gave, or the id without its signature.
      const id = browserUuid(90);
      expect(await report(next, `${id}.${'A'.repeat(43)}`, '203.0.113.110')).toBe(true);
      expect(await report(next, id, '203.0.113.111')).toBe(true);
      // Browsers the host did give an id, but sent to the stable release (never to the canary).
      for (const n of [91, 92, 93]) expect(await report(next, browser(n), `203.0.113.${n + 30}`)).toBe(true);
      expect((await defaultCatalog())?.canary?.version).toBe(next.version);
    });

    it('take a canary out only when its failing browsers are a share of those sent to it', async () => {
      const next = await newCanary('popular');
      // Forty browsers were sent to it within the hour: three reports are under a tenth of them.
      for (let n = 100; n < 140; n += 1) await sentToCanary(next, n);
      for (const n of [100, 101, 102]) await report(next, browser(n), '198.51.100.50');
      expect((await defaultCatalog())?.canary?.version).toBe(next.version);
      await report(next, browser(103), '198.51.100.51');
      expect(await defaultCatalog()).toMatchObject({
        canary: null,
        canaryRemoval: {
          version: next.version,
          reason: '4 browsers could not load it (of 40 sent to it within the hour).',
        },
      });
    });

    it('never take a stable release out of rotation', async () => {
      for (const n of [5, 6, 7, 8]) {
        await sentToCanary(stable, n);
        expect(await report(stable, browser(n))).toBe(true);
      }
      expect(await defaultCatalog()).toMatchObject({ version: stable.version });
      expect(await failureReports(stable)).toBe(4);
    });

    it('show the removal until the next promotion', async () => {
      const next = build('catalog', 'after-removal');
      await recorded(next);
      expect((await promote(next, { percent: 10 })).data).toMatchObject({
        canary: { version: next.version, percent: 10 },
        canaryRemoval: null,
      });
    });

    it('are limited per client address', async () => {
      const ip = '192.0.2.44';
      for (let i = 0; i < failureReportsPerHour; i += 1) {
        expect(await report(stable, browser(1000 + i), ip)).toBe(true);
      }
      expect(await report(stable, browser(2000), ip)).toEqual({
        message: 'Too many failure reports from this address; try again later.',
        code: 'RATE_LIMITED',
      });
    });
  });

  describe("the host's canary views", () => {
    const release = build('catalog', 'viewed-canary');
    beforeAll(() => recorded(release));

    const post = (body: unknown, secret: string | null = developmentHostSecret) =>
      app.fetch('http://localhost/internal/canary-views', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(secret ? { [hostSecretHeader]: secret } : {}) },
        body: JSON.stringify(body),
      });
    const views = { browserId: browserUuid(500), canaries: [{ remote: 'catalog', entry: release.entry }] };

    it("are taken from the host's server only", async () => {
      expect((await post(views, null)).status).toBe(403);
      expect((await post(views, 'a-guessed-host-secret-of-32-characters')).status).toBe(403);
      expect((await app.fetch('http://localhost/internal/canary-views')).status).toBe(405);
    });

    it('refuse a body that is not a browser id and canaries', async () => {
      for (const body of [
        {},
        { ...views, browserId: 'browser-0001' },
        { ...views, canaries: [{ remote: 'x' }] },
      ]) {
        expect((await post(body)).status, JSON.stringify(body)).toBe(400);
      }
    });

    it('record each browser once per release, and ignore entries that are no release', async () => {
      const unknown = { remote: 'catalog', entry: 'http://localhost:3020/catalog/unknown/mf-manifest.json' };
      expect((await post({ ...views, canaries: [...views.canaries, unknown] })).status).toBe(204);
      expect((await post(views)).status).toBe(204);
      const { rows } = await handle.database.query<{ browser_id: string }>(
        `select v.browser_id::text from remote_canary_views v join remote_releases r on r.id = v.release_id
         where r.version = $1`,
        [release.version],
      );
      expect(rows.map((row) => row.browser_id)).toEqual([browserUuid(500)]);
    });
  });
});
