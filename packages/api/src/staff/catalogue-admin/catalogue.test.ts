// The owner's catalogue in the console: reading everything, creating and changing categories, services
// and add-ons, reordering, archiving instead of deleting, with every change in the activity log; the
// clients' menu follows, past appointments keep their services, requests keep their prices.
import { randomUUID } from 'node:crypto';
import { CATALOGUE_MESSAGES } from '@atrium/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOperations, signedInClient } from '../../test/account';
import {
  at,
  type CheckoutTestContext,
  checkoutOperations,
  createCheckoutTestContext,
  daysAhead,
  ids,
  TestBrowser,
} from '../../test/checkout';
import { testDatabases } from '../../test/databases';
import { signedInStaff, staffOperations } from '../../test/staff';
import { catalogueMessages } from './catalogue-changes';

const own = ids(80);
const item = `id name tagline description thumbnail ingredients prices durations tags isAddOn categoryId
  offeredAtHome clinicIds archivedAt canDelete addOns { id name recommended } services { id name recommended }`;
const category = `id name description thumbnail banner archivedAt canDelete services { ${item} }`;
const catalogue = `categories { ${category} } addOns { ${item} } clinics { id name } providesAtHome`;

const operations = {
  read: `query($marketplaceId: ID!) { staffCatalogue(marketplaceId: $marketplaceId) { ${catalogue} } }`,
  createCategory: `mutation($marketplaceId: ID!, $input: CatalogueCategoryInput!) {
    staffCreateCategory(marketplaceId: $marketplaceId, input: $input) { ${category} } }`,
  updateCategory: `mutation($marketplaceId: ID!, $id: ID!, $input: CatalogueCategoryInput!) {
    staffUpdateCategory(marketplaceId: $marketplaceId, id: $id, input: $input) { ${category} } }`,
  createService: `mutation($marketplaceId: ID!, $input: CatalogueServiceInput!) {
    staffCreateService(marketplaceId: $marketplaceId, input: $input) { ${item} } }`,
  updateService: `mutation($marketplaceId: ID!, $id: ID!, $input: CatalogueServiceInput!) {
    staffUpdateService(marketplaceId: $marketplaceId, id: $id, input: $input) { ${item} } }`,
  createAddOn: `mutation($marketplaceId: ID!, $input: CatalogueAddOnInput!) {
    staffCreateAddOn(marketplaceId: $marketplaceId, input: $input) { ${item} } }`,
  updateAddOn: `mutation($marketplaceId: ID!, $id: ID!, $input: CatalogueAddOnInput!) {
    staffUpdateAddOn(marketplaceId: $marketplaceId, id: $id, input: $input) { ${item} } }`,
  reorderCategories: `mutation($marketplaceId: ID!, $ids: [ID!]!) {
    staffReorderCategories(marketplaceId: $marketplaceId, ids: $ids) { ${catalogue} } }`,
  reorderServices: `mutation($marketplaceId: ID!, $categoryId: ID!, $ids: [ID!]!) {
    staffReorderServices(marketplaceId: $marketplaceId, categoryId: $categoryId, ids: $ids) { ${catalogue} } }`,
  reorderServiceAddOns: `mutation($marketplaceId: ID!, $serviceId: ID!, $ids: [ID!]!) {
    staffReorderServiceAddOns(marketplaceId: $marketplaceId, serviceId: $serviceId, ids: $ids) { ${catalogue} } }`,
  archiveCategory: `mutation($marketplaceId: ID!, $id: ID!) {
    staffArchiveCategory(marketplaceId: $marketplaceId, id: $id) { ${catalogue} } }`,
  unarchiveCategory: `mutation($marketplaceId: ID!, $id: ID!) {
    staffUnarchiveCategory(marketplaceId: $marketplaceId, id: $id) { ${catalogue} } }`,
  deleteCategory: `mutation($marketplaceId: ID!, $id: ID!) {
    staffDeleteCategory(marketplaceId: $marketplaceId, id: $id) { ${catalogue} } }`,
  archiveProcedure: `mutation($marketplaceId: ID!, $id: ID!) {
    staffArchiveProcedure(marketplaceId: $marketplaceId, id: $id) { ${catalogue} } }`,
  unarchiveProcedure: `mutation($marketplaceId: ID!, $id: ID!) {
    staffUnarchiveProcedure(marketplaceId: $marketplaceId, id: $id) { ${catalogue} } }`,
  deleteProcedure: `mutation($marketplaceId: ID!, $id: ID!) {
    staffDeleteProcedure(marketplaceId: $marketplaceId, id: $id) { ${catalogue} } }`,
  menu: `query($id: ID!) { marketplace(id: $id) {
    categories { id name procedures { id name price addOns { id } } } procedures { id } } }`,
};

