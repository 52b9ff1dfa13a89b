import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/database/database';
import { appointments, liveAppointmentStatuses } from '../../scheduling';
import type { DemoMarketplace } from './demo-marketplace';
import {
  type DemoAppointment,
  demoAppointmentIdLimit,
  demoPractitioners,
  demoScheduleRows,
} from './demo-schedules';

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Writes the demo appointments, placed relative to `now`: the practitioners, their hours and days off
 * are the Team section's (seed-team.ts); appointments have no console service, so they are written
 * here. Idempotent: the same day gives the same rows. Demo appointments (ids below
 * demoAppointmentIdLimit) are moved to the seed day's plan, and one that would overlap a real live
 * booking is left out rather than failing the seed.
 */
export async function seedDemoAppointments(
  tx: Transaction,
  demos: DemoMarketplace[],
  now: Date,
): Promise<void> {
  const marketplaceIds = demos.map((demo) => demo.marketplace.id);
  const practitionerIds = demoPractitioners
    .filter((practitioner) => marketplaceIds.includes(practitioner.marketplaceId))
    .map((practitioner) => practitioner.id);
  if (practitionerIds.length === 0) return;
  const planned = demoScheduleRows(demos, now).appointments;
  await seedAppointments(
    tx,
    planned.filter((appointment) => practitionerIds.includes(appointment.practitionerId)),
    marketplaceIds,
    now,
  );
  // Fixed ids bypass the identity sequences; move them past the seeded ids (and real appointments
  // past every id the seed may use) so later inserts fit.
  for (const [table, floor] of [
    ['practitioners', 0],
    ['practitioner_time_off', 0],
    ['appointments', demoAppointmentIdLimit],
  ] as const) {
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'),
        greatest((select max(id) from ${sql.identifier(table)}), ${floor}, 1))`,
    );
  }
}

/**
 * Keeps demo appointments that already match the plan untouched (so a second run changes nothing),
 * deletes the other demo appointments of these marketplaces, and inserts the missing ones unless a
 * live appointment of the practitioner already holds that time.
 */
async function seedAppointments(
  tx: Transaction,
  planned: DemoAppointment[],
  marketplaceIds: number[],
  now: Date,
): Promise<void> {
  const existing = await tx
    .select()
    .from(appointments)
    .where(
      and(lt(appointments.id, demoAppointmentIdLimit), inArray(appointments.marketplaceId, marketplaceIds)),
    );
  const plannedById = new Map(planned.map((appointment) => [appointment.id, appointment]));
  const unchanged = new Set<number>();
  const stale: number[] = [];
  for (const row of existing) {
    const plan = plannedById.get(row.id);
    if (plan && sameAppointment(row, plan)) unchanged.add(row.id);
    else stale.push(row.id);
  }
  if (stale.length > 0) await tx.delete(appointments).where(inArray(appointments.id, stale));

  const missing = planned.filter((appointment) => !unchanged.has(appointment.id));
  if (missing.length === 0) return;
  const values = sql.join(
    missing.map(
      (a) =>
        sql`(${a.id}::integer, ${a.marketplaceId}::integer, ${a.practitionerId}::integer, ${a.organizationId}::integer,
          ${a.address}::text, ${a.latitude}::double precision, ${a.longitude}::double precision,
          ${a.startsAt.toISOString()}::timestamptz, ${a.endsAt.toISOString()}::timestamptz, ${a.status}::text)`,
    ),
    sql`, `,
  );
  const live = sql.join(
    liveAppointmentStatuses.map((status) => sql`${status}`),
    sql`, `,
  );
  // Demo appointments never overlap each other, so checking against the rows already there suffices.
  await tx.execute(sql`
    insert into appointments (id, marketplace_id, practitioner_id, organization_id, address, latitude, longitude,
                              starts_at, ends_at, status, created_at, updated_at)
    select planned.*, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from (values ${values}) as planned (id, marketplace_id, practitioner_id, organization_id, address, latitude,
                                        longitude, starts_at, ends_at, status)
    where planned.status not in (${live})
       or not exists (
         select 1 from appointments held
         where held.practitioner_id = planned.practitioner_id
           and held.status in (${live})
           and tstzrange(held.starts_at, held.ends_at) && tstzrange(planned.starts_at, planned.ends_at)
       )`);
}

function sameAppointment(row: typeof appointments.$inferSelect, plan: DemoAppointment): boolean {
  return (
    row.marketplaceId === plan.marketplaceId &&
    row.practitionerId === plan.practitionerId &&
    row.organizationId === plan.organizationId &&
    row.address === plan.address &&
    row.latitude === plan.latitude &&
    row.longitude === plan.longitude &&
    row.startsAt.getTime() === plan.startsAt.getTime() &&
    row.endsAt.getTime() === plan.endsAt.getTime() &&
    row.status === plan.status &&
    row.clientUserId === null
  );
}
