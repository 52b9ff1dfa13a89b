// The catalogue's resolvers: input checked with the domain's catalogue rules (the console's forms use
// the same), each refusal naming its field in extensions.field.
import { addOnRules, categoryRules, orderedIds, serviceRules } from '@atrium/domain';
import { GraphQLError } from 'graphql';
import { z } from 'zod';
import type * as core from 'zod/v4/core';
import type { Resolvers } from '../../generated/resolvers-types';
import { parseInput } from '../../kernel/graphql-errors';
import { idInput, marketplaceIdInput } from '../../kernel/id-input';
import { withStaffErrors } from '../resolvers';
import {
  type AddOnInput,
  CatalogueInputError,
  CatalogueInUseError,
  createAddOn,
  createCategory,
  createService,
  type ServiceInput,
  updateAddOn,
  updateCategory,
  updateService,
} from './catalogue-changes';
import {
  deleteCategory,
  deleteProcedure,
  reorderCategories,
  reorderServiceAddOns,
  reorderServices,
  setCategoryArchived,
  setProcedureArchived,
} from './catalogue-lifecycle';
import { staffCatalogue } from './catalogue-view';

/** The first problem as BAD_USER_INPUT (or the code its issue names), with the field it is about. */
function parseFields<Schema extends core.$ZodType>(schema: Schema, value: unknown): core.output<Schema> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const code = issue?.code === 'custom' && typeof issue.params?.code === 'string' ? issue.params.code : null;
  throw new GraphQLError(issue?.message ?? 'Invalid input.', {
    extensions: { code: code ?? 'BAD_USER_INPUT', field: issue?.path.join('.') ?? null },
  });
}

const marketplaceArgs = z.object({ marketplaceId: marketplaceIdInput });
const idArgs = (label: string) => marketplaceArgs.extend({ id: idInput(label) });
const links = (label: string) => z.array(z.object({ id: idInput(label), recommended: z.boolean() }));
const serviceIds = z.object({
  categoryId: idInput('Category'),
  clinicIds: z.array(idInput('Clinic')),
  addOns: links('Add-on'),
});
const addOnIds = z.object({ clinicIds: z.array(idInput('Clinic')), services: links('Service') });
const reorderIds = (label: string) => z.pipe(orderedIds, z.array(idInput(label)));

function serviceInput(input: unknown): ServiceInput {
  const fields = parseFields(serviceRules, input);
  return { ...fields, ...parseFields(serviceIds, input) };
}

function addOnInput(input: unknown): AddOnInput {
  return { ...parseFields(addOnRules, input), ...parseFields(addOnIds, input) };
}

/** withStaffErrors, plus the field of a refused value and CATALOGUE_ITEM_IN_USE. */
const withCatalogueErrors = <T>(call: () => Promise<T>): Promise<T> =>
  withStaffErrors(async () => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof CatalogueInputError) {
        throw new GraphQLError(error.message, { extensions: { code: 'BAD_USER_INPUT', field: error.field } });
      }
      if (error instanceof CatalogueInUseError) {
        throw new GraphQLError(error.message, { extensions: { code: 'CATALOGUE_ITEM_IN_USE' } });
      }
      throw error;
    }
  });

