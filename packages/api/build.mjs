// Bundles the server and the CLI into dist/. Dependencies stay external (installed next to the
// package); @atrium/* workspace packages are TypeScript source, so they are bundled in.
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';

/** @type {import('esbuild').Plugin} */
const externalDependencies = {
  name: 'external-dependencies',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@atrium/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: { server: 'src/server.ts', worker: 'src/worker.ts', cli: 'src/cli.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  plugins: [externalDependencies],
  logLevel: 'info',
});
