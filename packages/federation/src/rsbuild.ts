import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { containerName, type RemoteName, remoteExposes } from './contract';
import { sharedSingletons } from './shared';

const devApi = process.env.ATRIUM_API_URL ?? 'http://127.0.0.1:4000';

/** Default development ports; production serves each app from its own origin or CDN path. */
export const devPorts = {
  host: 3000,
  catalog: 3001,
  scheduling: 3002,
  checkout: 3003,
  account: 3004,
} as const;

interface AppOptions {
  /** Folder of the app (the one holding package.json and src/). */
  root: string;
  title?: string;
  /** Output folder, relative to root. ATRIUM_DIST_DIR overrides it (used to stage a redeploy). */
  distPath?: string;
}

/** Each singleton requires the major version this app was built with (workspace packages: any). */
function sharedConfig(root: string) {
  const require = createRequire(path.join(root, 'package.json'));
  const installedVersion = (packageName: string): string | false => {
    if (packageName.startsWith('@atrium/')) return false;
    const manifest = require.resolve(`${packageName}/package.json`);
    return `^${(JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version}`;
  };
  return Object.fromEntries(
    sharedSingletons.map((name) => {
      const packageName = name
        .split('/')
        .slice(0, name.startsWith('@') ? 2 : 1)
        .join('/');
      return [name, { singleton: true, requiredVersion: installedVersion(packageName) }];
    }),
  );
}

function baseConfig(root: string, port: number, title: string, distPath = 'dist'): RsbuildConfig {
  return {
    source: { entry: { index: path.join(root, 'src/index.ts') } },
    output: { distPath: { root: process.env.ATRIUM_DIST_DIR ?? distPath } },
    html: { title, favicon: undefined },
    server: {
      port,
      strictPort: true,
      cors: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // In development every app reaches the API on its own origin, as in production.
      proxy: Object.fromEntries(['/graphql', '/assets', '/dev'].map((prefix) => [prefix, devApi])),
    },
    performance: { chunkSplit: { strategy: 'split-by-experience' } },
  };
}

/** Rsbuild config of the host: no build-time remotes; entries come from /config.json at run time. */
export function hostConfig({ root, title = 'Atrium', distPath }: AppOptions): RsbuildConfig {
  const base = baseConfig(root, devPorts.host, title, distPath);
  return defineConfig({
    ...base,
    output: { ...base.output, assetPrefix: '/' },
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name: 'atrium_host',
        remotes: {},
        shared: sharedConfig(root),
        shareStrategy: 'loaded-first',
        dts: false,
        // The host provides the federation runtime (~32 KB gzip) that every remote's entry reuses.
        experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
      }),
    ],
  });
}

/** Rsbuild config of a remote: exposes exactly the modules of the contract, from src/exposed/. */
export function remoteConfig(
  remote: RemoteName,
  { root, title = `Atrium ${remote}`, distPath }: AppOptions,
): RsbuildConfig {
  const exposes = Object.fromEntries(
    remoteExposes[remote].map((module) => [
      `./${module}`,
      path.join(root, 'src/exposed', `${kebab(module)}.tsx`),
    ]),
  );
  const base = baseConfig(root, devPorts[remote], title, distPath);
  const production = process.env.NODE_ENV === 'production';
  return defineConfig({
    ...base,
    // Assets resolve against the remote's own origin, wherever the host that loads it lives.
    output: { ...base.output, assetPrefix: 'auto' },
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name: containerName(remote),
        exposes,
        filename: 'remoteEntry.js',
        shared: sharedConfig(root),
        shareStrategy: 'loaded-first',
        dts: false,
        // Built for the host, the entry reuses the host's federation runtime instead of carrying its
        // own copy; the standalone dev server keeps its own so the remote can run alone.
        experiments: { externalRuntime: production, optimization: { target: 'web' } },
      }),
    ],
  });
}

function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}
