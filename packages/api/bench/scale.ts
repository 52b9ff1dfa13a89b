// `pnpm bench --scale`: a marketplace ten times the demo's on PostgreSQL (DATABASE_URL, else the
// server on 127.0.0.1:5432; a scratch database is created and dropped). One clinic, 500 practitioners
// who all perform the cart, 200,000 held bookings (four a day each, a month back to two months ahead);
// BENCH_SCALE_LARGE=1 makes it 5,000 practitioners and 2,000,000 bookings. In process through
// `app.fetch`, beside a bare baseline from the same run (`{ __typename }`):
//   availability p50/p95 for one week and for one month;
//   bookings/s (createAppointmentRequest, guests paying on site) with 1 and with 20 clients at once,
//   in process, then over HTTP through the built server: one process (1 and 20 clients), then two
//   (20 clients), beside `{ __typename }` over HTTP.
// No targets are asserted: the figures are printed as ratios against the baseline.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import { sql } from 'drizzle-orm';
import type { NodeProcess } from '../src/test/node-processes';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const { createApp, migrate } = await import('../src/index');
const { testDatabases } = await import('../src/test/databases');
const { apiPackageDir, startNodeProcess } = await import('../src/test/node-processes');
const { freePort } = await import('../src/test/temporary-postgres');
const { countStatements } = await import('../src/test/statements');

const timeZone = 'America/New_York';
const large = process.env.BENCH_SCALE_LARGE === '1';
const practitionerCount = large ? 5_000 : 500;
// Four one-hour bookings a day (08:00-20:00 local, never overlapping) on each of these days.
const firstDay = -30;
const days = 100;
const runs = Number(process.env.BENCH_SCALE_RUNS ?? 60);

const fixture = `
  insert into marketplace_groups (id, name) values (60, 'Scale Bench');
  insert into marketplaces (id, mg_id, name, primary_color, payment_collection_method, is_live)
    values (60, 60, 'Scale Bench', '#336699', 'collect_on_site', true);
  insert into clinics (id, marketplace_id, name, address, phone, time_zone, latitude, longitude)
    values (601, 60, 'Scale Midtown', '1 Main St, New York, NY 10001', '+12125550100', '${timeZone}', 40.75, -73.99);
  insert into procedure_groups (id, marketplace_id, name) values (60, 60, 'Scale');
  insert into procedures (id, marketplace_id, procedure_group_id, name, prices, durations, is_add_on)
    values (6001, 60, 60, 'Drip', '{10000}', '{45,60}', false), (6101, 60, null, 'Boost', '{2000}', '{15}', true);
  insert into procedure_clinics (marketplace_id, procedure_id, clinic_id) values (60, 6001, 601), (60, 6101, 601);
  insert into practitioners (id, marketplace_id, name)
    select 600000 + p, 60, 'Practitioner ' || p from generate_series(1, ${practitionerCount}) p;
  insert into practitioner_procedures (marketplace_id, practitioner_id, procedure_id)
    select 60, 600000 + p, procedure from generate_series(1, ${practitionerCount}) p, unnest(array[6001, 6101]) procedure;
  insert into practitioner_working_hours (marketplace_id, practitioner_id, organization_id, weekday, start_minute, end_minute)
    select 60, 600000 + p, 601, d, 480, 1200 from generate_series(1, ${practitionerCount}) p, generate_series(1, 7) d;
`;

/** The bookings, set-based; the busy-weeks trigger (where there is one) is off meanwhile and its table rebuilt once. */
const bookings = `
  insert into appointments (marketplace_id, practitioner_id, organization_id, starts_at, ends_at, status, completed_at)
  select 60, 600000 + p, 601, slot.starts_at, slot.starts_at + interval '1 hour',
         case when slot.starts_at < now() then 'COMPLETE' when (p + d + k) % 3 = 0 then 'PENDING' else 'BOOKED' end,
         case when slot.starts_at < now() then slot.starts_at + interval '1 hour' end
  from generate_series(1, ${practitionerCount}) p,
       generate_series(${firstDay}, ${firstDay + days - 1}) d,
       generate_series(0, 3) k,
       lateral (
         select ((current_date + d)::timestamp + make_interval(hours => 8 + ((p + d) % 3 + k * 3)))
                  at time zone '${timeZone}' as starts_at
       ) slot
`;

