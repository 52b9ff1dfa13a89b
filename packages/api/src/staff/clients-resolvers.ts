import { z } from 'zod';
import type { Resolvers } from '../generated/resolvers-types';
import { parseInput } from '../kernel/graphql-errors';
import { idInput, marketplaceIdInput } from '../kernel/id-input';
import { staffClient, staffClients } from './clients';
import { withStaffErrors } from './resolvers';

const marketplaceArgs = z.object({ marketplaceId: marketplaceIdInput });
const searchArgs = marketplaceArgs.extend({
  search: z
    .string()
    .max(100, 'Search for at most 100 characters.')
    .nullish()
    .transform((value) => value ?? ''),
});
const clientArgs = marketplaceArgs.extend({ id: idInput('Client') });

export const staffClientResolvers: Resolvers = {
  Query: {
    staffClients: (_parent, args, { db, identity }) => {
      const input = parseInput(searchArgs, args);
      return withStaffErrors(() => staffClients({ db, session: identity.session }, input));
    },
    staffClient: (_parent, args, { db, identity }) => {
      const { marketplaceId, id } = parseInput(clientArgs, args);
      return withStaffErrors(() =>
        staffClient({ db, session: identity.session }, { marketplaceId, clientId: id }),
      );
    },
  },
};
