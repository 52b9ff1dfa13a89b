import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'graphql-client',
    // localStorage (the persisted cache) and React rendering need a DOM.
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // A browser-like localStorage (happy-dom's refuses deleting a missing key, as the stores do).
    setupFiles: ['../stores/test-support/browser-local-storage.ts'],
  },
});
