import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: 'src/**/*.graphql',
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
          User: '../identity/users#UserView',
          Marketplace: '../catalogue/marketplace#MarketplaceView',
        },
        strictScalars: true,
      },
    },
    // The trusted documents: every operation of @atrium/graphql-client by its SHA-256, built with the
    // same preset and options as that package's codegen, so both compute the same hash for a document.
    // Only persisted-documents.json is used (src/http/persisted-operations.ts); the preset's
    // TypeScript beside it is left out of the type check (tsconfig.json).
    'src/generated/persisted-documents/': {
      documents: ['../graphql-client/src/**/*.graphql'],
      preset: 'client',
      presetConfig: {
        fragmentMasking: false,
        persistedDocuments: { mode: 'embedHashInDocument', hashAlgorithm: 'sha256' },
      },
      config: { documentMode: 'string', useTypeImports: true },
    },
  },
};

export default config;
