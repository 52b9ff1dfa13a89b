import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'checkout',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../../packages/stores/test-support/persistent-events.ts'],
  },
});
