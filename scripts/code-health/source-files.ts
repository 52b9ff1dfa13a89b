import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * The repository's own TypeScript sources as git knows them (generated code and build output left
 * out); a file deleted in the working tree but not yet committed is gone, so it is left out too.
 */
export function sourceFiles(root: string = repoRoot): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return listed
    .split('\n')
    .filter((file) => file && !file.endsWith('.d.ts') && !file.includes('/generated/'))
    .map((file) => path.join(root, file))
    .filter((file) => existsSync(file));
}

/** Tests, test support and benchmarks: kept out of the size figures (a test's `describe` is long by nature). */
export function isTestCode(file: string): boolean {
  return /\.(test|spec)\.tsx?$/.test(file) || /\/(test|bench|e2e)\//.test(file) || file.includes('/e2e/');
}
