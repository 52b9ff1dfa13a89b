import { baseResolvers } from './base-resolvers';
import { resolvers as catalogue } from './catalogue/graphql';
import { resolvers as checkout } from './checkout/graphql';
import type { Resolvers } from './generated/resolvers-types';
import { resolvers as identity } from './identity/graphql';
import { resolvers as memberships } from './memberships/graphql';
import { resolvers as payments } from './payments/graphql';
import { resolvers as releases } from './releases/graphql';
import { resolvers as scheduling } from './scheduling/graphql';
import { resolvers as staff } from './staff/graphql';

/** Every context's resolvers; the schema merges them per type (a field defined twice is a bug). */
export const resolvers: Resolvers[] = [
  baseResolvers,
  ...catalogue,
  ...identity,
  ...scheduling,
  ...payments,
  ...memberships,
  ...checkout,
  ...staff,
  ...releases,
];
