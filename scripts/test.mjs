// `npm test`: every test there is — lint, the remotes' contract check, types, unit and API tests
// (PGlite, plus PostgreSQL when DATABASE_URL is set), then end-to-end tests in Debian's Chromium
// against the built apps.
import { ensurePnpm, envWithTools, run } from './lib/tools.mjs';

const env = envWithTools();
const pnpm = ensurePnpm();
run(pnpm, ['install', '--frozen-lockfile'], { env });
run(pnpm, ['build'], { env });
run(pnpm, ['lint'], { env });
// Each remote's build against the host's: exposes, shared singletons' ranges, the contract's major.
run(pnpm, ['contract'], { env });
run(pnpm, ['typecheck'], { env });
run(pnpm, ['test:unit'], { env });
run(pnpm, ['test:e2e'], { env });
console.log('\n✔ All tests passed.');
