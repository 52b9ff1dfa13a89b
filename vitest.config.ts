import { defineConfig } from 'vitest/config';

// One run over every package and app; each folder with a vitest.config.ts is its own project.
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'host/vitest.config.ts',
      'remotes/*/vitest.config.ts',
      'scripts/vitest.config.ts',
    ],
  },
});
