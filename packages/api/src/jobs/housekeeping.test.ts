import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutTestContext, createCheckoutTestContext } from '../test/checkout';
import { testDatabases } from '../test/databases';
import { deleteExpired } from './housekeeping';

const hex = (n: number) => n.toString(16).padStart(64, '0');
const hour = 3_600_000;
const day = 24 * hour;

describe.each(testDatabases)('housekeeping on $name', (factory) => {
  let context: CheckoutTestContext;
  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
  });
  afterAll(() => context.handle.dispose());

  it('deletes what has expired and keeps everything still in use', async () => {
    const now = new Date('2026-06-15T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const ahead = (ms: number) => new Date(now.getTime() + ms);
    const { sql } = context;
    const [user] = await sql<{ id: number }>(
      `insert into users (mg_id, email) values (80, 'keeper@example.com') returning id`,
    );
    const userId = user?.id;

    // Sessions: live, revoked, idle for 15 days, older than 90 days.
    const sessions: [string, Date, Date, Date | null][] = [
      ['live', ago(30 * day), ago(hour), null],
      ['revoked', ago(day), ago(hour), ago(hour)],
      ['idle', ago(20 * day), ago(15 * day), null],
      ['too old', ago(91 * day), ago(hour), null],
    ];
    for (const [i, [, created, seen, revoked]] of sessions.entries()) {
      await sql(
        'insert into sessions (token_hash, user_id, mg_id, created_at, last_seen_at, revoked_at) values ($1, $2, 80, $3, $4, $5)',
        [hex(i + 1), userId, created, seen, revoked],
      );
    }
    // Passcodes and link tokens: one still valid, one expired.
    for (const [i, expires] of [ahead(5 * 60_000), ago(60_000)].entries()) {
      await sql(
        `insert into passcodes (token_hash, mg_id, email, code_hash, created_at, expires_at)
           values ($1, 80, 'keeper@example.com', $1, $2, $3)`,
        [hex(100 + i), ago(10 * 60_000), expires],
      );
      await sql(
        `insert into user_tokens (purpose, secret_hash, user_id, sent_to, created_at, expires_at)
           values ('reset_password', $1, $2, 'keeper@example.com', $3, $4)`,
        [hex(200 + i), userId, ago(2 * hour), expires],
      );
    }
    // Started Google and Apple sign-ins: one still pending, one expired.
    for (const [i, expires] of [ahead(5 * 60_000), ago(60_000)].entries()) {
      await sql(
        `insert into third_party_sign_ins (state_hash, browser_hash, mg_id, provider, code_verifier, nonce,
           redirect_uri, return_path, created_at, expires_at)
           values ($1, $1, 80, 'google', 'v', 'n', 'http://localhost:3000/auth/google/callback', '/', $2, $3)`,
        [hex(300 + i), ago(10 * 60_000), expires],
      );
    }
    // Rate-limit hits inside and past the longest window; idempotency keys of today and of last week.
    await sql(`insert into rate_limit_hits (scope, key, at) values ('t', 'k', $1), ('t', 'k', $2)`, [
      ago(30 * 60_000),
      ago(2 * hour),
    ]);
    await sql(
      `insert into appointment_request_keys (marketplace_id, caller, key, request_hash, claimed_at)
         values (80, 'user:1', 'recent', 'h', $1), (80, 'user:1', 'old', 'h', $2)`,
      [ago(hour), ago(7 * day)],
    );
    // Messages: sent yesterday, sent 40 days ago, and one still queued from long ago (kept: unsent).
    await sql(
      `insert into outbox_messages (channel, recipient, sender, subject, text_body, status, sent_at, created_at)
         values ('email', 'a@example.com', 'S', 'recent', 't', 'sent', $1, $1),
                ('email', 'a@example.com', 'S', 'old', 't', 'sent', $2, $2),
                ('email', 'a@example.com', 'S', 'queued', 't', 'queued', null, $2)`,
      [ago(day), ago(40 * day)],
    );

    // Payment processor events: one from last week (a replay may still come), one from 40 days ago.
    await sql(
      `insert into processor_events (id, processor, type, received_at)
         values ('evt_recent', 'stripe', 't', $1), ('evt_old', 'stripe', 't', $2)`,
      [ago(7 * day), ago(40 * day)],
    );

    // Reports of a remote that failed to load: from yesterday (still shown) and from 8 days ago.
    await sql(
      `insert into remote_releases (remote, version, entry, contract_version)
         values ('catalog', 'url-0123456789ab', 'http://localhost:3011/mf-manifest.json', 'unchecked')`,
    );
    await sql(
      `insert into remote_failure_reports (release_id, reporter, reported_at)
         select id, 'browser:recent', $1::timestamptz from remote_releases
         union all select id, 'browser:old', $2::timestamptz from remote_releases`,
      [ago(day), ago(8 * day)],
    );
    // Browsers the host sent to it as a canary: one a day and a half ago, one an hour ago.
    await sql(
      `insert into remote_canary_views (release_id, browser_id, seen_at)
         select id, '00000000-0000-4000-8000-000000000001'::uuid, $1::timestamptz from remote_releases
         union all select id, '00000000-0000-4000-8000-000000000002'::uuid, $2::timestamptz from remote_releases`,
      [ago(hour), ago(36 * hour)],
    );

    // Owners' previews of that release: one still running, one expired.
    await sql(
      `insert into staff_members (marketplace_id, mg_id, user_id, role) values (80, 80, $1, 'owner')`,
      [userId],
    );
    await sql(
      `insert into remote_previews (token_hash, marketplace_id, staff_member_id, remote, release_id, created_at, expires_at)
         select 'running', 80, s.id, 'catalog', r.id, $1::timestamptz, $2::timestamptz from staff_members s, remote_releases r
         union all
         select 'expired', 80, s.id, 'catalog', r.id, $3::timestamptz, $4::timestamptz from staff_members s, remote_releases r`,
      [ago(10 * 60 * 1000), ahead(50 * 60 * 1000), ago(2 * hour), ago(hour)],
    );

    const report = await deleteExpired(context.handle.database.db, now);
    expect(report).toEqual({
      sessions: 3,
      passcodes: 1,
      userTokens: 1,
      thirdPartySignIns: 1,
      rateLimitHits: 1,
      idempotencyKeys: 1,
      outboxMessages: 1,
      processorEvents: 1,
      remoteFailureReports: 1,
      remoteCanaryViews: 1,
      remotePreviews: 1,
    });
    const left = async (table: string, column: string) =>
      (await sql<{ v: unknown }>(`select ${column} as v from ${table} order by 1`)).map((row) => row.v);
    expect(await left('sessions', 'token_hash')).toEqual([hex(1)]);
    expect(await left('passcodes', 'token_hash')).toEqual([hex(100)]);
    expect(await left('user_tokens', 'secret_hash')).toEqual([hex(200)]);
    expect(await left('third_party_sign_ins', 'state_hash')).toEqual([hex(300)]);
    expect(await left('appointment_request_keys', 'key')).toEqual(['recent']);
    expect(await left('outbox_messages', 'subject')).toEqual(['queued', 'recent']);
    expect(await left('processor_events', 'id')).toEqual(['evt_recent']);
    expect(await left('remote_failure_reports', 'reporter')).toEqual(['browser:recent']);
    expect(await left('remote_canary_views', 'browser_id::text')).toEqual([
      '00000000-0000-4000-8000-000000000001',
    ]);
    expect(await left('remote_previews', 'token_hash')).toEqual(['running']);
    expect(await deleteExpired(context.handle.database.db, now)).toMatchObject({ sessions: 0, passcodes: 0 });
  });
});
