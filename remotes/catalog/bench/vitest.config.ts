import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'catalog-bench',
    environment: 'happy-dom',
    include: ['bench/**/*.test.tsx'],
    // The cart lives in a persisted store: the same browser-like localStorage as the tests.
    setupFiles: ['../../packages/stores/test-support/browser-local-storage.ts'],
    root: path.resolve(import.meta.dirname, '..'),
  },
});
