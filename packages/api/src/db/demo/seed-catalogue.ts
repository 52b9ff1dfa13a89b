// A demo marketplace's categories, add-ons and services through the Catalogue section's services,
// checked by the same rules as the console's form: created with their fixed ids when missing, else
// changed where they differ from the demo's. Add-ons come first so the services can name them.
import { addOnRules, categoryRules, serviceRules } from '@atrium/domain';
import {
  createAddOn,
  createCategory,
  createService,
  readCatalogue,
  updateAddOn,
  updateCategory,
  updateService,
} from '../../staff';
import type { DemoMarketplace, DemoProcedure } from './demo-marketplace';
import { type SeedContext, sameValues, sortedIds } from './seed-context';

type Catalogue = Awaited<ReturnType<typeof readCatalogue>>;
type Item = Catalogue['addOns'][number];

export async function seedCatalogue(context: SeedContext, demo: DemoMarketplace): Promise<void> {
  await seedCategories(context, demo);
  // What was there before this run: each item is compared with it once.
  const stored = await readCatalogue(context.db, demo.marketplace.id);
  for (const procedure of demo.procedures.filter((item) => item.isAddOn)) {
    await seedAddOn(context, demo, procedure, findItem(stored, procedure.id));
  }
  for (const procedure of demo.procedures.filter((item) => !item.isAddOn)) {
    await seedService(context, demo, procedure, findItem(stored, procedure.id));
  }
}

async function seedCategories(context: SeedContext, demo: DemoMarketplace): Promise<void> {
  const marketplaceId = demo.marketplace.id;
  const stored = (await readCatalogue(context.db, marketplaceId)).categories;
  for (const { id, ...category } of demo.categories) {
    const input = categoryRules.parse({ ...category, banner: category.banner ?? null });
    const current = stored.find((item) => item.id === String(id));
    if (!current) await createCategory(context, marketplaceId, input, { id });
    else {
      const { name, description, thumbnail, banner } = current;
      if (!sameValues({ name, description, thumbnail, banner }, input)) {
        await updateCategory(context, marketplaceId, id, input);
      }
    }
  }
}

/** A procedure's own fields, as the form sends them and the rules keep them. */
const offerFields = (procedure: DemoProcedure) => ({
  name: procedure.name,
  tagline: procedure.tagline,
  description: procedure.description,
  thumbnail: procedure.thumbnail,
  ingredients: procedure.ingredients,
  tags: procedure.tags,
  prices: procedure.prices,
  durations: procedure.durations,
  offeredAtHome: procedure.offeredAtHome,
});

/** What the catalogue holds of an item, in the same shape. */
const storedFields = (item: Item) => ({
  name: item.name,
  tagline: item.tagline,
  description: item.description,
  thumbnail: item.thumbnail,
  ingredients: item.ingredients,
  tags: item.tags,
  prices: item.prices,
  durations: item.durations,
  offeredAtHome: item.offeredAtHome,
  clinicIds: sortedIds(item.clinicIds),
});

const numericLinks = (list: { id: number | string; recommended: boolean }[]) =>
  list.map((link) => ({ id: Number(link.id), recommended: link.recommended }));

const findItem = (catalogue: Catalogue, id: number) =>
  [...catalogue.addOns, ...catalogue.categories.flatMap((category) => category.services)].find(
    (item) => item.id === String(id),
  );

/** A service's add-ons, featured (recommended) ones first: the order the service lists them in. */
const addOnLinks = (procedure: DemoProcedure) => [
  ...(procedure.addOns?.featured ?? []).map((id) => ({ id, recommended: true })),
  ...(procedure.addOns?.other ?? []).map((id) => ({ id, recommended: false })),
];

async function seedAddOn(
  context: SeedContext,
  demo: DemoMarketplace,
  procedure: DemoProcedure,
  current?: Item,
) {
  const marketplaceId = demo.marketplace.id;
  const services = demo.procedures.flatMap((service) =>
    addOnLinks(service)
      .filter((link) => link.id === procedure.id)
      .map((link) => ({ id: service.id, recommended: link.recommended })),
  );
  const clinicIds = sortedIds(procedure.clinicIds);
  const input = { ...addOnRules.parse(offerFields(procedure)), clinicIds };
  // New, it goes with no service yet: each service names its add-ons when it is written.
  if (!current) {
    await createAddOn(context, marketplaceId, { ...input, services: [] }, { id: procedure.id });
    return;
  }
  const byId = (list: { id: number | string; recommended: boolean }[]) =>
    numericLinks(list).sort((a, b) => a.id - b.id);
  const same = sameValues(storedFields(current), input) && sameValues(byId(current.services), byId(services));
  if (!same) await updateAddOn(context, marketplaceId, procedure.id, { ...input, services });
}

async function seedService(
  context: SeedContext,
  demo: DemoMarketplace,
  procedure: DemoProcedure,
  current?: Item,
) {
  const marketplaceId = demo.marketplace.id;
  const categoryId = procedure.categoryId;
  if (categoryId === undefined) throw new Error(`Demo service ${procedure.id} has no category.`);
  const fields = serviceRules.parse({ ...offerFields(procedure), categoryId: String(categoryId) });
  const addOns = addOnLinks(procedure);
  const input = { ...fields, categoryId, clinicIds: sortedIds(procedure.clinicIds), addOns };
  if (!current) {
    await createService(context, marketplaceId, input, { id: procedure.id });
    return;
  }
  const stored = {
    ...storedFields(current),
    categoryId: Number(current.categoryId),
    addOns: numericLinks(current.addOns),
  };
  if (!sameValues(stored, input)) await updateService(context, marketplaceId, procedure.id, input);
}
