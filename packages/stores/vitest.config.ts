import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'stores',
    // localStorage and the storage event come from happy-dom.
    environment: 'happy-dom',
    include: ['src/**/*.test.ts'],
    setupFiles: ['./vitest.setup.ts'],
  },
});
