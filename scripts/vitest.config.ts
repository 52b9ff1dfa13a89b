import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'scripts', include: ['release/**/*.test.ts', 'code-health/**/*.test.ts'] },
});