const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};
const figures = (samples: number[]) =>
  `p50 ${percentile(samples, 50).toFixed(1)} ms  p95 ${percentile(samples, 95).toFixed(1)} ms`;

/** `book` called by `clients` callers at once, 200 calls in all: bookings per second and each call's time. */
async function bookingsAtOnce(clients: number, book: (caller: number) => Promise<{ elapsed: number }>) {
  const perClient = Math.ceil(200 / clients);
  const samples: number[] = [];
  const begun = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, caller) => {
      for (let i = 0; i < perClient; i++) samples.push((await book(caller)).elapsed);
    }),
  );
  return { perSecond: samples.length / ((performance.now() - begun) / 1000), samples };
}

/** One GraphQL call over HTTP; throws when it has no data. */
async function postOver(origin: string, query: string, variables: Record<string, unknown> = {}) {
  const begun = performance.now();
  const response = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: unknown; errors?: { message: string }[] };
  if (!body.data) throw new Error(`${query.slice(0, 40)}: ${body.errors?.[0]?.message ?? response.status}`);
  return { elapsed: performance.now() - begun };
}

/**
 * Bookings through the built server (dist/server.mjs) on the bench's database: one process, then two
 * (callers spread over them in turn), beside `{ __typename }` over HTTP. The worker is not started:
 * the bookings' jobs wait in the queue.
 */
async function bookingsOverHttp(
  databaseUrl: string,
  book: (origin: string) => Promise<{ elapsed: number }>,
): Promise<void> {
  const serverScript = path.join(apiPackageDir, 'dist/server.mjs');
  if (!existsSync(serverScript)) {
    console.log('  (over HTTP: skipped, dist/server.mjs is missing: run `pnpm --filter @atrium/api build`)');
    return;
  }
  const env = { NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, JOBS_IN_PROCESS: 'false' };
  const processes: NodeProcess[] = [];
  try {
    const origins: string[] = [];
    for (const name of ['API 1', 'API 2']) {
      const port = await freePort();
      const server = startNodeProcess(name, serverScript, { ...env, PORT: String(port) });
      processes.push(server);
      await waitUntilHealthy(`http://127.0.0.1:${port}`, server);
      origins.push(`http://127.0.0.1:${port}`);
    }
    const [first = ''] = origins;
    const baseline: number[] = [];
    for (let i = 0; i < runs; i++) baseline.push((await postOver(first, '{ __typename }')).elapsed);
    console.log(`  over HTTP (dist/server.mjs): baseline { __typename } ${figures(baseline)}`);
    for (let i = 0; i < 10; i++) await book(origins[i % 2] ?? first);
    let onOne = 0;
    for (const [processCount, clients] of [
      [1, 1],
      [1, 20],
      [2, 20],
    ] as const) {
      const { perSecond, samples } = await bookingsAtOnce(clients, (caller) =>
        book(origins[caller % processCount] ?? first),
      );
      if (processCount === 1 && clients === 20) onOne = perSecond;
      const versus = processCount === 2 ? `  (x${(perSecond / onOne).toFixed(2)} one process)` : '';
      console.log(
        `  bookings over HTTP, ${processCount} process${processCount === 1 ? ', ' : 'es,'} ${String(clients).padStart(2)} client(s): ` +
          `${perSecond.toFixed(0)}/s  ${figures(samples)}${versus}`,
      );
    }
  } finally {
    await Promise.all(processes.map((child) => child.stop()));
  }
}

