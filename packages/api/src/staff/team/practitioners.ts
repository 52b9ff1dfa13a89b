// A marketplace's practitioners as the owner keeps them: added, changed (name, photo, services),
// removed (archived when their name must stay on appointments) and restored.
import { and, eq, inArray } from 'drizzle-orm';
import { procedures } from '../../catalogue';
import type { Db } from '../../kernel/database/database';
import { NotFoundError } from '../../kernel/errors';
import { appointments, practitionerProcedures, practitioners } from '../../scheduling';
import { type CreateOptions, changeAsStaff, fixedId } from '../changes';
import { staffMembers } from '../tables';
import type { TeamContext } from './team-context';
import { loadPractitioner, type TeamPractitionerView } from './team-read';

export interface PractitionerInput {
  id: number | null;
  name: string;
  photoUrl: string | null;
  procedureIds: number[];
}

/** What the activity log keeps of a practitioner. */
async function practitionerRecord(tx: Db, marketplaceId: number, id: number) {
  const [row] = await tx
    .select()
    .from(practitioners)
    .where(and(eq(practitioners.id, id), eq(practitioners.marketplaceId, marketplaceId)))
    .for('update');
  if (!row) throw new NotFoundError(`Practitioner ${id} was not found.`);
  const performed = await tx
    .select({ id: practitionerProcedures.procedureId })
    .from(practitionerProcedures)
    .where(eq(practitionerProcedures.practitionerId, id))
    .orderBy(practitionerProcedures.procedureId);
  return {
    name: row.name,
    photoUrl: row.photoUrl,
    active: row.active,
    procedureIds: performed.map((p) => p.id),
  };
}

/** NOT_FOUND for a procedure id that is not the marketplace's. */
async function requireProcedures(tx: Db, marketplaceId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: procedures.id })
    .from(procedures)
    .where(and(inArray(procedures.id, ids), eq(procedures.marketplaceId, marketplaceId)));
  const missing = ids.find((id) => !found.some((row) => row.id === id));
  if (missing !== undefined) throw new NotFoundError(`Service ${missing} was not found.`);
}

/** Adds a practitioner (input.id null) or changes one; the services they perform are replaced. */
export function savePractitioner(
  context: TeamContext,
  marketplaceId: number,
  input: PractitionerInput,
  options: CreateOptions = {},
): Promise<TeamPractitionerView> {
  const action = input.id === null ? 'practitioner.create' : 'practitioner.update';
  return changeAsStaff(context, marketplaceId, 'editPractitioners', action, async (tx) => {
    const procedureIds = [...new Set(input.procedureIds)].sort((a, b) => a - b);
    await requireProcedures(tx, marketplaceId, procedureIds);
    const before = input.id === null ? null : await practitionerRecord(tx, marketplaceId, input.id);
    let id = input.id;
    if (id === null) {
      const [row] = await tx
        .insert(practitioners)
        .values({ ...fixedId(options), marketplaceId, name: input.name, photoUrl: input.photoUrl })
        .returning({ id: practitioners.id });
      if (!row) throw new Error('The practitioner was not added.');
      id = row.id;
    } else {
      await tx
        .update(practitioners)
        .set({ name: input.name, photoUrl: input.photoUrl })
        .where(eq(practitioners.id, id));
      await tx.delete(practitionerProcedures).where(eq(practitionerProcedures.practitionerId, id));
    }
    if (procedureIds.length > 0) {
      await tx
        .insert(practitionerProcedures)
        .values(procedureIds.map((procedureId) => ({ marketplaceId, practitionerId: id, procedureId })));
    }
    return {
      subject: `Practitioner “${input.name}”`,
      before,
      after: { name: input.name, photoUrl: input.photoUrl, active: before?.active ?? true, procedureIds },
      result: await loadPractitioner(tx, marketplaceId, id, context.clock()),
    };
  });
}

/**
 * Removes a practitioner: deleted with their hours, services and time off when nothing refers to
 * them; archived (inactive, so availability no longer offers them) when an appointment or a staff
 * member does, so past appointments keep their name.
 */
export function removePractitioner(
  context: TeamContext,
  marketplaceId: number,
  id: number,
): Promise<{ outcome: 'ARCHIVED' | 'DELETED' }> {
  return changeAsStaff(context, marketplaceId, 'editPractitioners', 'practitioner.remove', async (tx) => {
    const before = await practitionerRecord(tx, marketplaceId, id);
    const [booked] = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.practitionerId, id))
      .limit(1);
    const [member] = await tx
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(eq(staffMembers.practitionerId, id))
      .limit(1);
    const referred = booked !== undefined || member !== undefined;
    if (referred) {
      await tx.update(practitioners).set({ active: false }).where(eq(practitioners.id, id));
    } else {
      await tx.delete(practitioners).where(eq(practitioners.id, id));
    }
    return {
      subject: `Practitioner “${before.name}”`,
      before,
      after: referred ? { ...before, active: false } : null,
      result: { outcome: referred ? 'ARCHIVED' : 'DELETED' },
    };
  });
}

/** Offers an archived practitioner to clients again. */
export function restorePractitioner(
  context: TeamContext,
  marketplaceId: number,
  id: number,
): Promise<TeamPractitionerView> {
  return changeAsStaff(context, marketplaceId, 'editPractitioners', 'practitioner.restore', async (tx) => {
    const before = await practitionerRecord(tx, marketplaceId, id);
    await tx.update(practitioners).set({ active: true }).where(eq(practitioners.id, id));
    return {
      subject: `Practitioner “${before.name}”`,
      before: { active: before.active },
      after: { active: true },
      result: await loadPractitioner(tx, marketplaceId, id, context.clock()),
    };
  });
}
