import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: 'src/schema/*.graphql',
  generates: {
    'src/generated/resolvers-types.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useTypeImports: true,
        // String unions match the values services already return, so no enum mapping layer is needed.
        enumsAsTypes: true,
        contextType: '../graphql-context#GraphQLContext',
        scalars: { ID: { input: 'string', output: 'string' } },
        // A User is resolved from the identity service's view; its wallet and memberships by field
        // resolvers. A Marketplace's memberships and packages are field resolvers too.
        mappers: {
          User: '../services/identity/users#UserView',
          Marketplace: '../services/marketplace#MarketplaceView',
        },
        strictScalars: true,
      },
    },
  },
};

export default config;
