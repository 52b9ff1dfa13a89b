// Archiving, unarchiving, deleting and reordering the catalogue. What a client ever booked is archived,
// never deleted: it leaves the menu and stays on the appointments that name it.
import { and, eq } from 'drizzle-orm';
import { procedureAddOns, procedureGroups, procedures } from '../../catalogue';
import type { Db } from '../../kernel/database/database';
import { NotFoundError } from '../../kernel/errors';
import type { StaffContext } from '../access';
import { changeAsStaff } from '../changes';
import { CatalogueInUseError, catalogueMessages, findCategory } from './catalogue-changes';
import { readCatalogue, type StaffCatalogueView } from './catalogue-view';

const archivedState = (archivedAt: string | null) => ({ archived: archivedAt !== null });

function procedureIn(catalogue: StaffCatalogueView, id: number) {
  const item = [...catalogue.categories.flatMap((group) => group.services), ...catalogue.addOns].find(
    (candidate) => candidate.id === String(id),
  );
  if (!item) throw new NotFoundError(`Service ${id} was not found.`);
  return item;
}

function categoryIn(catalogue: StaffCatalogueView, id: number) {
  const category = findCategory(catalogue, id);
  if (!category) throw new NotFoundError(`Category ${id} was not found.`);
  return category;
}

const itemLabel = (item: { isAddOn: boolean; name: string }) =>
  `${item.isAddOn ? 'Add-on' : 'Service'} “${item.name}”`;

/** Takes a category off the menu (archived) or puts it back; the log keeps whether it was archived. */
export function setCategoryArchived(
  context: StaffContext,
  marketplaceId: number,
  id: number,
  archived: boolean,
) {
  const action = archived ? 'category.archive' : 'category.unarchive';
  return changeAsStaff(context, marketplaceId, 'editCatalogue', action, async (tx) => {
    const old = categoryIn(await readCatalogue(tx, marketplaceId), id);
    if ((old.archivedAt !== null) !== archived) {
      await tx
        .update(procedureGroups)
        .set({ archivedAt: archived ? new Date() : null })
        .where(eq(procedureGroups.id, id));
    }
    const catalogue = await readCatalogue(tx, marketplaceId);
    return {
      subject: `Category “${old.name}”`,
      before: archivedState(old.archivedAt),
      after: archivedState(categoryIn(catalogue, id).archivedAt),
      result: catalogue,
    };
  });
}

/** Takes a service or add-on off the menu (archived) or puts it back. */
export function setProcedureArchived(
  context: StaffContext,
  marketplaceId: number,
  id: number,
  archived: boolean,
) {
  const action = archived ? 'procedure.archive' : 'procedure.unarchive';
  return changeAsStaff(context, marketplaceId, 'editCatalogue', action, async (tx) => {
    const old = procedureIn(await readCatalogue(tx, marketplaceId), id);
    if ((old.archivedAt !== null) !== archived) {
      await tx
        .update(procedures)
        .set({ archivedAt: archived ? new Date() : null })
        .where(eq(procedures.id, id));
    }
    const catalogue = await readCatalogue(tx, marketplaceId);
    return {
      subject: itemLabel(old),
      before: archivedState(old.archivedAt),
      after: archivedState(procedureIn(catalogue, id).archivedAt),
      result: catalogue,
    };
  });
}

/** Deletes a category nothing names; CATALOGUE_ITEM_IN_USE otherwise. */
export function deleteCategory(context: StaffContext, marketplaceId: number, id: number) {
  return changeAsStaff(context, marketplaceId, 'editCatalogue', 'category.delete', async (tx) => {
    const old = categoryIn(await readCatalogue(tx, marketplaceId), id);
    if (!old.canDelete) throw new CatalogueInUseError(catalogueMessages.categoryInUse);
    await tx.delete(procedureGroups).where(eq(procedureGroups.id, id));
    const { name, description, thumbnail, banner } = old;
    return {
      subject: `Category “${old.name}”`,
      before: { name, description, thumbnail, banner },
      after: null,
      result: await readCatalogue(tx, marketplaceId),
    };
  });
}

