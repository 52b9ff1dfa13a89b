// Serves one remote's build as its own deployment:
//   node scripts/serve.mjs --dir remotes/catalog/dist --port 3001
// (The host has its own server, which also renders pages: node host/dist/server/server.js.)
import { parseArgs } from 'node:util';
import { createStaticServer, listen } from './lib/static-server.mjs';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    port: { type: 'string' },
  },
});
if (!values.dir || !values.port) {
  console.error('Usage: node scripts/serve.mjs --dir <folder> --port <port>');
  process.exit(2);
}
const server = createStaticServer({ dir: values.dir });
await listen(server, Number(values.port));
console.log(`Serving ${values.dir} on http://localhost:${values.port}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
