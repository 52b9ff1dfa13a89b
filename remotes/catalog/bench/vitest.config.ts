import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'catalog-bench',
    environment: 'happy-dom',
    include: ['bench/**/*.test.tsx'],
    root: path.resolve(import.meta.dirname, '..'),
  },
});
