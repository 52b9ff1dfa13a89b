// Serves one built app as its own deployment:
//   node scripts/serve.mjs --dir remotes/catalog/dist --port 3001
//   node scripts/serve.mjs --dir host/dist --port 3000 --spa --proxy /graphql=http://127.0.0.1:4000
import { parseArgs } from 'node:util';
import { createStaticServer, listen } from './lib/static-server.mjs';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    port: { type: 'string' },
    spa: { type: 'boolean', default: false },
    proxy: { type: 'string', multiple: true, default: [] },
  },
});
if (!values.dir || !values.port) {
  console.error(
    'Usage: node scripts/serve.mjs --dir <folder> --port <port> [--spa] [--proxy /path=http://target]',
  );
  process.exit(2);
}
const proxy = values.proxy.map((spec) => {
  const [prefix, target] = spec.split('=');
  return { prefix, target };
});
const server = createStaticServer({ dir: values.dir, spa: values.spa, proxy });
await listen(server, Number(values.port));
console.log(`Serving ${values.dir} on http://localhost:${values.port}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
