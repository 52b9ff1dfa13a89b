import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { procedureAddOns, procedureGroups, procedures } from './tables';

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

type ProcedureRow = Pick<
  typeof procedures.$inferSelect,
  | 'id'
  | 'procedureGroupId'
  | 'name'
  | 'tagline'
  | 'description'
  | 'thumbnail'
  | 'ingredients'
  | 'prices'
  | 'durations'
  | 'tags'
  | 'isAddOn'
  | 'offeredAtHome'
>;
type GroupRow = Pick<
  typeof procedureGroups.$inferSelect,
  'id' | 'name' | 'description' | 'thumbnail' | 'banner'
>;
type AddOnRow = Pick<typeof procedureAddOns.$inferSelect, 'procedureId' | 'addOnId' | 'featured'>;

/** What `catalogView` needs of a marketplace's catalogue, as `catalogColumns` reads it. */
export interface CatalogRows {
  groupRows: GroupRow[];
  procedureRows: ProcedureRow[];
  addOnRows: AddOnRow[];
  /** Procedures offered at the asked clinic (empty unless one was asked). */
  clinicProcedureIds: number[];
}

/** A subquery's `json_agg` as a column: its rows, or an empty list when it finds none. */
export const jsonList = <Row>(select: SQL) => sql<Row[]>`coalesce((${select}), '[]'::json)`;

/**
 * Columns to select beside a marketplace row (`marketplaceId` is its id column): its catalogue as
 * JSON lists in display order, so the whole marketplace is read in one statement. Archived categories
 * and procedures are left out: they are off the menu, though past appointments still name them.
 */
export function catalogColumns(marketplaceId: SQLWrapper, clinicId: number | null) {
  return {
    groupRows: jsonList<GroupRow>(sql`select json_agg(json_build_object(
        'id', g.id, 'name', g.name, 'description', g.description, 'thumbnail', g.thumbnail, 'banner', g.banner
      ) order by g.position, g.id) from procedure_groups g
      where g.marketplace_id = ${marketplaceId} and g.archived_at is null`),
    procedureRows: jsonList<ProcedureRow>(sql`select json_agg(json_build_object(
        'id', p.id, 'procedureGroupId', p.procedure_group_id, 'name', p.name, 'tagline', p.tagline,
        'description', p.description, 'thumbnail', p.thumbnail, 'ingredients', p.ingredients,
        'prices', p.prices, 'durations', p.durations, 'tags', p.tags, 'isAddOn', p.is_add_on,
        'offeredAtHome', p.offered_at_home
      ) order by p.position, p.id) from procedures p
      where p.marketplace_id = ${marketplaceId} and p.archived_at is null`),
    addOnRows: jsonList<AddOnRow>(sql`select json_agg(json_build_object(
        'procedureId', a.procedure_id, 'addOnId', a.add_on_id, 'featured', a.featured
      ) order by a.position, a.add_on_id) from procedure_add_ons a where a.marketplace_id = ${marketplaceId}`),
    clinicProcedureIds: jsonList<number>(sql`select json_agg(pc.procedure_id) from procedure_clinics pc
      where pc.marketplace_id = ${marketplaceId} and pc.clinic_id = ${clinicId ?? 0}`),
  };
}

/**
 * A marketplace's catalogue as offered at one place: categories with their procedures, and each
 * procedure's add-ons split into featured and other.
 */
export function catalogView(
  { groupRows, procedureRows, addOnRows, clinicProcedureIds }: CatalogRows,
  offering: Offering,
): CatalogView {
  if (offering.kind === 'nowhere') return { categories: [], procedures: [] };

  const offeredAtClinic = new Set(clinicProcedureIds);
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
