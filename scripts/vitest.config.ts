import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// The marketplace command's test runs the API in process: load graphql as the API's own tests do
// (Node's CJS build, packages/api/vitest.config.ts), so one copy of it serves the whole schema.
const apiRequire = createRequire(new URL('../packages/api/package.json', import.meta.url));

export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: apiRequire.resolve('graphql') }] },
  test: {
    name: 'scripts',
    include: ['release/**/*.test.ts', 'code-health/**/*.test.ts', 'marketplace/**/*.test.ts'],
  },
});
