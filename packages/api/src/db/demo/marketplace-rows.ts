// A demo marketplace's rows for the catalogue tables: list order becomes `position` (or a note's
// `index`), and each row carries the marketplace's id.
import type {
  checkoutNoteDefinitions,
  clinics,
  procedureAddOns,
  procedureClinics,
  procedureGroups,
  procedures,
} from '../../catalogue';
import type { DemoMarketplace } from './demo-marketplace';

export function clinicRows(demo: DemoMarketplace): (typeof clinics.$inferInsert)[] {
  return demo.clinics.map((clinic, position) => ({
    ...clinic,
    marketplaceId: demo.marketplace.id,
    position,
  }));
}

export function categoryRows(demo: DemoMarketplace): (typeof procedureGroups.$inferInsert)[] {
  return demo.categories.map((category, position) => ({
    ...category,
    banner: category.banner ?? null,
    marketplaceId: demo.marketplace.id,
    position,
  }));
}

/** Bookable procedures and add-ons alike; an add-on has no category. */
export function procedureRows(demo: DemoMarketplace): (typeof procedures.$inferInsert)[] {
  return demo.procedures.map((procedure, position) => ({
    id: procedure.id,
    marketplaceId: demo.marketplace.id,
    procedureGroupId: procedure.categoryId ?? null,
    name: procedure.name,
    tagline: procedure.tagline,
    description: procedure.description,
    thumbnail: procedure.thumbnail,
    ingredients: procedure.ingredients,
    prices: procedure.prices,
    durations: procedure.durations,
    tags: procedure.tags,
    isAddOn: procedure.isAddOn ?? false,
    offeredAtHome: procedure.offeredAtHome,
    position,
  }));
}

/** Each procedure's add-ons, featured ones first, positioned in that one list. */
export function addOnLinkRows(demo: DemoMarketplace): (typeof procedureAddOns.$inferInsert)[] {
  return demo.procedures.flatMap((procedure) => {
    const featured = procedure.addOns?.featured ?? [];
    const other = procedure.addOns?.other ?? [];
    return [...featured, ...other].map((addOnId, position) => ({
      marketplaceId: demo.marketplace.id,
      procedureId: procedure.id,
      addOnId,
      featured: position < featured.length,
      position,
    }));
  });
}

/** Where each procedure is offered. */
export function clinicLinkRows(demo: DemoMarketplace): (typeof procedureClinics.$inferInsert)[] {
  return demo.procedures.flatMap((procedure) =>
    procedure.clinicIds.map((clinicId) => ({
      marketplaceId: demo.marketplace.id,
      procedureId: procedure.id,
      clinicId,
    })),
  );
}

export function checkoutNoteRows(demo: DemoMarketplace): (typeof checkoutNoteDefinitions.$inferInsert)[] {
  return demo.checkoutNotes.map((note, index) => ({ ...note, marketplaceId: demo.marketplace.id, index }));
}
