// A practitioner's time off (a day, a period): the owner and the front desk for anyone, a
// practitioner member for themselves. Availability offers no time that overlaps it.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../kernel/database/database';
import { NotFoundError } from '../../kernel/errors';
import { practitioners, practitionerTimeOff } from '../../scheduling';
import { type ChangeAccess, type CreateOptions, changeAsStaff, fixedId } from '../changes';
import type { TeamContext } from './team-context';
import { instantOf, loadPractitioner, practitionerTimeZone, type TeamPractitionerView } from './team-read';
import { practitionerName } from './working-hours';

export interface TimeOffInput {
  practitionerId: number;
  /** 'yyyy-MM-ddTHH:mm' in the practitioner's zone. */
  start: string;
  end: string;
  reason: string | null;
}

/** A practitioner's name, when the member may reach them: their own for an 'own' scope; else NOT_FOUND. */
async function reachablePractitioner(tx: Db, marketplaceId: number, access: ChangeAccess, id: number) {
  if (access.scope === 'own' && access.member.practitionerId !== id) {
    throw new NotFoundError(`Practitioner ${id} was not found.`);
  }
  return practitionerName(tx, marketplaceId, id);
}

export function addTimeOff(
  context: TeamContext,
  marketplaceId: number,
  input: TimeOffInput,
  options: CreateOptions = {},
): Promise<TeamPractitionerView> {
  return changeAsStaff(
    context,
    marketplaceId,
    'editTimeOff',
    'practitioner.time-off.add',
    async (tx, access) => {
      const name = await reachablePractitioner(tx, marketplaceId, access, input.practitionerId);
      const zone = await practitionerTimeZone(tx, marketplaceId, input.practitionerId);
      const startsAt = instantOf(input.start, zone);
      const endsAt = instantOf(input.end, zone);
      await tx.insert(practitionerTimeOff).values({
        ...fixedId(options),
        practitionerId: input.practitionerId,
        startsAt,
        endsAt,
        reason: input.reason,
      });
      return {
        subject: `Time off of “${name}”`,
        before: null,
        after: {
          start: startsAt.toISOString(),
          end: endsAt.toISOString(),
          timeZone: zone,
          reason: input.reason,
        },
        result: await loadPractitioner(tx, marketplaceId, input.practitionerId, context.clock()),
      };
    },
  );
}

export function removeTimeOff(
  context: TeamContext,
  marketplaceId: number,
  id: number,
): Promise<TeamPractitionerView> {
  return changeAsStaff(
    context,
    marketplaceId,
    'editTimeOff',
    'practitioner.time-off.remove',
    async (tx, access) => {
      const [row] = await tx
        .select({
          practitionerId: practitionerTimeOff.practitionerId,
          startsAt: practitionerTimeOff.startsAt,
          endsAt: practitionerTimeOff.endsAt,
          reason: practitionerTimeOff.reason,
        })
        .from(practitionerTimeOff)
        .innerJoin(practitioners, eq(practitioners.id, practitionerTimeOff.practitionerId))
        .where(and(eq(practitionerTimeOff.id, id), eq(practitioners.marketplaceId, marketplaceId)));
      if (!row || (access.scope === 'own' && access.member.practitionerId !== row.practitionerId)) {
        throw new NotFoundError(`Time off ${id} was not found.`);
      }
      const name = await practitionerName(tx, marketplaceId, row.practitionerId);
      await tx.delete(practitionerTimeOff).where(eq(practitionerTimeOff.id, id));
      return {
        subject: `Time off of “${name}”`,
        before: { start: row.startsAt.toISOString(), end: row.endsAt.toISOString(), reason: row.reason },
        after: null,
        result: await loadPractitioner(tx, marketplaceId, row.practitionerId, context.clock()),
      };
    },
  );
}
