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
if (process.argv.includes('--scale')) {
  // A marketplace ten times the demo's on PostgreSQL (packages/api/bench/scale.ts), then server
  // rendering under load (e2e/bench/ssr-throughput.ts) and the host's memory over 20,000 more pages.
  run(pnpm, ['--filter', '@atrium/api', 'exec', 'tsx', 'bench/scale.ts'], { env });
  run(pnpm, ['--filter', '@atrium/e2e', 'exec', 'tsx', 'bench/ssr-throughput.ts'], {
    env: { BENCH_SSR_MEMORY_PAGES: '20000', ...env },
  });
  process.exit(0);
}
run(pnpm, ['--filter', '@atrium/e2e', 'bench'], { env });
run(pnpm, ['--filter', '@atrium/catalog', 'bench'], { env });
run(pnpm, ['--filter', '@atrium/api', 'bench'], { env });