/** Deletes a service or add-on never booked nor named by a promo code; CATALOGUE_ITEM_IN_USE otherwise. */
export function deleteProcedure(context: StaffContext, marketplaceId: number, id: number) {
  return changeAsStaff(context, marketplaceId, 'editCatalogue', 'procedure.delete', async (tx) => {
    const old = procedureIn(await readCatalogue(tx, marketplaceId), id);
    if (!old.canDelete) throw new CatalogueInUseError(catalogueMessages.procedureInUse);
    // Its clinics, add-on links and practitioners' lists go with it (on delete cascade).
    await tx.delete(procedures).where(eq(procedures.id, id));
    const { name, prices, durations, isAddOn } = old;
    return {
      subject: itemLabel(old),
      before: { name, prices, durations, isAddOn },
      after: null,
      result: await readCatalogue(tx, marketplaceId),
    };
  });
}

/** The given ids first, in that order, then the others as they were: NOT_FOUND for an id not in `current`. */
function newOrder(current: string[], ids: number[], kind: string): number[] {
  const missing = ids.find((id) => !current.includes(String(id)));
  if (missing !== undefined) throw new NotFoundError(`${kind} ${missing} was not found.`);
  const listed = ids.map(String);
  return [...listed, ...current.filter((id) => !listed.includes(id))].map(Number);
}

async function writePositions(
  tx: Db,
  order: number[],
  write: (tx: Db, id: number, position: number) => Promise<unknown>,
) {
  for (const [position, id] of order.entries()) await write(tx, id, position);
}

export function reorderCategories(context: StaffContext, marketplaceId: number, ids: number[]) {
  return changeAsStaff(context, marketplaceId, 'editCatalogue', 'category.reorder', async (tx) => {
    const before = (await readCatalogue(tx, marketplaceId)).categories.map((category) => category.id);
    const order = newOrder(before, ids, 'Category');
    await writePositions(tx, order, (db, id, position) =>
      db.update(procedureGroups).set({ position }).where(eq(procedureGroups.id, id)),
    );
    const catalogue = await readCatalogue(tx, marketplaceId);
    const after = catalogue.categories.map((category) => category.id);
    return { subject: 'Categories', before: { order: before }, after: { order: after }, result: catalogue };
  });
}

export function reorderServices(
  context: StaffContext,
  marketplaceId: number,
  categoryId: number,
  ids: number[],
) {
  return changeAsStaff(context, marketplaceId, 'editCatalogue', 'service.reorder', async (tx) => {
    const category = categoryIn(await readCatalogue(tx, marketplaceId), categoryId);
    const before = category.services.map((service) => service.id);
    const order = newOrder(before, ids, 'Service');
    await writePositions(tx, order, (db, id, position) =>
      db.update(procedures).set({ position }).where(eq(procedures.id, id)),
    );
    const catalogue = await readCatalogue(tx, marketplaceId);
    const after = categoryIn(catalogue, categoryId).services.map((service) => service.id);
    return {
      subject: `Services of “${category.name}”`,
      before: { order: before },
      after: { order: after },
      result: catalogue,
    };
  });
}

export function reorderServiceAddOns(
  context: StaffContext,
  marketplaceId: number,
  serviceId: number,
  ids: number[],
) {
  return changeAsStaff(context, marketplaceId, 'editCatalogue', 'service.reorderAddOns', async (tx) => {
    const service = procedureIn(await readCatalogue(tx, marketplaceId), serviceId);
    if (service.isAddOn) throw new NotFoundError(`Service ${serviceId} was not found.`);
    const before = service.addOns.map((addOn) => addOn.id);
    const order = newOrder(before, ids, 'Add-on');
    await writePositions(tx, order, (db, id, position) =>
      db
        .update(procedureAddOns)
        .set({ position })
        .where(and(eq(procedureAddOns.procedureId, serviceId), eq(procedureAddOns.addOnId, id))),
    );
    const catalogue = await readCatalogue(tx, marketplaceId);
    const after = procedureIn(catalogue, serviceId).addOns.map((addOn) => addOn.id);
    return {
      subject: `Add-ons of “${service.name}”`,
      before: { order: before },
      after: { order: after },
      result: catalogue,
    };
  });
}
