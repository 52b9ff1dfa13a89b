// `pnpm code-health [--verbose]`: the figures a restructuring is judged by — long functions, import
// cycles and the API's imports between contexts. Tests keep the cycles and the boundaries at zero;
// this prints where the rest stand.
import { crossContextImports } from './api-contexts';
import { functionLengths } from './function-lengths';
import { importCycles } from './import-cycles';

const verbose = process.argv.includes('--verbose');
const lengths = functionLengths();
const over80 = lengths.filter((fn) => fn.lines > 80);
const over150 = lengths.filter((fn) => fn.lines > 150);
console.log(
  `Functions: ${lengths.length}; over 80 lines: ${over80.length}; over 150 lines: ${over150.length}`,
);
if (verbose) for (const fn of over80) console.log(`  ${fn.lines}\t${fn.file}:${fn.line}\t${fn.name}`);

const cycles = importCycles();
console.log(`Import cycles (type-only imports included): ${cycles.length}`);
for (const cycle of cycles) console.log(`  ${cycle.join(' <-> ')}`);

const api = crossContextImports();
console.log(
  `API contexts (${api.contexts.join(', ')}): ${api.throughEntry} imports between contexts through a public entry, ${api.aroundEntry.length} around one`,
);
for (const line of api.aroundEntry) console.log(`  ${line}`);