async function waitUntilHealthy(origin: string, server: NodeProcess): Promise<void> {
  const healthy = () =>
    fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
  for (let i = 0; i < 240 && server.exit() === null; i++) {
    if (await healthy()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${server.name} was not healthy:\n${server.output()}`);
}

const factory = testDatabases.find((candidate) => candidate.name === 'PostgreSQL');
if (!factory) throw new Error('The scale bench needs PostgreSQL (DATABASE_URL).');
const handle = await factory.create();
try {
  const started = performance.now();
  await migrate(handle.database);
  const { db } = handle.database;
  await handle.database.transaction((tx) => tx.exec(fixture));
  const trigger = await db.execute(
    sql`select 1 from pg_trigger where tgname = 'appointments_busy_weeks' and not tgisinternal`,
  );
  const hasBusyWeeks = (trigger as unknown as { rows: unknown[] }).rows.length > 0;
  if (hasBusyWeeks) await db.execute(sql`alter table appointments disable trigger appointments_busy_weeks`);
  await db.execute(sql.raw(bookings));
  if (hasBusyWeeks) {
    await db.execute(sql`select practitioner_busy_weeks_rebuild()`);
    await db.execute(sql`alter table appointments enable trigger appointments_busy_weeks`);
  }
  await db.execute(sql`analyze`);
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(
    `\nScale (in process, PostgreSQL): ${practitionerCount} practitioners, ${practitionerCount * days * 4} bookings` +
      ` (set up in ${seconds} s; ${hasBusyWeeks ? 'busy weeks kept by trigger' : 'no busy-weeks table'})`,
  );

  const app = createApp({ db: handle.database, config: { nodeEnv: 'production' }, logging: false });
  const post = async (query: string, variables: Record<string, unknown> = {}) => {
    const begun = performance.now();
    const response = await app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as {
      data?: Record<string, unknown> | null;
      errors?: { message: string }[];
    };
    if (!body.data) throw new Error(`${query.slice(0, 40)}: ${body.errors?.[0]?.message}`);
    return { elapsed: performance.now() - begun, data: body.data };
  };
  const repeat = async (count: number, call: () => Promise<{ elapsed: number }>) => {
    const samples: number[] = [];
    for (let i = 0; i < count; i++) samples.push((await call()).elapsed);
    return samples;
  };

  const baseline = await repeat(runs, () => post('{ __typename }'));
  const baseP50 = percentile(baseline, 50);
  console.log(`  baseline { __typename }: ${figures(baseline)}`);

  const today = new TZDate(Date.now(), timeZone);
  const availability = `query ($input: AvailabilitiesInput!) { availabilities(input: $input) { slots { date time } } }`;
  for (const [label, length] of [
    ['one week', 7],
    ['one month', 31],
  ] as const) {
    const dateRange = {
      start: format(addDays(today, 1), 'yyyy-MM-dd'),
      end: format(addDays(today, length), 'yyyy-MM-dd'),
    };
    const input = { marketplaceId: '60', organizationId: '601', procedureIds: ['6001', '6101'], dateRange };
    await repeat(5, () => post(availability, { input }));
    const samples = await repeat(label === 'one week' ? runs : Math.ceil(runs / 2), () =>
      post(availability, { input }),
    );
    console.log(
      `  availability, ${label}: ${figures(samples)}  (p95 x${(percentile(samples, 95) / baseP50).toFixed(0)} the baseline's p50)`,
    );
  }

  const mutation = `mutation Book($input: CreateAppointmentRequestInput!) { createAppointmentRequest(input: $input) { id } }`;
  let guests = 0;
  let slot = 0;
  // Quarter hours from 08:15 to 19:00 on the days after tomorrow, each asked twice a day: a third of
  // the practitioners hold each hour, so someone is free at every one of them.
  const nextTime = () => {
    const index = slot++;
    const day = format(addDays(today, 3 + Math.floor(index / 88)), 'yyyy-MM-dd');
    const minute = 8 * 60 + 15 + (index % 44) * 15;
    return `${day}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  };
  /** The next guest's booking at the next time. */
  const bookingVariables = () => {
    guests += 1;
    const at = nextTime();
    return {
      input: {
        marketplaceId: '60',
        idempotencyKey: `scale-${guests}`,
        organizationId: '601',
        procedures: ['6001'],
        dateRanges: [{ start: at, end: at }],
        registerUser: {
          email: `scale-guest-${guests}@example.com`,
          profile: {
            givenName: 'Scale',
            familyName: `Guest ${guests}`,
            phone: '+12125550142',
            dob: '1990-01-01',
            tzid: timeZone,
          },
        },
      },
    };
  };
  const book = () => post(mutation, bookingVariables());
  await repeat(10, book);
  const { statements, waits } = await countStatements(book);
  console.log(
    `  round trips to PostgreSQL per booking: ${statements} statements, ${waits} waited for in turn`,
  );
  for (const clients of [1, 20]) {
    const { perSecond, samples } = await bookingsAtOnce(clients, book);
    console.log(
      `  bookings, ${String(clients).padStart(2)} client(s): ${perSecond.toFixed(0)}/s  ${figures(samples)}`,
    );
  }

  if (!handle.url) throw new Error('The scale bench needs a PostgreSQL URL for its API processes.');
  await bookingsOverHttp(handle.url, (origin) => postOver(origin, mutation, bookingVariables()));
} finally {
  await handle.dispose();
}
