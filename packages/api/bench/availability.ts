// Benchmark: server time of the `availabilities` query for one week and for one month at a busy
// clinic (20 practitioners, 2,000 live appointments over the next four months), in process on PGlite
// through `app.fetch`. Also splits one month into the database read and the engine.
// Targets: one week p95 <= 20 ms, one month p95 <= 60 ms.
import { TZDate } from '@date-fns/tz';
import { addDays, format, getISODay } from 'date-fns';
import { createApp, createDatabase, migrate } from '../src/index';
import { findAvailableSlots, loadSchedules } from '../src/scheduling';

const timeZone = 'America/New_York';
const practitionerCount = 20;
const appointmentCount = 2_000;
const weekRuns = Number(process.env.BENCH_AVAILABILITY_RUNS ?? 300);
const monthRuns = Math.ceil(weekRuns / 2);

// A deterministic pseudo-random sequence, so every run benchmarks the same schedule.
let seed = 20_260_101;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

/** Weekly hours of practitioner i: [ISO weekdays, start minute, end minute]. */
const hoursOf = (i: number): [number[], number, number] =>
  [
    [[1, 2, 3, 4, 5], 9 * 60, 17 * 60],
    [[2, 3, 4, 5, 6], 10 * 60, 19 * 60],
    [[1, 3, 5, 6], 12 * 60, 20 * 60],
    [[1, 2, 3, 4, 5, 6, 7], 8 * 60, 14 * 60],
  ][i % 4] as [number[], number, number];

