// The demo practitioners, their services, weekly hours and days off, through the Team section's
// services: created with their fixed ids when missing, else changed where they differ from the demo's.
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { eq } from 'drizzle-orm';
import {
  practitionerProcedures,
  practitioners,
  practitionerTimeOff,
  practitionerWorkingHours,
} from '../../scheduling';
import {
  addTimeOff,
  practitionerTimeZone,
  removeTimeOff,
  restorePractitioner,
  savePractitioner,
  setWorkingHours,
} from '../../staff';
import { type DemoPractitioner, type DemoScheduleRows, demoPractitioners } from './demo-schedules';
import { type SeedContext, sameValues, sortedIds } from './seed-context';

type TimeOffRow = DemoScheduleRows['timeOff'][number];

/** The marketplace's demo practitioners with their hours, then their days off. */
export async function seedTeam(context: SeedContext, marketplaceId: number, rows: DemoScheduleRows) {
  const ours = demoPractitioners.filter((practitioner) => practitioner.marketplaceId === marketplaceId);
  for (const practitioner of ours) {
    await seedPractitioner(context, practitioner);
    await seedHours(context, practitioner);
  }
  const ids = ours.map((practitioner) => practitioner.id);
  for (const off of rows.timeOff.filter((row) => ids.includes(row.practitionerId))) {
    await seedTimeOff(context, marketplaceId, off);
  }
}

async function seedPractitioner(context: SeedContext, practitioner: DemoPractitioner) {
  const { id, marketplaceId, name } = practitioner;
  const input = { name, photoUrl: null, procedureIds: sortedIds([...new Set(practitioner.procedureIds)]) };
  const [row] = await context.db.select().from(practitioners).where(eq(practitioners.id, id));
  if (!row) {
    await savePractitioner(context, marketplaceId, { id: null, ...input }, { id });
    return;
  }
  const performed = await context.db
    .select({ id: practitionerProcedures.procedureId })
    .from(practitionerProcedures)
    .where(eq(practitionerProcedures.practitionerId, id));
  const stored = {
    name: row.name,
    photoUrl: row.photoUrl,
    procedureIds: sortedIds(performed.map((p) => p.id)),
  };
  if (!sameValues(stored, input)) await savePractitioner(context, marketplaceId, { id, ...input });
  if (!row.active) await restorePractitioner(context, marketplaceId, id);
}

/** Each location's weekly hours become the demo's; hours at a location the demo does not name are cleared. */
async function seedHours(context: SeedContext, practitioner: DemoPractitioner) {
  const wanted = new Map<number | null, { weekday: number; start: number; end: number }[]>();
  for (const window of practitioner.hours) {
    const clinicId = window.location === 'home' ? null : window.location;
    const intervals = wanted.get(clinicId) ?? [];
    for (const weekday of window.weekdays) {
      intervals.push({ weekday, start: minutesOf(window.from), end: minutesOf(window.to) });
    }
    wanted.set(clinicId, intervals);
  }
  const stored = await context.db
    .select()
    .from(practitionerWorkingHours)
    .where(eq(practitionerWorkingHours.practitionerId, practitioner.id));
  const locations = new Set([...wanted.keys(), ...stored.map((row) => row.organizationId)]);
  for (const clinicId of locations) {
    const intervals = sortIntervals(wanted.get(clinicId) ?? []);
    const held = stored
      .filter((row) => row.organizationId === clinicId)
      .map((row) => ({ weekday: row.weekday, start: row.startMinute, end: row.endMinute }));
    if (sameValues(sortIntervals(held), intervals)) continue;
    await setWorkingHours(context, practitioner.marketplaceId, {
      practitionerId: practitioner.id,
      clinicId,
      intervals,
    });
  }
}

const sortIntervals = (intervals: { weekday: number; start: number; end: number }[]) =>
  [...intervals].sort((a, b) => a.weekday - b.weekday || a.start - b.start);

const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/** A demo day off at its fixed id: kept when it is already the seed day's, else placed anew. */
async function seedTimeOff(context: SeedContext, marketplaceId: number, off: TimeOffRow) {
  const [row] = await context.db.select().from(practitionerTimeOff).where(eq(practitionerTimeOff.id, off.id));
  // As instants: the demo's are TZDates, whose ISO text carries their zone's offset.
  const instants = (value: {
    practitionerId: number;
    startsAt: Date;
    endsAt: Date;
    reason: string | null;
  }) => ({
    practitionerId: value.practitionerId,
    startsAt: value.startsAt.getTime(),
    endsAt: value.endsAt.getTime(),
    reason: value.reason,
  });
  const id = off.id;
  if (row && sameValues(instants(row), instants(off))) return;
  if (row) await removeTimeOff(context, marketplaceId, id);
  const zone = await practitionerTimeZone(context.db, marketplaceId, off.practitionerId);
  const local = (instant: Date) => format(new TZDate(instant, zone), "yyyy-MM-dd'T'HH:mm");
  const input = {
    practitionerId: off.practitionerId,
    start: local(off.startsAt),
    end: local(off.endsAt),
    reason: off.reason,
  };
  await addTimeOff(context, marketplaceId, input, { id });
}
