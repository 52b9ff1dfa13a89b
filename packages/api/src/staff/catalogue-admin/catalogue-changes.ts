// Categories, services and add-ons as the owner changes them, each change through changeAsStaff (the
// guard, the activity log with the changed fields before and after, the menu's revision).
import { and, eq, inArray, max, notInArray, sql } from 'drizzle-orm';
import { clinics, procedureAddOns, procedureClinics, procedureGroups, procedures } from '../../catalogue';
import type { Db } from '../../kernel/database/database';
import { InvalidInputError, NotFoundError } from '../../kernel/errors';
import type { StaffContext } from '../access';
import { type CreateOptions, changeAsStaff, fixedId } from '../changes';
import {
  readCatalogue,
  type StaffCatalogueCategoryView,
  type StaffCatalogueItemView,
  type StaffCatalogueView,
} from './catalogue-view';

/** A refused value, with the input field it is about (`offeredAtHome`), for the form to show beside it. */
export class CatalogueInputError extends InvalidInputError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Deleting what a client booked or an offer names: it can only be archived. */
export class CatalogueInUseError extends Error {
  override readonly name = 'CatalogueInUseError';
}

export const catalogueMessages = {
  noHomeVisits: 'This marketplace offers no visits at home: turn them on in Settings first.',
  categoryInUse: 'This category holds services or is named by a package or membership: archive it instead.',
  procedureInUse: 'Clients have booked this (or a promo code names it): archive it instead.',
} as const;

export interface CategoryInput {
  name: string;
  description: string | null;
  thumbnail: string | null;
  banner: string | null;
}

interface OfferInput {
  name: string;
  tagline: string | null;
  description: string | null;
  thumbnail: string | null;
  ingredients: string[];
  tags: string[];
  prices: number[];
  durations: number[];
  offeredAtHome: boolean;
  clinicIds: number[];
}

export interface CatalogueLink {
  id: number;
  recommended: boolean;
}

export interface ServiceInput extends OfferInput {
  categoryId: number;
  addOns: CatalogueLink[];
}

export interface AddOnInput extends OfferInput {
  services: CatalogueLink[];
}

type Kind = 'category' | 'service' | 'addOn';
const label: Record<Kind, string> = { category: 'Category', service: 'Service', addOn: 'Add-on' };
const subject = (kind: Kind, name: string) => `${label[kind]} “${name}”`;
const notFound = (kind: Kind, id: number) => new NotFoundError(`${label[kind]} ${id} was not found.`);

/** Only the fields whose values differ, before and after: what the activity log keeps. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

const categoryFields = ({ name, description, thumbnail, banner }: StaffCatalogueCategoryView) => ({
  name,
  description,
  thumbnail,
  banner,
});

const itemFields = (item: StaffCatalogueItemView) => ({
  name: item.name,
  tagline: item.tagline,
  description: item.description,
  thumbnail: item.thumbnail,
  ingredients: item.ingredients,
  tags: item.tags,
  prices: item.prices,
  durations: item.durations,
  offeredAtHome: item.offeredAtHome,
  clinicIds: item.clinicIds,
  ...(item.isAddOn
    ? { services: item.services.map(({ id, recommended }) => ({ id, recommended })) }
    : {
        categoryId: item.categoryId,
        addOns: item.addOns.map(({ id, recommended }) => ({ id, recommended })),
      }),
});

export function findCategory(
  catalogue: StaffCatalogueView,
  id: number,
): StaffCatalogueCategoryView | undefined {
  return catalogue.categories.find((category) => category.id === String(id));
}

export function findItem(catalogue: StaffCatalogueView, id: number, kind: 'service' | 'addOn') {
  const items = kind === 'addOn' ? catalogue.addOns : catalogue.categories.flatMap((group) => group.services);
  return items.find((item) => item.id === String(id));
}

function mustFindItem(catalogue: StaffCatalogueView, id: number, kind: 'service' | 'addOn') {
  const item = findItem(catalogue, id, kind);
  if (!item) throw notFound(kind, id);
  return item;
}

/** Adds a category at the end of the menu. */
export function createCategory(
  context: StaffContext,
  marketplaceId: number,
  input: CategoryInput,
  options: CreateOptions = {},
) {
  return changeAsStaff(context, marketplaceId, 'editCatalogue', 'category.create', async (tx) => {
    const [last] = await tx
      .select({ position: max(procedureGroups.position) })
      .from(procedureGroups)
      .where(eq(procedureGroups.marketplaceId, marketplaceId));
    const [row] = await tx
      .insert(procedureGroups)
      .values({ ...fixedId(options), marketplaceId, ...input, position: (last?.position ?? -1) + 1 })
      .returning({ id: procedureGroups.id });
    const created = findCategory(await readCatalogue(tx, marketplaceId), row?.id ?? 0);
    if (!created) throw notFound('category', row?.id ?? 0);
    return {
      subject: subject('category', input.name),
      before: null,
      after: categoryFields(created),
      result: created,
    };
  });
}

