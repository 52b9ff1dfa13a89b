import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'console',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../../packages/stores/test-support/browser-local-storage.ts'],
  },
});
