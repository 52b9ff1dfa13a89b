// The catalogue as the owner edits it: everything, archived included, with what may still be deleted.
import { asc, eq, sql } from 'drizzle-orm';
import { clinics, procedureAddOns, procedureClinics, procedureGroups, procedures } from '../../catalogue';
import type { Db } from '../../kernel/database/database';
import { NotFoundError } from '../../kernel/errors';
import { marketplaces } from '../../kernel/tables';
import { requireStaff, type StaffContext } from '../access';

export interface StaffCatalogueLinkView {
  id: string;
  name: string;
  recommended: boolean;
}

export interface StaffCatalogueItemView {
  id: string;
  name: string;
  tagline: string | null;
  description: string | null;
  thumbnail: string | null;
  ingredients: string[];
  prices: number[];
  durations: number[];
  tags: string[];
  isAddOn: boolean;
  categoryId: string | null;
  offeredAtHome: boolean;
  clinicIds: string[];
  archivedAt: string | null;
  canDelete: boolean;
  addOns: StaffCatalogueLinkView[];
  services: StaffCatalogueLinkView[];
}

export interface StaffCatalogueCategoryView {
  id: string;
  name: string;
  description: string | null;
  thumbnail: string | null;
  banner: string | null;
  archivedAt: string | null;
  canDelete: boolean;
  services: StaffCatalogueItemView[];
}

export interface StaffCatalogueView {
  categories: StaffCatalogueCategoryView[];
  addOns: StaffCatalogueItemView[];
  clinics: { id: string; name: string }[];
  providesAtHome: boolean;
}

/** The owner's catalogue. UNAUTHENTICATED, FORBIDDEN (not the owner), NOT_FOUND (no such marketplace). */
export async function staffCatalogue(
  context: StaffContext,
  marketplaceId: number,
): Promise<StaffCatalogueView> {
  await requireStaff(context, marketplaceId, 'editCatalogue');
  return readCatalogue(context.db, marketplaceId);
}

// A category stays deletable while nothing names it: no service, package or membership discount.
// The outer row is named in full: a bare column here would be read as the subquery's own.
const categoryUnused = sql<boolean>`not exists (select 1 from procedures p where p.procedure_group_id = procedure_groups.id)
  and not exists (select 1 from package_item_definitions d where procedure_groups.id = any (d.procedure_group_ids))
  and not exists (select 1 from membership_discounts m where procedure_groups.id = any (m.procedure_group_ids))`;

// A procedure stays deletable while no request (so no appointment) and no promo code names it.
const procedureUnused = sql<boolean>`not exists (select 1 from appointment_request_procedures r where r.procedure_id = procedures.id)
  and not exists (select 1 from promo_codes c where procedures.id = any (c.procedure_ids))`;

/** The whole catalogue of a marketplace, in menu order; NOT_FOUND for an unknown marketplace. */
export async function readCatalogue(db: Db, marketplaceId: number): Promise<StaffCatalogueView> {
  const [marketplace] = await db
    .select({ providesAtHome: marketplaces.providesAtHome })
    .from(marketplaces)
    .where(eq(marketplaces.id, marketplaceId));
  if (!marketplace) throw new NotFoundError(`Marketplace ${marketplaceId} was not found.`);
  const groupRows = await db
    .select({ group: procedureGroups, canDelete: categoryUnused })
    .from(procedureGroups)
    .where(eq(procedureGroups.marketplaceId, marketplaceId))
    .orderBy(asc(procedureGroups.position), asc(procedureGroups.id));
  const procedureRows = await db
    .select({ procedure: procedures, canDelete: procedureUnused })
    .from(procedures)
    .where(eq(procedures.marketplaceId, marketplaceId))
    .orderBy(asc(procedures.position), asc(procedures.id));
  const links = await db
    .select()
    .from(procedureAddOns)
    .where(eq(procedureAddOns.marketplaceId, marketplaceId))
    .orderBy(asc(procedureAddOns.position), asc(procedureAddOns.addOnId));
  const offeredAt = await db
    .select()
    .from(procedureClinics)
    .where(eq(procedureClinics.marketplaceId, marketplaceId));
  const clinicRows = await db
    .select({ id: clinics.id, name: clinics.name })
    .from(clinics)
    .where(eq(clinics.marketplaceId, marketplaceId))
    .orderBy(asc(clinics.position), asc(clinics.id));

  const nameOf = new Map(procedureRows.map(({ procedure }) => [procedure.id, procedure.name]));
  const link = (id: number, recommended: boolean): StaffCatalogueLinkView => ({
    id: String(id),
    name: nameOf.get(id) ?? '',
    recommended,
  });
  const items = procedureRows.map(
    ({ procedure, canDelete }): StaffCatalogueItemView => ({
      id: String(procedure.id),
      name: procedure.name,
      tagline: procedure.tagline,
      description: procedure.description,
      thumbnail: procedure.thumbnail,
      ingredients: procedure.ingredients,
      prices: procedure.prices,
      durations: procedure.durations,
      tags: procedure.tags,
      isAddOn: procedure.isAddOn,
      categoryId: procedure.procedureGroupId === null ? null : String(procedure.procedureGroupId),
      offeredAtHome: procedure.offeredAtHome,
      clinicIds: offeredAt
        .filter((row) => row.procedureId === procedure.id)
        .map((row) => String(row.clinicId)),
      archivedAt: procedure.archivedAt?.toISOString() ?? null,
      canDelete: Boolean(canDelete),
      addOns: links
        .filter((row) => row.procedureId === procedure.id)
        .map((row) => link(row.addOnId, row.featured)),
      // In the services' own order: an add-on's place differs on each service's list.
      services: procedureRows
        .flatMap(({ procedure: other }) =>
          links.filter((row) => row.addOnId === procedure.id && row.procedureId === other.id),
        )
        .map((row) => link(row.procedureId, row.featured)),
    }),
  );
  return {
    categories: groupRows.map(({ group, canDelete }) => ({
      id: String(group.id),
      name: group.name,
      description: group.description,
      thumbnail: group.thumbnail,
      banner: group.banner,
      archivedAt: group.archivedAt?.toISOString() ?? null,
      canDelete: Boolean(canDelete),
      services: items.filter((item) => !item.isAddOn && item.categoryId === String(group.id)),
    })),
    addOns: items.filter((item) => item.isAddOn),
    clinics: clinicRows.map((clinic) => ({ id: String(clinic.id), name: clinic.name })),
    providesAtHome: marketplace.providesAtHome,
  };
}
