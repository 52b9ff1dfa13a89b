import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'payment-forms',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../stores/test-support/persistent-events.ts'],
  },
});
