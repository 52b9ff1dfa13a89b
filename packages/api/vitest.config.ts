import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // graphql 16 ships CJS (main) and ESM (module) builds without an exports map: Node (and so
    // graphql-yoga) loads the CJS one, Vite would pick the ESM one, and errors created by one copy fail
    // `instanceof` checks in the other. Pin Node's choice so tests match production.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/codegen-setup.ts', 'src/test/prepared-databases-setup.ts'],
    // PGlite boots a WebAssembly Postgres per test file; PostgreSQL runs create and drop a database.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