interface Item {
  id: string;
  name: string;
  prices: number[];
  durations: number[];
  tags: string[];
  ingredients: string[];
  categoryId: string | null;
  clinicIds: string[];
  offeredAtHome: boolean;
  archivedAt: string | null;
  canDelete: boolean;
  addOns: { id: string; name: string; recommended: boolean }[];
  services: { id: string; name: string; recommended: boolean }[];
}
interface Category {
  id: string;
  name: string;
  description: string | null;
  archivedAt: string | null;
  canDelete: boolean;
  services: Item[];
}
interface Catalogue {
  categories: Category[];
  addOns: Item[];
  clinics: { id: string; name: string }[];
  providesAtHome: boolean;
}
interface Menu {
  marketplace: {
    categories: {
      id: string;
      name: string;
      procedures: { id: string; name: string; price: number[]; addOns: { id: string }[] }[];
    }[];
    procedures: { id: string }[];
  };
}

const service = (change: Record<string, unknown> = {}) => ({
  name: 'Glow Drip',
  tagline: 'Radiance from within',
  description: null,
  thumbnail: '/media/glow.webp',
  ingredients: [' Vitamin C ', 'vitamin c', 'Zinc', ''],
  tags: ['Beauty'],
  prices: [9900, 14900],
  durations: [45, 60],
  categoryId: own.marketplace,
  clinicIds: [own.clinic],
  offeredAtHome: true,
  addOns: [{ id: own.boost, recommended: true }],
  ...change,
});

const addOn = (change: Record<string, unknown> = {}) => ({
  name: 'Extra Hydration',
  ingredients: [],
  tags: [],
  prices: [1500],
  durations: [0],
  clinicIds: [own.clinic],
  offeredAtHome: false,
  services: [{ id: own.shot, recommended: false }],
  ...change,
});

