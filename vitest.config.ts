import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run over every package and app; each folder with a vitest.config.ts is its own project.
export default defineConfig({
  test: {
    // Vitest's default leaves a core idle (CPUs - 1: one file at a time on a 2-core CI machine), while
    // most API test files wait on a database much of the time: one file per core.
    maxWorkers: Math.max(availableParallelism(), 2),
    projects: [
      'packages/*/vitest.config.ts',
      'host/vitest.config.ts',
      'remotes/*/vitest.config.ts',
      'scripts/vitest.config.ts',
    ],
  },
});
