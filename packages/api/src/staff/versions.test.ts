// Tenant versions: the owner's overrides change what that marketplace's clients get and
// nobody else's; a preview token shows a release to the owner's browser only, for its marketplace,
// until it expires or is ended. (Who may do what is the matrix's: staff-authorization.test.ts.)
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localRemoteOrigins } from '../releases';
import { type CheckoutTestContext, createCheckoutTestContext, operatorHeaders } from '../test/checkout';
import { testDatabases } from '../test/databases';
import { minute, type TestBrowser, testClock } from '../test/identity';
import { staffVersionsOperations as operations, signedInStaff } from '../test/staff';
import { previewLifetimeMs } from './remote-previews';

/** A release of `remote` named `name` on the local release server (an allowed origin). */
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

interface Versions {
  remote: string;
  default: { version: string; entry: string; releasedAt: string } | null;
  override: { version: string; entry: string; releasedAt: string; since: string } | null;
  canRollBack: boolean;
  rollbackTo: { version: string; entry: string; releasedAt: string } | null;
  releases: { version: string; entry: string; releasedAt: string }[];
}
interface Rollout {
  remote: string;
  marketplaceId: string | null;
  entry: string;
  version: string;
  fallbackEntry: string | null;
}
interface Preview {
  remote: string;
  version: string;
  entry: string;
  expiresAt: string;
}

const rolloutsQuery = `query($marketplaceId: ID) {
  remoteRollouts(marketplaceId: $marketplaceId) { remote marketplaceId entry version fallbackEntry }
}`;