function fixture(): string {
  const statements = [
    `insert into marketplace_groups (id, name) values (80, 'Bench')`,
    `insert into marketplaces (id, mg_id, name, primary_color) values (80, 80, 'Bench', '#336699')`,
    `insert into clinics (id, marketplace_id, name, address, phone, time_zone, latitude, longitude)
       values (801, 80, 'Bench Clinic', '1 Main St, New York, NY 10001', '+12125550100', '${timeZone}', 40.75, -73.99)`,
    `insert into procedure_groups (id, marketplace_id, name) values (80, 80, 'Bench')`,
    `insert into procedures (id, marketplace_id, procedure_group_id, name, prices, durations, is_add_on)
       values (8001, 80, 80, 'Drip', '{10000}', '{45,60}', false), (8101, 80, null, 'Boost', '{2000}', '{15}', true)`,
    `insert into procedure_clinics (marketplace_id, procedure_id, clinic_id) values (80, 8001, 801), (80, 8101, 801)`,
  ];
  const today = new TZDate(Date.now(), timeZone);
  const appointments: string[] = [];
  let id = 1;
  for (let p = 0; p < practitionerCount; p++) {
    const practitionerId = 8000 + p;
    const [weekdays, start, end] = hoursOf(p);
    statements.push(
      `insert into practitioners (id, marketplace_id, name) values (${practitionerId}, 80, 'Practitioner ${p + 1}')`,
      `insert into practitioner_procedures (marketplace_id, practitioner_id, procedure_id)
         values (80, ${practitionerId}, 8001), (80, ${practitionerId}, 8101)`,
      ...weekdays.map(
        (weekday) =>
          `insert into practitioner_working_hours (marketplace_id, practitioner_id, organization_id, weekday, start_minute, end_minute)
             values (80, ${practitionerId}, 801, ${weekday}, ${start}, ${end})`,
      ),
    );
    // A day off now and then.
    const off = addDays(today, 3 + p * 5);
    statements.push(
      `insert into practitioner_time_off (practitioner_id, starts_at, ends_at)
         values (${practitionerId}, '${new TZDate(off.getFullYear(), off.getMonth(), off.getDate(), timeZone).toISOString()}',
                 '${new TZDate(off.getFullYear(), off.getMonth(), off.getDate() + 1, timeZone).toISOString()}')`,
    );
    // Hour-long blocks on working days of the next four months, never two in one block.
    const taken = new Set<string>();
    const perPractitioner = appointmentCount / practitionerCount;
    while (taken.size < perPractitioner) {
      const day = addDays(today, 1 + Math.floor(random() * 120));
      if (!weekdays.includes(getISODay(day))) continue;
      const block = Math.floor(random() * Math.floor((end - start) / 60));
      const key = `${format(day, 'yyyy-MM-dd')} ${block}`;
      if (taken.has(key)) continue;
      taken.add(key);
      const minute = start + block * 60;
      const startsAt = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), 0, minute, timeZone);
      const duration = random() < 0.5 ? 45 : 60;
      const endsAt = new Date(startsAt.getTime() + duration * 60_000);
      const status = random() < 0.3 ? 'PENDING' : 'BOOKED';
      appointments.push(
        `(${id++}, 80, ${practitionerId}, 801, '${startsAt.toISOString()}', '${endsAt.toISOString()}', '${status}')`,
      );
    }
  }
  statements.push(
    `insert into appointments (id, marketplace_id, practitioner_id, organization_id, starts_at, ends_at, status)
       values ${appointments.join(',\n')}`,
    `analyze`,
  );
  return statements.join(';\n');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms  p95 ${percentile(sorted, 95).toFixed(1)} ms`;
};

const database = await createDatabase({ kind: 'pglite' });
try {
  await migrate(database);
  await database.transaction((tx) => tx.exec(fixture()));
  const app = createApp({ db: database, config: { nodeEnv: 'production' }, logging: false });
  const query = `query ($input: AvailabilitiesInput!) { availabilities(input: $input) { timeZone slots { date time } } }`;
  const today = new TZDate(Date.now(), timeZone);
  const range = (days: number) => ({
    start: format(addDays(today, 1), 'yyyy-MM-dd'),
    end: format(addDays(today, days), 'yyyy-MM-dd'),
  });

  const call = async (dateRange: { start: string; end: string }) => {
    const started = performance.now();
    const response = await app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: JSON.stringify({
        query,
        variables: {
          input: { marketplaceId: '80', organizationId: '801', procedureIds: ['8001', '8101'], dateRange },
        },
      }),
    });
    const body = (await response.json()) as {
      data?: { availabilities: { slots: unknown[] } };
      errors?: { message: string }[];
    };
    const elapsed = performance.now() - started;
    if (!body.data) throw new Error(`availabilities failed: ${body.errors?.[0]?.message}`);
    return { elapsed, slots: body.data.availabilities.slots.length };
  };

  console.log(
    `\nAvailability (in process, PGlite; ${practitionerCount} practitioners, ${appointmentCount} appointments over 4 months)`,
  );
  for (const [label, days, runs, target] of [
    ['one week', 7, weekRuns, 20],
    ['one month', 31, monthRuns, 60],
  ] as const) {
    for (let i = 0; i < 20; i++) await call(range(days));
    const samples: number[] = [];
    let slots = 0;
    for (let i = 0; i < runs; i++) {
      const result = await call(range(days));
      samples.push(result.elapsed);
      slots = result.slots;
    }
    const p95 = percentile(
      [...samples].sort((a, b) => a - b),
      95,
    );
    console.log(
      `  ${label.padEnd(10)} ${summary(samples)}  (${slots} slots, ${runs} calls; target p95 <= ${target} ms: ${p95 <= target ? 'met' : 'MISSED'})`,
    );
  }

  // Where one month's time goes.
  const request = {
    marketplaceId: 80,
    clinicId: 801,
    homeTimeZone: null,
    procedureIds: [8001, 8101],
    dateRange: range(31),
  };
  const reads: number[] = [];
  const engine: number[] = [];
  for (let i = 0; i < monthRuns; i++) {
    let started = performance.now();
    const schedules = await loadSchedules(database.db, request);
    reads.push(performance.now() - started);
    started = performance.now();
    findAvailableSlots({
      timeZone,
      dateRange: request.dateRange,
      durationMinutes: 60,
      stepMinutes: 15,
      noticeMinutes: 120,
      now: new Date(),
      practitioners: schedules.practitioners,
    });
    engine.push(performance.now() - started);
  }
  console.log(`  one month: database read ${summary(reads)}; engine ${summary(engine)}`);
} finally {
  await database.close();
}