describe.each(testDatabases)('the catalogue in the console on $name', (factory) => {
  let context: CheckoutTestContext;
  let owner: TestBrowser;
  let client: TestBrowser;
  let day = 0;

  const call = async <Data>(browser: TestBrowser, query: string, variables: Record<string, unknown>) => {
    const response = await browser.post<Data>(query, { marketplaceId: own.marketplace, ...variables });
    const error = response.body.errors?.[0];
    return {
      data: response.body.data,
      code: error?.extensions?.code as string | undefined,
      field: error?.extensions?.field as string | undefined,
      message: error?.message,
    };
  };
  const read = async () =>
    (await owner.data<{ staffCatalogue: Catalogue }>(operations.read, { marketplaceId: own.marketplace }))
      .staffCatalogue;
  const lastLog = async () => {
    const [row] = await context.sql<{
      action: string;
      subject: string;
      actor: string;
      before: unknown;
      after: unknown;
    }>(
      'select action, subject, actor, before, after from activity_log where marketplace_id = 80 order by id desc limit 1',
    );
    return row;
  };
  const menu = async () => (await client.data<Menu>(operations.menu, { id: own.marketplace })).marketplace;
  const book = async (procedure: string) => {
    const { createAppointmentRequest } = await client.data<{ createAppointmentRequest: { id: string } }>(
      checkoutOperations.book,
      {
        input: {
          marketplaceId: own.marketplace,
          idempotencyKey: randomUUID(),
          organizationId: own.clinic,
          procedures: [procedure],
          dateRanges: at(daysAhead(5 + day++), '10:00'),
        },
      },
    );
    return createAppointmentRequest.id;
  };

  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    owner = await signedInStaff(context, { marketplaceId: 80, email: 'owner@catalogue.test', role: 'owner' });
    ({ browser: client } = await signedInClient(context.app, '80', 'client@catalogue.test'));
  });
  afterAll(() => context.handle.dispose());

  it('reads the whole catalogue: categories with their services, add-ons, clinics', async () => {
    const found = await read();
    expect(found.providesAtHome).toBe(true);
    expect(found.clinics).toEqual([{ id: own.clinic, name: 'Test Midtown 80' }]);
    expect(found.categories.map((group) => [group.name, group.services.map((s) => s.name)])).toEqual([
      ['Tests', ['Drip', 'Shot']],
    ]);
    const drip = found.categories[0]?.services[0];
    expect(drip).toMatchObject({
      prices: [12345, 15000],
      durations: [60],
      clinicIds: [own.clinic],
      archivedAt: null,
    });
    expect(drip?.addOns).toEqual([{ id: own.boost, name: 'Boost', recommended: false }]);
    expect(found.addOns[0]).toMatchObject({ name: 'Boost', isAddOn: true, categoryId: null });
    expect(found.addOns[0]?.services).toEqual([{ id: own.drip, name: 'Drip', recommended: false }]);
  });

  it('creates and changes a category, logging who changed what', async () => {
    const { data } = await call<{ staffCreateCategory: Category }>(owner, operations.createCategory, {
      input: { name: '  Wellness ', description: 'Feel better', thumbnail: 'https://cdn.example.com/w.png' },
    });
    const created = data?.staffCreateCategory;
    expect(created).toMatchObject({
      name: 'Wellness',
      description: 'Feel better',
      services: [],
      canDelete: true,
    });
    expect(await lastLog()).toEqual({
      action: 'category.create',
      subject: 'Category “Wellness”',
      actor: 'owner@catalogue.test',
      before: null,
      after: {
        name: 'Wellness',
        description: 'Feel better',
        thumbnail: 'https://cdn.example.com/w.png',
        banner: null,
      },
    });
    const [{ revision: before } = { revision: 0 }] = await context.sql<{ revision: number }>(
      'select revision from marketplaces where id = 80',
    );
    const updated = await call<{ staffUpdateCategory: Category }>(owner, operations.updateCategory, {
      id: created?.id,
      input: { name: 'Wellness', description: 'Feel your best', thumbnail: 'https://cdn.example.com/w.png' },
    });
    expect(updated.data?.staffUpdateCategory.description).toBe('Feel your best');
    expect(await lastLog()).toMatchObject({
      action: 'category.update',
      before: { description: 'Feel better' },
      after: { description: 'Feel your best' },
    });
    const [{ revision: after } = { revision: 0 }] = await context.sql<{ revision: number }>(
      'select revision from marketplaces where id = 80',
    );
    expect(after).toBe(before + 1);
    expect((await menu()).categories.map((group) => group.name)).toContain('Wellness');
  });

  it('creates a service with its options, lists, clinics, at-home and add-ons, and the menu shows it', async () => {
    const { data, code } = await call<{ staffCreateService: Item }>(owner, operations.createService, {
      input: service(),
    });
    expect(code).toBeUndefined();
    const created = data?.staffCreateService;
    expect(created).toMatchObject({
      name: 'Glow Drip',
      prices: [9900, 14900],
      durations: [45, 60],
      ingredients: ['Vitamin C', 'Zinc'],
      tags: ['Beauty'],
      categoryId: own.marketplace,
      clinicIds: [own.clinic],
      offeredAtHome: true,
      canDelete: true,
      addOns: [{ id: own.boost, name: 'Boost', recommended: true }],
    });
    expect(await lastLog()).toMatchObject({
      action: 'service.create',
      subject: 'Service “Glow Drip”',
      before: null,
    });
    const tests = (await menu()).categories.find((group) => group.id === own.marketplace);
    expect(tests?.procedures.map((procedure) => procedure.name)).toEqual(['Drip', 'Shot', 'Glow Drip']);

    const changed = await call<{ staffUpdateService: Item }>(owner, operations.updateService, {
      id: created?.id,
      input: service({ prices: [10900, 14900], tags: ['Beauty', 'New'], addOns: [] }),
    });
    expect(changed.data?.staffUpdateService).toMatchObject({ prices: [10900, 14900], addOns: [] });
    expect(await lastLog()).toEqual(
      expect.objectContaining({
        action: 'service.update',
        before: { prices: [9900, 14900], tags: ['Beauty'], addOns: [{ id: own.boost, recommended: true }] },
        after: { prices: [10900, 14900], tags: ['Beauty', 'New'], addOns: [] },
      }),
    );
  });

  it('creates an add-on offered with services, recommended on some', async () => {
    const { data } = await call<{ staffCreateAddOn: Item }>(owner, operations.createAddOn, {
      input: addOn(),
    });
    const created = data?.staffCreateAddOn;
    expect(created).toMatchObject({
      isAddOn: true,
      durations: [0],
      services: [{ id: own.shot, recommended: false }],
    });
    const updated = await call<{ staffUpdateAddOn: Item }>(owner, operations.updateAddOn, {
      id: created?.id,
      input: addOn({
        services: [
          { id: own.shot, recommended: true },
          { id: own.drip, recommended: false },
        ],
      }),
    });
    expect(updated.data?.staffUpdateAddOn.services).toEqual([
      { id: own.drip, name: 'Drip', recommended: false },
      { id: own.shot, name: 'Shot', recommended: true },
    ]);
    expect(await lastLog()).toMatchObject({ action: 'addOn.update', subject: 'Add-on “Extra Hydration”' });
    const drip = (await read()).categories[0]?.services.find((s) => s.id === own.drip);
    // Added last on Drip, after Boost.
    expect(drip?.addOns.map((link) => link.name)).toEqual(['Boost', 'Extra Hydration']);
    const shot = (await menu()).categories[0]?.procedures.find((p) => p.id === own.shot);
    expect(shot?.addOns.map((link) => link.id)).toEqual([created?.id]);
  });

  it('reorders categories, services of a category and add-ons of a service', async () => {
    const categories = (await read()).categories.map((group) => group.id);
    const reversed = [...categories].reverse();
    const byCategories = await call<{ staffReorderCategories: Catalogue }>(
      owner,
      operations.reorderCategories,
      {
        ids: reversed,
      },
    );
    expect(byCategories.data?.staffReorderCategories.categories.map((group) => group.id)).toEqual(reversed);
    expect(await lastLog()).toMatchObject({
      action: 'category.reorder',
      before: { order: categories },
      after: { order: reversed },
    });
    expect((await menu()).categories.map((group) => group.id)).toEqual(reversed);

    const services = await call<{ staffReorderServices: Catalogue }>(owner, operations.reorderServices, {
      categoryId: own.marketplace,
      ids: [own.shot],
    });
    const tests = services.data?.staffReorderServices.categories.find(
      (group) => group.id === own.marketplace,
    );
    expect(tests?.services.map((s) => s.name)).toEqual(['Shot', 'Drip', 'Glow Drip']);

    const drip = (await read()).categories.flatMap((g) => g.services).find((s) => s.id === own.drip);
    const addOnIds = (drip?.addOns ?? []).map((link) => link.id).reverse();
    const addOns = await call<{ staffReorderServiceAddOns: Catalogue }>(
      owner,
      operations.reorderServiceAddOns,
      {
        serviceId: own.drip,
        ids: addOnIds,
      },
    );
    const reordered = addOns.data?.staffReorderServiceAddOns.categories
      .flatMap((g) => g.services)
      .find((s) => s.id === own.drip);
    expect(reordered?.addOns.map((link) => link.id)).toEqual(addOnIds);

    expect(
      await call(owner, operations.reorderCategories, { ids: [own.marketplace, own.marketplace] }),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: CATALOGUE_MESSAGES.reorderDuplicates,
    });
    expect(await call(owner, operations.reorderCategories, { ids: ['81'] })).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Category 81 was not found.',
    });
  });

  it('refuses bad values with the field and the message the console shows', async () => {
    const refused = (input: Record<string, unknown>) =>
      call(owner, operations.createService, { input: service(input) });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '   ' }, 'name', CATALOGUE_MESSAGES.name],
      [{ name: 'x'.repeat(121) }, 'name', CATALOGUE_MESSAGES.nameTooLong],
      [{ prices: [-1, 100] }, 'prices.0', CATALOGUE_MESSAGES.price],
      [{ prices: [10_000_001, 100] }, 'prices.0', CATALOGUE_MESSAGES.priceTooHigh],
      [{ durations: [45, 4] }, 'durations.1', CATALOGUE_MESSAGES.serviceDuration],
      [{ durations: [45, 601] }, 'durations.1', CATALOGUE_MESSAGES.serviceDuration],
      [{ durations: [45] }, 'durations', CATALOGUE_MESSAGES.optionsMismatch],
      [{ prices: [], durations: [] }, 'prices', CATALOGUE_MESSAGES.noOptions],
      [{ thumbnail: 'http://insecure.example.com/a.png' }, 'thumbnail', CATALOGUE_MESSAGES.image],
      [{ thumbnail: '/media/../secret' }, 'thumbnail', CATALOGUE_MESSAGES.image],
      [{ categoryId: '' }, 'categoryId', CATALOGUE_MESSAGES.category],
      [{ tags: ['x'.repeat(81)] }, 'tags', CATALOGUE_MESSAGES.entryTooLong],
    ];
    for (const [input, field, message] of cases) {
      expect({ input, ...(await refused(input)) }).toMatchObject({
        input,
        code: 'BAD_USER_INPUT',
        field,
        message,
      });
    }
    // An add-on may take no extra time, but not more than a service may.
    expect(await call(owner, operations.createAddOn, { input: addOn({ durations: [601] }) })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'durations.0',
      message: CATALOGUE_MESSAGES.addOnDuration,
    });
    expect(await refused({ clinicIds: ['811'] })).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Clinic 811 was not found.',
    });
    expect(await refused({ categoryId: '81' })).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Category 81 was not found.',
    });
    expect(await refused({ addOns: [{ id: own.shot, recommended: true }] })).toMatchObject({
      code: 'NOT_FOUND',
      message: `Add-on ${own.shot} was not found.`,
    });
    expect(
      await call(owner, operations.createAddOn, {
        input: addOn({ services: [{ id: own.boost, recommended: true }] }),
      }),
    ).toMatchObject({ code: 'NOT_FOUND', message: `Service ${own.boost} was not found.` });
    expect(await call(owner, operations.updateService, { id: own.boost, input: service() })).toMatchObject({
      code: 'NOT_FOUND',
      message: `Service ${own.boost} was not found.`,
    });
    await context.sql('update marketplaces set provides_at_home = false where id = 80');
    try {
      expect(await refused({})).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'offeredAtHome',
        message: catalogueMessages.noHomeVisits,
      });
    } finally {
      await context.sql('update marketplaces set provides_at_home = true where id = 80');
    }
  });

  it('deletes what was never booked, archives what was, and past appointments keep its name', async () => {
    const fresh = await call<{ staffCreateService: Item }>(owner, operations.createService, {
      input: service({ name: 'Trial', addOns: [] }),
    });
    const freshId = fresh.data?.staffCreateService.id;
    const deleted = await call<{ staffDeleteProcedure: Catalogue }>(owner, operations.deleteProcedure, {
      id: freshId,
    });
    expect(
      deleted.data?.staffDeleteProcedure.categories.flatMap((g) => g.services).map((s) => s.id),
    ).not.toContain(freshId);
    expect(await lastLog()).toMatchObject({
      action: 'procedure.delete',
      subject: 'Service “Trial”',
      after: null,
    });

    const requestId = await book(own.shot);
    const shot = (await read()).categories.flatMap((g) => g.services).find((s) => s.id === own.shot);
    expect(shot?.canDelete).toBe(false);
    expect(await call(owner, operations.deleteProcedure, { id: own.shot })).toMatchObject({
      code: 'CATALOGUE_ITEM_IN_USE',
      message: catalogueMessages.procedureInUse,
    });

    const archived = await call<{ staffArchiveProcedure: Catalogue }>(owner, operations.archiveProcedure, {
      id: own.shot,
    });
    const inConsole = archived.data?.staffArchiveProcedure.categories
      .flatMap((g) => g.services)
      .find((s) => s.id === own.shot);
    expect(inConsole?.archivedAt).not.toBeNull();
    expect(await lastLog()).toMatchObject({
      action: 'procedure.archive',
      subject: 'Service “Shot”',
      before: { archived: false },
      after: { archived: true },
    });
    expect((await menu()).procedures.map((p) => p.id)).not.toContain(own.shot);
    // A cart kept from before it was archived can neither price nor book it.
    expect(
      await call(client, checkoutOperations.summary, {
        input: { marketplaceId: own.marketplace, organizationId: own.clinic, procedureIds: [own.shot] },
      }),
    ).toMatchObject({ code: 'BAD_USER_INPUT' });

    // The client's appointments and the staff's requests still name it.
    const { profileAppointments } = await client.data<{
      profileAppointments: { id: string; procedures: { id: string; name: string }[] }[];
    }>(accountOperations.profileAppointments, { marketplaceId: own.marketplace });
    const past = profileAppointments.flatMap((appointment) => appointment.procedures);
    expect(past).toContainEqual(expect.objectContaining({ id: own.shot, name: 'Shot' }));
    const { staffRequests } = await owner.data<{
      staffRequests: { id: string; procedures: { name: string }[] }[];
    }>(staffOperations.requests, { marketplaceId: own.marketplace });
    expect(staffRequests.find((request) => request.id === requestId)?.procedures.map((p) => p.name)).toEqual([
      'Shot',
    ]);

    await call(owner, operations.unarchiveProcedure, { id: own.shot });
    expect(await lastLog()).toMatchObject({ action: 'procedure.unarchive', after: { archived: false } });
    expect((await menu()).procedures.map((p) => p.id)).toContain(own.shot);
  });

  it('archives a category with its services off the menu, deletes an empty one', async () => {
    expect(await call(owner, operations.deleteCategory, { id: own.marketplace })).toMatchObject({
      code: 'CATALOGUE_ITEM_IN_USE',
      message: catalogueMessages.categoryInUse,
    });
    await call(owner, operations.archiveCategory, { id: own.marketplace });
    expect(await lastLog()).toMatchObject({ action: 'category.archive', subject: 'Category “Tests”' });
    const hidden = await menu();
    expect(hidden.categories.map((group) => group.id)).not.toContain(own.marketplace);
    expect(hidden.procedures.map((p) => p.id)).not.toContain(own.drip);
    const archived = (await read()).categories.find((group) => group.id === own.marketplace);
    expect(archived?.archivedAt).not.toBeNull();
    await call(owner, operations.unarchiveCategory, { id: own.marketplace });
    expect((await menu()).categories.map((group) => group.id)).toContain(own.marketplace);

    const empty = await call<{ staffCreateCategory: Category }>(owner, operations.createCategory, {
      input: { name: 'Seasonal' },
    });
    const id = empty.data?.staffCreateCategory.id;
    await call(owner, operations.deleteCategory, { id });
    expect((await read()).categories.map((group) => group.id)).not.toContain(id);
    expect(await lastLog()).toMatchObject({
      action: 'category.delete',
      subject: 'Category “Seasonal”',
      after: null,
    });
  });

  it('keeps what a request costs when a price changes; a new quote uses the new price', async () => {
    const requestId = await book(own.shot);
    const shot = (await read()).categories.flatMap((g) => g.services).find((s) => s.id === own.shot) as Item;
    await call(owner, operations.updateService, {
      id: own.shot,
      input: service({
        name: shot.name,
        tagline: null,
        thumbnail: null,
        ingredients: [],
        tags: [],
        prices: [6000],
        durations: [30],
        offeredAtHome: true,
        addOns: [],
      }),
    });
    const { staffRequests } = await owner.data<{
      staffRequests: { id: string; total: number; procedures: { price: number }[] }[];
    }>(staffOperations.requests, { marketplaceId: own.marketplace });
    const request = staffRequests.find((candidate) => candidate.id === requestId);
    expect(request?.total).toBe(4550);
    expect(request?.procedures.map((p) => p.price)).toEqual([4550]);
    const { checkoutSummary } = await client.data<{
      checkoutSummary: { procedures: number[]; total: number[] };
    }>(checkoutOperations.summary, {
      input: { marketplaceId: own.marketplace, organizationId: own.clinic, procedureIds: [own.shot] },
    });
    expect(checkoutSummary.procedures).toEqual([6000, 6000]);
  });
});

