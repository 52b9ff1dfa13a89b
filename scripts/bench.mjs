// `pnpm bench`: builds if needed, then prints the benchmarks from the production build.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensurePnpm, envWithTools, repoRoot, run } from './lib/tools.mjs';

const env = envWithTools();
const pnpm = ensurePnpm();
const built = ['host/dist', 'remotes/catalog/dist-spotlight', 'packages/api/dist/server.mjs'].every((p) =>
  existsSync(path.join(repoRoot, p)),
);
if (!built || process.argv.includes('--build')) run(pnpm, ['build'], { env });
run(pnpm, ['--filter', '@atrium/e2e', 'bench'], { env });
run(pnpm, ['--filter', '@atrium/catalog', 'bench'], { env });
run(pnpm, ['--filter', '@atrium/api', 'bench'], { env });
