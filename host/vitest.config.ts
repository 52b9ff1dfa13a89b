import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'host',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // A browser's localStorage (happy-dom's refuses deleting a missing key, which a new visitor's redirect on the server does).
    setupFiles: ['../packages/stores/test-support/browser-local-storage.ts'],
  },
});
