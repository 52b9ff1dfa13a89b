// Benchmark: `createAppointmentRequest`, in process through `app.fetch` (guests registered at submit,
// payment collected on site, so no card), on PGlite — and on PostgreSQL too when DATABASE_URL names a
// server (a scratch database is created and dropped).
//   distinct slots: 20 concurrent clients, each booking one time after another, no two the same time;
//     throughput (bookings/s) and latency p50/p95.
//   one slot: 100 clients submit for the same time at once (one practitioner); exactly one must get
//     it and the others the slot-taken message; latency p50/p99, over several rounds.
import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import { slotTakenMessage } from '../src/checkout';
import { createApp, migrate } from '../src/index';
import { testDatabases } from '../src/test/databases';

const timeZone = 'America/New_York';
const clients = 20;
const bookingsPerClient = Number(process.env.BENCH_BOOKINGS_PER_CLIENT ?? 25);
const contenders = 100;
const contentionRounds = Number(process.env.BENCH_CONTENTION_ROUNDS ?? 5);
const practitionerCount = 10;

// Marketplace 70, clinic 701 in New York: procedure 7001 Drip (30 min), performed by practitioners
// 7001-7010 every day 08:00-20:00. Clinic 702 has one practitioner (7100), so one time there is one slot.
function fixture(): string {
  const practitioners = Array.from({ length: practitionerCount }, (_, i) => 7001 + i);
  return `
    insert into marketplace_groups (id, name) values (70, 'Booking Bench');
    insert into marketplaces (id, mg_id, name, primary_color, payment_collection_method, is_live)
      values (70, 70, 'Booking Bench', '#336699', 'collect_on_site', true);
    insert into clinics (id, marketplace_id, name, address, phone, time_zone, latitude, longitude)
      values (701, 70, 'Bench Midtown', '1 Main St, New York, NY 10001', '+12125550100', '${timeZone}', 40.75, -73.99),
             (702, 70, 'Bench SoHo', '2 Main St, New York, NY 10012', '+12125550101', '${timeZone}', 40.72, -74.0);
    insert into procedure_groups (id, marketplace_id, name) values (70, 70, 'Bench');
    insert into procedures (id, marketplace_id, procedure_group_id, name, prices, durations, is_add_on)
      values (7001, 70, 70, 'Drip', '{10000}', '{30}', false);
    insert into procedure_clinics (marketplace_id, procedure_id, clinic_id) values (70, 7001, 701), (70, 7001, 702);
    insert into practitioners (id, marketplace_id, name)
      select id, 70, 'Practitioner ' || id from unnest(array[${practitioners.join(',')}, 7100]) id;
    insert into practitioner_procedures (marketplace_id, practitioner_id, procedure_id)
      select 70, id, 7001 from unnest(array[${practitioners.join(',')}, 7100]) id;
    insert into practitioner_working_hours (marketplace_id, practitioner_id, organization_id, weekday, start_minute, end_minute)
      select 70, id, case when id = 7100 then 702 else 701 end, d, 480, 1200
        from unnest(array[${practitioners.join(',')}, 7100]) id, generate_series(1, 7) d;
    analyze;
  `;
}

const mutation = `mutation Book($input: CreateAppointmentRequestInput!) {
  createAppointmentRequest(input: $input) { id status }
}`;

/** Local times 08:00-19:30 every 15 minutes on the days after tomorrow: each booking its own. */
function* distinctTimes(): Generator<{ date: string; time: string }> {
  const today = new TZDate(Date.now(), timeZone);
  for (let day = 2; ; day++) {
    const date = format(addDays(today, day), 'yyyy-MM-dd');
    for (let minute = 8 * 60; minute <= 19 * 60 + 30; minute += 15) {
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      yield { date, time };
    }
  }
}

const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};

for (const factory of testDatabases) {
  const handle = await factory.create();
  try {
    await migrate(handle.database);
    await handle.database.transaction((tx) => tx.exec(fixture()));
    const app = createApp({ db: handle.database, config: { nodeEnv: 'production' }, logging: false });
    let guests = 0;

    const book = async (clinic: string, slot: { date: string; time: string }) => {
      guests += 1;
      const input = {
        marketplaceId: '70',
        idempotencyKey: `bench-${guests}`,
        organizationId: clinic,
        procedures: ['7001'],
        dateRanges: [{ start: `${slot.date}T${slot.time}`, end: `${slot.date}T${slot.time}` }],
        registerUser: {
          email: `bench-guest-${guests}@example.com`,
          profile: {
            givenName: 'Bench',
            familyName: `Guest ${guests}`,
            phone: '+12125550142',
            dob: '1990-01-01',
            tzid: timeZone,
          },
        },
      };
      const started = performance.now();
      const response = await app.fetch('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
        body: JSON.stringify({ query: mutation, variables: { input } }),
      });
      const body = (await response.json()) as {
        data?: { createAppointmentRequest: { id: string; status: string } } | null;
        errors?: { message: string }[];
      };
      return {
        elapsed: performance.now() - started,
        booked: body.data?.createAppointmentRequest,
        error: body.errors?.[0]?.message,
      };
    };

    const times = distinctTimes();
    const next = () => times.next().value as { date: string; time: string };
    // Warm-up.
    for (let i = 0; i < 20; i++) {
      const result = await book('701', next());
      if (!result.booked) throw new Error(`warm-up booking failed: ${result.error}`);
    }

    // Distinct slots: 20 clients, each one booking after another.
    const latencies: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        for (let i = 0; i < bookingsPerClient; i++) {
          const result = await book('701', next());
          if (!result.booked) throw new Error(`booking failed: ${result.error}`);
          latencies.push(result.elapsed);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    // One slot, 100 contenders, a new day each round.
    const contended: number[] = [];
    for (let round = 0; round < contentionRounds; round++) {
      const slot = {
        date: format(addDays(new TZDate(Date.now(), timeZone), 2 + round), 'yyyy-MM-dd'),
        time: '10:00',
      };
      const results = await Promise.all(Array.from({ length: contenders }, () => book('702', slot)));
      const winners = results.filter((result) => result.booked);
      const others = new Set(results.filter((result) => !result.booked).map((result) => result.error));
      if (winners.length !== 1 || others.size !== 1 || !others.has(slotTakenMessage)) {
        throw new Error(
          `round ${round + 1}: ${winners.length} bookings, errors ${JSON.stringify([...others])}`,
        );
      }
      contended.push(...results.map((result) => result.elapsed));
    }

    console.log(`\ncreateAppointmentRequest (in process, ${factory.name}; guests registered at submit)`);
    console.log(
      `  distinct slots, ${clients} clients x ${bookingsPerClient}: ${(latencies.length / seconds).toFixed(0)} bookings/s  ` +
        `p50 ${percentile(latencies, 50).toFixed(1)} ms  p95 ${percentile(latencies, 95).toFixed(1)} ms`,
    );
    console.log(
      `  one slot, ${contenders} clients x ${contentionRounds} rounds: exactly 1 booking per round (checked)  ` +
        `p50 ${percentile(contended, 50).toFixed(1)} ms  p99 ${percentile(contended, 99).toFixed(1)} ms`,
    );
  } finally {
    await handle.dispose();
  }
}