describe.each(testDatabases)('tenant versions on $name', (factory) => {
  let context: CheckoutTestContext;
  let owner: TestBrowser;
  let otherOwner: TestBrowser;
  let frontDesk: TestBrowser;
  const clock = testClock(new Date('2026-11-24T10:00:00Z'));
  const first = build('catalog', 'first');
  const second = build('catalog', 'second');
  const third = build('catalog', 'third');
  // Recorded while its origin was allowed; no longer on REMOTE_ORIGINS.
  const retired = build('catalog', 'retired', 'https://retired-cdn.example.com');

  const operator = async (query: string, variables: Record<string, unknown>) => {
    const response = await owner.post(query, variables, operatorHeaders);
    expect(response.body.errors).toBeUndefined();
  };
  const record = (release: Build) =>
    operator(
      'mutation($input: RecordRemoteReleaseInput!) { recordRemoteRelease(input: $input) { version } }',
      { input: release },
    );
  const rollouts = async (marketplaceId: string) =>
    (await owner.data<{ remoteRollouts: Rollout[] }>(rolloutsQuery, { marketplaceId })).remoteRollouts;
  const catalogOf = async (marketplaceId: string) =>
    (await rollouts(marketplaceId)).find((rollout) => rollout.remote === 'catalog');
  const versions = async (browser: TestBrowser = owner, marketplaceId = '80') =>
    (await browser.data<{ staffRemoteVersions: Versions[] }>(operations.versions, { marketplaceId }))
      .staffRemoteVersions;
  const catalogVersions = async () => (await versions()).find((item) => item.remote === 'catalog');
  const mutate = async (
    name: keyof typeof operations,
    variables: Record<string, unknown>,
    browser = owner,
  ) => {
    const response = await browser.post<Record<string, unknown>>(operations[name], {
      marketplaceId: '80',
      ...variables,
    });
    const error = response.body.errors?.[0];
    return {
      data: response.body.data ? Object.values(response.body.data)[0] : undefined,
      error: error ? { code: error.extensions?.code, message: error.message } : undefined,
    };
  };
  const preview = async (marketplaceId: string, token: string) =>
    (await owner.data<{ remotePreview: Preview | null }>(operations.preview, { marketplaceId, token }))
      .remotePreview;

  beforeAll(async () => {
    context = await createCheckoutTestContext(factory, {
      releases: { clock: clock.now },
      releasesConfig: {
        remoteOrigins: [...localRemoteOrigins],
        canaryFailureLimit: 3,
        canaryFailureSharePercent: 10,
      },
    });
    owner = await signedInStaff(context, { marketplaceId: 80, email: 'owner@versions.test', role: 'owner' });
    otherOwner = await signedInStaff(context, {
      marketplaceId: 81,
      email: 'owner81@versions.test',
      role: 'owner',
    });
    frontDesk = await signedInStaff(context, {
      marketplaceId: 80,
      email: 'desk@versions.test',
      role: 'front_desk',
    });
    for (const release of [first, second, third]) {
      await record(release);
      clock.advance(minute);
    }
    await context.sql(
      `insert into remote_releases (remote, version, entry, checksum, contract_version, released_at)
         values ('catalog', $1, $2, $3, '1.0.0', $4)`,
      [retired.version, retired.entry, retired.checksum, clock.now()],
    );
    // The default for every marketplace: the first release.
    await operator(
      'mutation($input: PromoteRemoteReleaseInput!) { promoteRemoteRelease(input: $input) { version } }',
      { input: { remote: 'catalog', version: first.version } },
    );
  });
  afterAll(() => context.handle.dispose());

  it('lists every remote with its default, no override yet, and the allowed releases newest first', async () => {
    const all = await versions();
    expect(all.map((item) => item.remote)).toEqual([
      'catalog',
      'scheduling',
      'checkout',
      'account',
      'console',
    ]);
    const catalog = all[0];
    expect(catalog).toMatchObject({
      default: { version: first.version, entry: first.entry },
      override: null,
      canRollBack: false,
      rollbackTo: null,
    });
    // The retired release's origin is no longer allowed: it is not offered.
    expect(catalog?.releases.map((release) => release.version)).toEqual([
      third.version,
      second.version,
      first.version,
    ]);
    expect(all[1]).toMatchObject({ remote: 'scheduling', default: null, override: null, releases: [] });
  });

  it("makes a release live for the owner's marketplace only, and rolls it back", async () => {
    const made = await mutate('setOverride', { remote: 'catalog', version: second.version });
    expect(made.error).toBeUndefined();
    expect(made.data).toMatchObject({
      override: { version: second.version, entry: second.entry, since: clock.now().toISOString() },
      canRollBack: true,
      rollbackTo: null,
    });
    expect(await catalogOf('80')).toMatchObject({
      marketplaceId: '80',
      version: second.version,
      // The scope's own last good release: none yet (the host falls back to the default after it).
      fallbackEntry: null,
    });
    // Another marketplace keeps the default.
    expect(await catalogOf('81')).toMatchObject({ marketplaceId: null, version: first.version });

    clock.advance(minute);
    await mutate('setOverride', { remote: 'catalog', version: third.version });
    expect(await catalogVersions()).toMatchObject({
      override: { version: third.version },
      rollbackTo: { version: second.version },
    });
    expect(await catalogOf('80')).toMatchObject({ version: third.version, fallbackEntry: second.entry });

    const rolledBack = await mutate('rollbackOverride', { remote: 'catalog' });
    expect(rolledBack.data).toMatchObject({ override: { version: second.version }, rollbackTo: null });
    expect(await catalogOf('80')).toMatchObject({ marketplaceId: '80', version: second.version });

    // Rolled back past the first override: the default again.
    const toDefault = await mutate('rollbackOverride', { remote: 'catalog' });
    expect(toDefault.data).toMatchObject({ override: null, canRollBack: false });
    expect(await catalogOf('80')).toMatchObject({ marketplaceId: null, version: first.version });
    expect(await catalogOf('81')).toMatchObject({ marketplaceId: null, version: first.version });
  });

  it('clears an override back to the default', async () => {
    await mutate('setOverride', { remote: 'catalog', version: third.version });
    const cleared = await mutate('clearOverride', { remote: 'catalog' });
    expect(cleared.data).toMatchObject({
      default: { version: first.version },
      override: null,
      canRollBack: false,
    });
    expect(await catalogOf('80')).toMatchObject({ marketplaceId: null, version: first.version });
    expect(await mutate('clearOverride', { remote: 'catalog' })).toMatchObject({
      error: {
        code: 'NOT_FOUND',
        message: 'catalog has no override here: this marketplace already gets the default.',
      },
    });
    expect(await mutate('rollbackOverride', { remote: 'catalog' })).toMatchObject({
      error: {
        code: 'NOT_FOUND',
        message: 'Nothing to roll back: catalog has no rollout for marketplace 80.',
      },
    });
  });

  it('refuses a release whose origin is not allowed, an unknown release and a bad version', async () => {
    for (const name of ['setOverride', 'startPreview'] as const) {
      expect(await mutate(name, { remote: 'catalog', version: retired.version })).toEqual({
        data: undefined,
        error: {
          code: 'BAD_USER_INPUT',
          message:
            'Remote entries must come from an allowed origin; https://retired-cdn.example.com is not one (REMOTE_ORIGINS).',
        },
      });
      expect(await mutate(name, { remote: 'catalog', version: 'ffffffffffff' })).toMatchObject({
        error: { code: 'NOT_FOUND', message: 'catalog has no release ffffffffffff.' },
      });
      expect(await mutate(name, { remote: 'catalog', version: ' ' })).toMatchObject({
        error: { code: 'BAD_USER_INPUT', message: 'The version must be 1 to 20 characters.' },
      });
    }
    expect(await catalogOf('80')).toMatchObject({ marketplaceId: null, version: first.version });
  });

  it('shows a preview only to the browser with its token, on its marketplace, until it expires', async () => {
    const started = await mutate('startPreview', { remote: 'catalog', version: second.version });
    const { token, ...shown } = started.data as Preview & { token: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(shown).toEqual({
      remote: 'catalog',
      version: second.version,
      entry: second.entry,
      expiresAt: new Date(clock.now().getTime() + previewLifetimeMs).toISOString(),
    });
    // Only the hash is kept.
    const stored = await context.sql<{ token_hash: string }>('select token_hash from remote_previews');
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    expect(await preview('80', token)).toEqual(shown);
    // Nothing changes for anyone else: the marketplace's rollouts, another marketplace, another token.
    expect(await catalogOf('80')).toMatchObject({ marketplaceId: null, version: first.version });
    expect(await preview('81', token)).toBeNull();
    expect(await preview('80', 'B'.repeat(43))).toBeNull();

    clock.advance(previewLifetimeMs - 1);
    expect(await preview('80', token)).toEqual(shown);
    clock.advance(1);
    expect(await preview('80', token)).toBeNull();
  });

  it("ends a preview on the owner's word; another owner cannot end it", async () => {
    const { data } = await mutate('startPreview', { remote: 'catalog', version: third.version });
    const { token } = data as { token: string };
    // The owner of marketplace 81 names their own marketplace: not their preview.
    expect(await mutate('endPreview', { marketplaceId: '81', token }, otherOwner)).toEqual({
      data: false,
      error: undefined,
    });
    expect(await preview('80', token)).toMatchObject({ version: third.version });
    expect(await mutate('endPreview', { token })).toEqual({ data: true, error: undefined });
    expect(await preview('80', token)).toBeNull();
    expect(await mutate('endPreview', { token })).toEqual({ data: false, error: undefined });
  });

  it('drops a preview when its owner is no longer the owner', async () => {
    const { data } = await mutate('startPreview', { remote: 'catalog', version: third.version });
    const { token } = data as { token: string };
    await context.sql(
      `update staff_members set role = 'front_desk' where user_id = (select id from users where email = 'owner@versions.test')`,
    );
    try {
      expect(await preview('80', token)).toBeNull();
    } finally {
      await context.sql(
        `update staff_members set role = 'owner' where user_id = (select id from users where email = 'owner@versions.test')`,
      );
    }
    expect(await preview('80', token)).toMatchObject({ version: third.version });
  });

  it('refuses the front desk and answers a malformed token BAD_USER_INPUT', async () => {
    expect(await mutate('startPreview', { remote: 'catalog', version: second.version }, frontDesk)).toEqual({
      data: undefined,
      error: { code: 'FORBIDDEN', message: 'Your role does not allow this.' },
    });
    const response = await owner.post(operations.preview, { marketplaceId: '80', token: 'not a token' });
    expect(response.body.errors?.map((error) => [error.extensions?.code, error.message])).toEqual([
      ['BAD_USER_INPUT', 'The preview token is not one this site gave.'],
    ]);
  });
});
