import { z } from 'zod';
import type { Resolvers } from '../generated/resolvers-types';
import { getMarketplace, type ProceduresFilter } from '../services/marketplace';
import { parseInput, withServiceErrors } from './errors';

const wholeNumberId = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((id) => id > 0, message);

const argsSchema = z.object({
  id: wholeNumberId('Marketplace id must be a positive whole number.'),
  procedures: z
    .object({
      organizationId: wholeNumberId('Organization id must be a positive whole number.').nullish(),
      location: z
        .object({
          latitude: z
            .number()
            .min(-90, 'Latitude must be between -90 and 90.')
            .max(90, 'Latitude must be between -90 and 90.'),
          longitude: z
            .number()
            .min(-180, 'Longitude must be between -180 and 180.')
            .max(180, 'Longitude must be between -180 and 180.'),
        })
        .nullish(),
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
};
