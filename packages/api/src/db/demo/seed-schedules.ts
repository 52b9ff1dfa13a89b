import { and, inArray, lt, sql } from 'drizzle-orm';
import { appointments } from '../../scheduling';
import { addOutsideVisit, OutsideVisitTakenError, removeOutsideVisit } from '../../staff';
import type { DemoMarketplace } from './demo-marketplace';
import {
  type DemoAppointment,
  demoAppointmentIdLimit,
  demoPractitioners,
  demoScheduleRows,
} from './demo-schedules';
import type { SeedContext } from './seed-context';

/**
 * Writes the demo appointments, placed relative to `now`, as the console's visits booked outside
 * Atrium (the Schedule's own service): the practitioners, their hours and days off are the Team
 * section's (seed-team.ts). Idempotent: the same day gives the same rows. Demo visits (ids below
 * demoAppointmentIdLimit) are moved to the seed day's plan, and one that would overlap a real live
 * booking is left out rather than failing the seed.
 */
export async function seedDemoAppointments(
  context: SeedContext,
  demos: DemoMarketplace[],
  now: Date,
): Promise<void> {
  const marketplaceIds = demos.map((demo) => demo.marketplace.id);
  const practitionerIds = demoPractitioners
    .filter((practitioner) => marketplaceIds.includes(practitioner.marketplaceId))
    .map((practitioner) => practitioner.id);
  if (practitionerIds.length === 0) return;
  const planned = demoScheduleRows(demos, now).appointments;
  await seedVisits(
    context,
    planned.filter((appointment) => practitionerIds.includes(appointment.practitionerId)),
    marketplaceIds,
  );
  // Fixed ids bypass the identity sequences; move them past the seeded ids (and real appointments
  // past every id the seed may use) so later inserts fit.
  for (const [table, floor] of [
    ['practitioners', 0],
    ['practitioner_time_off', 0],
    ['appointments', demoAppointmentIdLimit],
  ] as const) {
    await context.db.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'),
        greatest((select max(id) from ${sql.identifier(table)}), ${floor}, 1))`,
    );
  }
}

/**
 * Keeps demo visits that already match the plan untouched (so a second run changes nothing), removes
 * the other demo appointments of these marketplaces, and adds the missing ones unless a live
 * appointment of the practitioner already holds that time.
 */
async function seedVisits(context: SeedContext, planned: DemoAppointment[], marketplaceIds: number[]) {
  const existing = await context.db
    .select()
    .from(appointments)
    .where(
      and(lt(appointments.id, demoAppointmentIdLimit), inArray(appointments.marketplaceId, marketplaceIds)),
    );
  const plannedById = new Map(planned.map((appointment) => [appointment.id, appointment]));
  const unchanged = new Set<number>();
  for (const row of existing) {
    const plan = plannedById.get(row.id);
    if (plan && sameVisit(row, plan)) unchanged.add(row.id);
    else await removeOutsideVisit(context, row.marketplaceId, row.id);
  }
  for (const visit of planned.filter((appointment) => !unchanged.has(appointment.id))) {
    const place =
      visit.organizationId !== null
        ? { organizationId: visit.organizationId }
        : {
            address: visit.address ?? '',
            location: { latitude: visit.latitude ?? 0, longitude: visit.longitude ?? 0 },
          };
    const input = { practitionerId: visit.practitionerId, place, ...visitTime(visit), note: visit.note };
    try {
      await addOutsideVisit(context, visit.marketplaceId, input, { id: visit.id });
    } catch (error) {
      // A real booking holds that time now: it wins, and the demo does without this visit.
      if (!(error instanceof OutsideVisitTakenError)) throw error;
    }
  }
}

const visitTime = ({ date, start, end }: DemoAppointment) => ({ date, start, end });

function sameVisit(row: typeof appointments.$inferSelect, plan: DemoAppointment): boolean {
  return (
    row.marketplaceId === plan.marketplaceId &&
    row.practitionerId === plan.practitionerId &&
    row.organizationId === plan.organizationId &&
    row.address === plan.address &&
    row.latitude === plan.latitude &&
    row.longitude === plan.longitude &&
    row.startsAt.getTime() === plan.startsAt.getTime() &&
    row.endsAt.getTime() === plan.endsAt.getTime() &&
    row.status === 'BOOKED' &&
    row.outsideNote === plan.note &&
    row.clientUserId === null
  );
}
