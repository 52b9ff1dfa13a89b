import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../adapters/database/database';
import { procedureAddOns, procedureClinics, procedureGroups, procedures } from '../db/schema';

/** Where procedures must be offered to be listed. */
export type Offering =
  | { kind: 'anywhere' }
  | { kind: 'clinic'; clinicId: number }
  /** At the client's home, the address already known to be inside the service area. */
  | { kind: 'home' }
  /** An address outside the service area: nothing can be booked. */
  | { kind: 'nowhere' };

export interface ProcedureView {
  id: string;
  name: string;
  tagline: string | null;
  description: string | null;
  thumbnail: string | null;
  ingredients: string[];
  price: number[];
  duration: number[];
  tags: string[];
  /** Featured add-ons first, then the others. Empty for add-ons themselves. */
  addOns: ProcedureView[];
  addOnsFeatured: ProcedureView[];
  addOnsOther: ProcedureView[];
}

export interface ProcedureGroupView {
  id: string;
  name: string;
  description: string | null;
  thumbnail: string | null;
  banner: string | null;
  procedures: ProcedureView[];
}

export interface CatalogView {
  categories: ProcedureGroupView[];
  /** Bookable procedures (not add-ons), in category order. */
  procedures: ProcedureView[];
}

type ProcedureRow = typeof procedures.$inferSelect;

/**
 * A marketplace's catalogue as offered at one place: categories with their procedures, and each
 * procedure's add-ons split into featured and other. A fixed handful of queries whatever the size.
 */
export async function loadCatalog(db: Db, marketplaceId: number, offering: Offering): Promise<CatalogView> {
  if (offering.kind === 'nowhere') return { categories: [], procedures: [] };

  const [groupRows, procedureRows, addOnRows, clinicRows] = await Promise.all([
    db
      .select()
      .from(procedureGroups)
      .where(eq(procedureGroups.marketplaceId, marketplaceId))
      .orderBy(asc(procedureGroups.position), asc(procedureGroups.id)),
    db
      .select()
      .from(procedures)
      .where(eq(procedures.marketplaceId, marketplaceId))
      .orderBy(asc(procedures.position), asc(procedures.id)),
    db
      .select()
      .from(procedureAddOns)
      .where(eq(procedureAddOns.marketplaceId, marketplaceId))
      .orderBy(asc(procedureAddOns.position), asc(procedureAddOns.addOnId)),
    offering.kind === 'clinic'
      ? db
          .select({ procedureId: procedureClinics.procedureId })
          .from(procedureClinics)
          .where(
            and(
              eq(procedureClinics.marketplaceId, marketplaceId),
              eq(procedureClinics.clinicId, offering.clinicId),
            ),
          )
      : Promise.resolve([]),
  ]);

  const offeredAtClinic = new Set(clinicRows.map((row) => row.procedureId));
  const isOffered = (procedure: ProcedureRow): boolean => {
    switch (offering.kind) {
      case 'anywhere':
        return true;
      case 'clinic':
        return offeredAtClinic.has(procedure.id);
      case 'home':
        return procedure.offeredAtHome;
    }
  };

  const procedureById = new Map(procedureRows.map((row) => [row.id, row]));
  const addOnsByProcedure = new Map<number, { featured: ProcedureView[]; other: ProcedureView[] }>();
  for (const link of addOnRows) {
    const addOn = procedureById.get(link.addOnId);
    if (!addOn || !isOffered(addOn)) continue;
    let lists = addOnsByProcedure.get(link.procedureId);
    if (!lists) {
      lists = { featured: [], other: [] };
      addOnsByProcedure.set(link.procedureId, lists);
    }
    (link.featured ? lists.featured : lists.other).push(toView(addOn, { featured: [], other: [] }));
  }

  const proceduresByGroup = new Map<number, ProcedureView[]>();
  for (const row of procedureRows) {
    if (row.isAddOn || row.procedureGroupId === null || !isOffered(row)) continue;
    const view = toView(row, addOnsByProcedure.get(row.id) ?? { featured: [], other: [] });
    const list = proceduresByGroup.get(row.procedureGroupId);
    if (list) list.push(view);
    else proceduresByGroup.set(row.procedureGroupId, [view]);
  }

  const categories = groupRows
    .map(
      (group): ProcedureGroupView => ({
        id: String(group.id),
        name: group.name,
        description: group.description,
        thumbnail: group.thumbnail,
        banner: group.banner,
        procedures: proceduresByGroup.get(group.id) ?? [],
      }),
    )
    // Unfiltered, the whole catalogue shows; at a location, a category with nothing offered would be empty noise.
    .filter((category) => offering.kind === 'anywhere' || category.procedures.length > 0);

  return { categories, procedures: categories.flatMap((category) => category.procedures) };
}

function toView(
  row: ProcedureRow,
  addOns: { featured: ProcedureView[]; other: ProcedureView[] },
): ProcedureView {
  return {
    id: String(row.id),
    name: row.name,
    tagline: row.tagline,
    description: row.description,
    thumbnail: row.thumbnail,
    ingredients: row.ingredients,
    price: row.prices,
    duration: row.durations,
    tags: row.tags,
    addOns: [...addOns.featured, ...addOns.other],
    addOnsFeatured: addOns.featured,
    addOnsOther: addOns.other,
  };
}