type Role = 'frontDesk' | 'practitioner' | 'client' | 'signedOut' | 'otherOwner';

/** Every catalogue operation with valid variables: only the owner of the marketplace may run them. */
const everyOperation: [keyof typeof operations, Record<string, unknown>][] = [
  ['read', {}],
  ['createCategory', { input: { name: 'Nope' } }],
  ['updateCategory', { id: own.marketplace, input: { name: 'Nope' } }],
  ['createService', { input: service() }],
  ['updateService', { id: own.drip, input: service() }],
  ['createAddOn', { input: addOn() }],
  ['updateAddOn', { id: own.boost, input: addOn() }],
  ['reorderCategories', { ids: [own.marketplace] }],
  ['reorderServices', { categoryId: own.marketplace, ids: [own.shot] }],
  ['reorderServiceAddOns', { serviceId: own.drip, ids: [own.boost] }],
  ['archiveCategory', { id: own.marketplace }],
  ['unarchiveCategory', { id: own.marketplace }],
  ['deleteCategory', { id: own.marketplace }],
  ['archiveProcedure', { id: own.drip }],
  ['unarchiveProcedure', { id: own.drip }],
  ['deleteProcedure', { id: own.drip }],
];

describe.each(testDatabases)('who may edit the catalogue on $name', (factory) => {
  let context: CheckoutTestContext;
  const browsers = {} as Record<Role, TestBrowser>;

  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    browsers.frontDesk = await signedInStaff(context, {
      marketplaceId: 80,
      email: 'desk@c.test',
      role: 'front_desk',
    });
    browsers.practitioner = await signedInStaff(context, {
      marketplaceId: 80,
      email: 'ada@c.test',
      role: 'practitioner',
      practitionerId: 801,
    });
    browsers.otherOwner = await signedInStaff(context, {
      marketplaceId: 81,
      email: 'owner81@c.test',
      role: 'owner',
    });
    ({ browser: browsers.client } = await signedInClient(context.app, '80', 'client@c.test'));
    browsers.signedOut = new TestBrowser(context.app);
  });
  afterAll(() => context.handle.dispose());

  const cells = (['frontDesk', 'practitioner', 'client', 'signedOut', 'otherOwner'] as const).flatMap(
    (role) => everyOperation.map(([operation, variables]) => ({ role, operation, variables })),
  );

  it.each(cells)('$role: $operation is refused, nothing changes', async ({ role, operation, variables }) => {
    const response = await browsers[role].post(operations[operation], {
      marketplaceId: own.marketplace,
      ...variables,
    });
    expect({ code: response.body.errors?.[0]?.extensions?.code, data: response.body.data }).toEqual({
      code: role === 'signedOut' ? 'UNAUTHENTICATED' : 'FORBIDDEN',
      data: null,
    });
    const [log] = await context.sql<{ count: number }>('select count(*)::int as count from activity_log');
    expect(log?.count).toBe(0);
  });
});
