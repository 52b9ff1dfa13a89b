import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageName = '@atrium/api';

/**
 * The folder holding this package's package.json. Found by walking up from this module so the same
 * code works from `src/` (tsx, vitest) and from the bundled `dist/*.mjs`.
 */
export const packageRoot: string = findUpwards(dirname(fileURLToPath(import.meta.url)), (dir) => {
  const manifest = join(dir, 'package.json');
  if (!existsSync(manifest)) return false;
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === packageName;
});

/** The monorepo root (the folder holding pnpm-workspace.yaml), or null when deployed outside it. */
export function findRepoRoot(from: string = packageRoot): string | null {
  try {
    return findUpwards(from, (dir) => existsSync(join(dir, 'pnpm-workspace.yaml')));
  } catch {
    return null;
  }
}

/** The source folder: each context's SDL (`*.graphql`) is read from here at run time. */
export const sourceDir = join(packageRoot, 'src');
export const migrationsDir = join(packageRoot, 'src', 'db', 'migrations');
export const assetsDir = join(packageRoot, 'assets');

function findUpwards(start: string, matches: (dir: string) => boolean): string {
  let dir = start;
  for (;;) {
    if (matches(dir)) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No matching folder above ${start}`);
    dir = parent;
  }
}
