import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

// The app imports the trusted documents that codegen writes (src/generated, gitignored): a fresh
// clone gets them here before the first test, without a build.
export default function setup() {
  const packageDir = path.resolve(import.meta.dirname, '../..');
  if (existsSync(path.join(packageDir, 'src/generated/persisted-documents/persisted-documents.json'))) return;
  execFileSync(
    path.join(packageDir, 'node_modules/.bin/graphql-codegen'),
    ['--config', 'codegen.ts', '--silent'],
    {
      cwd: packageDir,
      stdio: 'inherit',
    },
  );
}