export const staffCatalogueResolvers: Resolvers = {
  Query: {
    staffCatalogue: (_parent, args, { db, identity }) => {
      const { marketplaceId } = parseInput(marketplaceArgs, args);
      return withCatalogueErrors(() => staffCatalogue({ db, session: identity.session }, marketplaceId));
    },
  },
  Mutation: {
    staffCreateCategory: (_parent, args, { db, identity }) => {
      const { marketplaceId } = parseInput(marketplaceArgs, args);
      const input = parseFields(categoryRules, args.input);
      return withCatalogueErrors(() =>
        createCategory({ db, session: identity.session }, marketplaceId, input),
      );
    },
    staffUpdateCategory: (_parent, args, { db, identity }) => {
      const { marketplaceId, id } = parseInput(idArgs('Category'), args);
      const input = parseFields(categoryRules, args.input);
      return withCatalogueErrors(() =>
        updateCategory({ db, session: identity.session }, marketplaceId, id, input),
      );
    },
    staffCreateService: (_parent, args, { db, identity }) => {
      const { marketplaceId } = parseInput(marketplaceArgs, args);
      const input = serviceInput(args.input);
      return withCatalogueErrors(() =>
        createService({ db, session: identity.session }, marketplaceId, input),
      );
    },
    staffUpdateService: (_parent, args, { db, identity }) => {
      const { marketplaceId, id } = parseInput(idArgs('Service'), args);
      const input = serviceInput(args.input);
      return withCatalogueErrors(() =>
        updateService({ db, session: identity.session }, marketplaceId, id, input),
      );
    },
    staffCreateAddOn: (_parent, args, { db, identity }) => {
      const { marketplaceId } = parseInput(marketplaceArgs, args);
      const input = addOnInput(args.input);
      return withCatalogueErrors(() => createAddOn({ db, session: identity.session }, marketplaceId, input));
    },
    staffUpdateAddOn: (_parent, args, { db, identity }) => {
      const { marketplaceId, id } = parseInput(idArgs('Add-on'), args);
      const input = addOnInput(args.input);
      return withCatalogueErrors(() =>
        updateAddOn({ db, session: identity.session }, marketplaceId, id, input),
      );
    },
    staffReorderCategories: (_parent, args, { db, identity }) => {
      const { marketplaceId } = parseInput(marketplaceArgs, args);
      const ids = parseFields(reorderIds('Category'), args.ids);
      return withCatalogueErrors(() =>
        reorderCategories({ db, session: identity.session }, marketplaceId, ids),
      );
    },
    staffReorderServices: (_parent, args, { db, identity }) => {
      const { marketplaceId, categoryId } = parseInput(
        marketplaceArgs.extend({ categoryId: idInput('Category') }),
        args,
      );
      const ids = parseFields(reorderIds('Service'), args.ids);
      return withCatalogueErrors(() =>
        reorderServices({ db, session: identity.session }, marketplaceId, categoryId, ids),
      );
    },
    staffReorderServiceAddOns: (_parent, args, { db, identity }) => {
      const { marketplaceId, serviceId } = parseInput(
        marketplaceArgs.extend({ serviceId: idInput('Service') }),
        args,
      );
      const ids = parseFields(reorderIds('Add-on'), args.ids);
      return withCatalogueErrors(() =>
        reorderServiceAddOns({ db, session: identity.session }, marketplaceId, serviceId, ids),
      );
    },
    staffArchiveCategory: (_parent, args, { db, identity }) => {
      const { marketplaceId, id } = parseInput(idArgs('Category'), args);
      return withCatalogueErrors(() =>
        setCategoryArchived({ db, session: identity.session }, marketplaceId, id, true),
      );
    },
    staffUnarchiveCategory: (_parent, args, { db, identity }) => {
      const { marketplaceId, id } = parseInput(idArgs('Category'), args);
      return withCatalogueErrors(() =>
        setCategoryArchived({ db, session: identity.session }, marketplaceId, id, false),
      );
    },
    staffDeleteCategory: (_parent, args, { db, identity }) => {
      const { marketplaceId, id } = parseInput(idArgs('Category'), args);
      return withCatalogueErrors(() => deleteCategory({ db, session: identity.session }, marketplaceId, id));
    },
    staffArchiveProcedure: (_parent, args, { db, identity }) => {
      const { marketplaceId, id } = parseInput(idArgs('Service'), args);
      return withCatalogueErrors(() =>
        setProcedureArchived({ db, session: identity.session }, marketplaceId, id, true),
      );
    },
    staffUnarchiveProcedure: (_parent, args, { db, identity }) => {
      const { marketplaceId, id } = parseInput(idArgs('Service'), args);
      return withCatalogueErrors(() =>
        setProcedureArchived({ db, session: identity.session }, marketplaceId, id, false),
      );
    },
    staffDeleteProcedure: (_parent, args, { db, identity }) => {
      const { marketplaceId, id } = parseInput(idArgs('Service'), args);
      return withCatalogueErrors(() => deleteProcedure({ db, session: identity.session }, marketplaceId, id));
    },
  },
};
