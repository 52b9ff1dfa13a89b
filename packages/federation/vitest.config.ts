import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'federation', include: ['src/**/*.test.ts'] },
});
