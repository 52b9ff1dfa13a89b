import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'host',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../packages/stores/test-support/persistent-events.ts'],
  },
});
