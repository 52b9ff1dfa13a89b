import { execFileSync } from 'node:child_process';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The repository's own TypeScript sources as git knows them (generated code and build output left out). */
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
    .map((file) => path.join(root, file));
}

/** Tests, test support and benchmarks: kept out of the size figures (a test's `describe` is long by nature). */
export function isTestCode(file: string): boolean {
  return /\.(test|spec)\.tsx?$/.test(file) || /\/(test|bench|e2e)\//.test(file) || file.includes('/e2e/');
}
