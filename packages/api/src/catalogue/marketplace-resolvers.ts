import { coordinates } from '@atrium/domain';
import { z } from 'zod';
import type { Resolvers } from '../generated/resolvers-types';
import { parseInput, withServiceErrors } from '../kernel/graphql-errors';
import { idInput, marketplaceIdInput } from '../kernel/id-input';
import { loadMarketplace } from '../kernel/marketplaces';
import { getMarketplace, type ProceduresFilter } from './marketplace';

const argsSchema = z.object({
  id: marketplaceIdInput,
  procedures: z
    .object({
      organizationId: idInput('Organization').nullish(),
      location: z.nullish(coordinates),
    })
    .refine((input) => input.organizationId == null || input.location == null, {
      message: 'Filter procedures by organizationId or by location, not both.',
    })
    .nullish(),
});

export const marketplaceResolvers: Resolvers = {
  Query: {
    marketplace: async (_parent, args, context) => {
      const { id, procedures } = parseInput(argsSchema, args);
      let filter: ProceduresFilter | null = null;
      if (procedures?.organizationId != null) filter = { organizationId: procedures.organizationId };
      else if (procedures?.location != null) filter = { location: procedures.location };
      return withServiceErrors(() => getMarketplace(context, id, filter));
    },
  },
  Marketplace: {
    // Read apart from the view, which every context's answers share; cached with the public answer.
    isLive: async (marketplace, _args, { db }) => (await loadMarketplace(db, Number(marketplace.id))).isLive,
  },
};