export function updateCategory(
  context: StaffContext,
  marketplaceId: number,
  id: number,
  input: CategoryInput,
) {
  return changeAsStaff(context, marketplaceId, 'editCatalogue', 'category.update', async (tx) => {
    const old = findCategory(await readCatalogue(tx, marketplaceId), id);
    if (!old) throw notFound('category', id);
    await tx.update(procedureGroups).set(input).where(eq(procedureGroups.id, id));
    const updated = findCategory(await readCatalogue(tx, marketplaceId), id) as StaffCatalogueCategoryView;
    return {
      subject: subject('category', updated.name),
      ...changedFields(categoryFields(old), categoryFields(updated)),
      result: updated,
    };
  });
}

/** NOT_FOUND unless `found` finds every id (among the marketplace's rows of that kind). */
async function requireRows(
  kind: 'clinic' | 'category' | 'service' | 'addOn',
  ids: number[],
  found: (ids: number[]) => Promise<{ id: number }[]>,
) {
  if (ids.length === 0) return;
  const known = new Set((await found(ids)).map((row) => row.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing === undefined) return;
  const names = { clinic: 'Clinic', category: 'Category', service: 'Service', addOn: 'Add-on' } as const;
  throw new NotFoundError(`${names[kind]} ${missing} was not found.`);
}

/** Checks the clinics, the category and the linked procedures are this marketplace's, and at home is offered. */
async function checkReferences(
  tx: Db,
  marketplaceId: number,
  input: OfferInput & { categoryId?: number; links: number[]; linksAre: 'service' | 'addOn' },
) {
  await requireRows('clinic', input.clinicIds, (ids) =>
    tx
      .select({ id: clinics.id })
      .from(clinics)
      .where(and(eq(clinics.marketplaceId, marketplaceId), inArray(clinics.id, ids))),
  );
  if (input.categoryId !== undefined) {
    await requireRows('category', [input.categoryId], (ids) =>
      tx
        .select({ id: procedureGroups.id })
        .from(procedureGroups)
        .where(and(eq(procedureGroups.marketplaceId, marketplaceId), inArray(procedureGroups.id, ids))),
    );
  }
  await requireRows(input.linksAre, input.links, (ids) =>
    tx
      .select({ id: procedures.id })
      .from(procedures)
      .where(
        and(
          eq(procedures.marketplaceId, marketplaceId),
          eq(procedures.isAddOn, input.linksAre === 'addOn'),
          inArray(procedures.id, ids),
        ),
      ),
  );
  if (input.offeredAtHome) {
    const catalogue = await readCatalogue(tx, marketplaceId);
    if (!catalogue.providesAtHome)
      throw new CatalogueInputError('offeredAtHome', catalogueMessages.noHomeVisits);
  }
}

const procedureValues = (input: OfferInput) => ({
  name: input.name,
  tagline: input.tagline,
  description: input.description,
  thumbnail: input.thumbnail,
  ingredients: input.ingredients,
  tags: input.tags,
  prices: input.prices,
  durations: input.durations,
  offeredAtHome: input.offeredAtHome,
});

async function writeClinics(tx: Db, marketplaceId: number, procedureId: number, clinicIds: number[]) {
  await tx.delete(procedureClinics).where(eq(procedureClinics.procedureId, procedureId));
  if (clinicIds.length > 0) {
    await tx
      .insert(procedureClinics)
      .values(clinicIds.map((clinicId) => ({ marketplaceId, procedureId, clinicId })));
  }
}

/** A service's add-ons become exactly these, in this order. */
async function writeServiceAddOns(tx: Db, marketplaceId: number, serviceId: number, links: CatalogueLink[]) {
  await tx.delete(procedureAddOns).where(eq(procedureAddOns.procedureId, serviceId));
  if (links.length > 0) {
    await tx.insert(procedureAddOns).values(
      links.map((link, position) => ({
        marketplaceId,
        procedureId: serviceId,
        addOnId: link.id,
        featured: link.recommended,
        position,
      })),
    );
  }
}

/** An add-on goes with exactly these services: kept ones keep their place, new ones come last. */
async function writeAddOnServices(tx: Db, marketplaceId: number, addOnId: number, links: CatalogueLink[]) {
  const wanted = links.map((link) => link.id);
  await tx
    .delete(procedureAddOns)
    .where(
      and(
        eq(procedureAddOns.addOnId, addOnId),
        wanted.length > 0 ? notInArray(procedureAddOns.procedureId, wanted) : undefined,
      ),
    );
  for (const link of links) {
    await tx
      .insert(procedureAddOns)
      .values({
        marketplaceId,
        procedureId: link.id,
        addOnId,
        featured: link.recommended,
        position: sql`(select coalesce(max(a.position), -1) + 1 from procedure_add_ons a where a.procedure_id = ${link.id})`,
      })
      .onConflictDoUpdate({
        target: [procedureAddOns.procedureId, procedureAddOns.addOnId],
        set: { featured: link.recommended },
      });
  }
}

/** The next place at the end of a category, or of the add-ons. */
async function nextPosition(tx: Db, marketplaceId: number, categoryId: number | null) {
  const [last] = await tx
    .select({ position: max(procedures.position) })
    .from(procedures)
    .where(
      and(
        eq(procedures.marketplaceId, marketplaceId),
        categoryId === null ? eq(procedures.isAddOn, true) : eq(procedures.procedureGroupId, categoryId),
      ),
    );
  return (last?.position ?? -1) + 1;
}

/** Adds a service at the end of its category. */
export function createService(
  context: StaffContext,
  marketplaceId: number,
  input: ServiceInput,
  options: CreateOptions = {},
) {
  return changeAsStaff(context, marketplaceId, 'editCatalogue', 'service.create', async (tx) => {
    await checkReferences(tx, marketplaceId, {
      ...input,
      links: input.addOns.map((l) => l.id),
      linksAre: 'addOn',
    });
    const [row] = await tx
      .insert(procedures)
      .values({
        ...fixedId(options),
        marketplaceId,
        ...procedureValues(input),
        procedureGroupId: input.categoryId,
        isAddOn: false,
        position: await nextPosition(tx, marketplaceId, input.categoryId),
      })
      .returning({ id: procedures.id });
    const id = row?.id ?? 0;
    await writeClinics(tx, marketplaceId, id, input.clinicIds);
    await writeServiceAddOns(tx, marketplaceId, id, input.addOns);
    const created = mustFindItem(await readCatalogue(tx, marketplaceId), id, 'service');
    return {
      subject: subject('service', input.name),
      before: null,
      after: itemFields(created),
      result: created,
    };
  });
}

export function updateService(context: StaffContext, marketplaceId: number, id: number, input: ServiceInput) {
  return changeAsStaff(context, marketplaceId, 'editCatalogue', 'service.update', async (tx) => {
    const old = mustFindItem(await readCatalogue(tx, marketplaceId), id, 'service');
    await checkReferences(tx, marketplaceId, {
      ...input,
      links: input.addOns.map((l) => l.id),
      linksAre: 'addOn',
    });
    const moved = old.categoryId !== String(input.categoryId);
    await tx
      .update(procedures)
      .set({
        ...procedureValues(input),
        procedureGroupId: input.categoryId,
        ...(moved ? { position: await nextPosition(tx, marketplaceId, input.categoryId) } : {}),
      })
      .where(eq(procedures.id, id));
    await writeClinics(tx, marketplaceId, id, input.clinicIds);
    await writeServiceAddOns(tx, marketplaceId, id, input.addOns);
    const updated = mustFindItem(await readCatalogue(tx, marketplaceId), id, 'service');
    return {
      subject: subject('service', updated.name),
      ...changedFields(itemFields(old), itemFields(updated)),
      result: updated,
    };
  });
}

/** Adds an add-on at the end of the add-ons, offered with the given services. */
export function createAddOn(
  context: StaffContext,
  marketplaceId: number,
  input: AddOnInput,
  options: CreateOptions = {},
) {
  return changeAsStaff(context, marketplaceId, 'editCatalogue', 'addOn.create', async (tx) => {
    await checkReferences(tx, marketplaceId, {
      ...input,
      links: input.services.map((l) => l.id),
      linksAre: 'service',
    });
    const [row] = await tx
      .insert(procedures)
      .values({
        ...fixedId(options),
        marketplaceId,
        ...procedureValues(input),
        procedureGroupId: null,
        isAddOn: true,
        position: await nextPosition(tx, marketplaceId, null),
      })
      .returning({ id: procedures.id });
    const id = row?.id ?? 0;
    await writeClinics(tx, marketplaceId, id, input.clinicIds);
    await writeAddOnServices(tx, marketplaceId, id, input.services);
    const created = mustFindItem(await readCatalogue(tx, marketplaceId), id, 'addOn');
    return {
      subject: subject('addOn', input.name),
      before: null,
      after: itemFields(created),
      result: created,
    };
  });
}

export function updateAddOn(context: StaffContext, marketplaceId: number, id: number, input: AddOnInput) {
  return changeAsStaff(context, marketplaceId, 'editCatalogue', 'addOn.update', async (tx) => {
    const old = mustFindItem(await readCatalogue(tx, marketplaceId), id, 'addOn');
    await checkReferences(tx, marketplaceId, {
      ...input,
      links: input.services.map((l) => l.id),
      linksAre: 'service',
    });
    await tx.update(procedures).set(procedureValues(input)).where(eq(procedures.id, id));
    await writeClinics(tx, marketplaceId, id, input.clinicIds);
    await writeAddOnServices(tx, marketplaceId, id, input.services);
    const updated = mustFindItem(await readCatalogue(tx, marketplaceId), id, 'addOn');
    return {
      subject: subject('addOn', updated.name),
      ...changedFields(itemFields(old), itemFields(updated)),
      result: updated,
    };
  });
}
