import path from 'node:path';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type EnvironmentConfig, type RsbuildConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { packageOf } from './build-info';
import { pluginBuildInfo } from './build-info-plugin';
import { containerName, type RemoteName, remoteExposes, SERVER_DIR } from './contract';
import { installedVersion } from './installed-packages';
import { pluginPrecompress } from './precompress';
import { hostStartupSingletons, sharedSingletons } from './shared';

const devApi = process.env.ATRIUM_API_URL ?? 'http://127.0.0.1:4000';

/** Default development ports; production serves each app from its own origin or CDN path. */
export const devPorts = {
  host: 3000,
  catalog: 3001,
  scheduling: 3002,
  checkout: 3003,
  account: 3004,
  console: 3005,
} as const;

interface AppOptions {
  /** Folder of the app (the one holding package.json and src/). */
  root: string;
  title?: string;
  /** Output folder, relative to root. ATRIUM_DIST_DIR overrides it (used to stage a redeploy). */
  distPath?: string;
}

/**
 * Each singleton requires a version compatible with the one this app was built with (`^x.y.z`), so a
 * remote built against a newer major of a shared package is not silently run on the host's older copy.
 * `eager` ones are bundled into the app's first chunks instead of fetched when first used.
 */
function sharedConfig(root: string, eager: readonly string[] = []) {
  return Object.fromEntries(
    sharedSingletons.map((name) => {
      const version = installedVersion(root, packageOf(name));
      if (!version) throw new Error(`${root} shares ${name} but does not depend on ${packageOf(name)}.`);
      return [name, { singleton: true, requiredVersion: `^${version}`, eager: eager.includes(name) }];
    }),
  );
}

function distRoot(distPath = 'dist') {
  return process.env.ATRIUM_DIST_DIR ?? distPath;
}

function baseConfig(port: number, title: string): RsbuildConfig {
  return {
    // Every page says its language (screen readers pick their voice by it, WCAG 3.1.1).
    html: { title, favicon: undefined, template: path.join(import.meta.dirname, 'index.html') },
    server: {
      port,
      strictPort: true,
      cors: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // In development every app reaches the API on its own origin, as in production.
      proxy: Object.fromEntries(
        ['/graphql', '/assets', '/dev', '/auth/apple/form-post'].map((prefix) => [prefix, devApi]),
      ),
    },
    performance: { chunkSplit: { strategy: 'split-by-experience' } },
  };
}

/** The browser build: the app's own entry (a remote's runs it standalone in development). */
function webEnvironment(root: string, distPath: string | undefined, assetPrefix: string): EnvironmentConfig {
  return {
    source: { entry: { index: path.join(root, 'src/index.ts') } },
    output: {
      distPath: { root: distRoot(distPath) },
      assetPrefix,
      // ATRIUM_NO_MINIFY=1 keeps names readable in browser profiles (never for a deployment).
      minify: !process.env.ATRIUM_NO_MINIFY,
    },
  };
}

/**
 * Every app builds twice: `web` for the browser (dist/) and `node` for server-side rendering
 * (dist/server/, deployed beside the browser build). A remote's server build is what the host's
 * server loads with Module Federation's Node runtime to render that remote's pages into the HTML.
 * The server build: CommonJS for Node (Module Federation's Node runtime loads it with `require` and
 * `vm`), with a package.json saying so beside it, unminified so stack traces read.
 */
function nodeEnvironment(distPath: string | undefined, entry: Record<string, string>): EnvironmentConfig {
  return {
    source: { entry },
    // Without an entry, Rsbuild would fall back to src/index.ts (a remote's standalone browser page).
    tools: {
      rspack: (config) => {
        config.entry = entry;
      },
    },
    output: {
      target: 'node',
      distPath: { root: path.join(distRoot(distPath), SERVER_DIR) },
      minify: false,
    },
    plugins: [pluginCommonJsFolder()],
  };
}

/** Marks the server build's folder as CommonJS: the workspace packages are `"type": "module"`. */
function pluginCommonJsFolder(): RsbuildPlugin {
  return {
    name: 'atrium:commonjs-folder',
    setup(api) {
      api.processAssets({ stage: 'additional' }, ({ compilation, sources }) => {
        compilation.emitAsset('package.json', new sources.RawSource('{ "type": "commonjs" }\n'));
      });
    },
  };
}

/**
 * Rsbuild config of the host: no build-time remotes (entries come at run time); the browser build
 * and the server that renders pages, both providing the shared singletons.
 */
export function hostConfig({ root, title = 'Atrium', distPath }: AppOptions): RsbuildConfig {
  const shared = sharedConfig(root);
  // The host starts the page, so what it needs to start is in its first chunks, named in its HTML:
  // the browser fetches them all at once from the start, not after the entry has run.
  const eagerShared = sharedConfig(root, hostStartupSingletons);
  const federation = {
    name: 'atrium_host',
    remotes: {},
    shared,
    shareStrategy: 'loaded-first',
    dts: false,
  } as const;
  return defineConfig({
    ...baseConfig(devPorts.host, title),
    environments: {
      web: webEnvironment(root, distPath, '/'),
      node: nodeEnvironment(distPath, { server: path.join(root, 'src/server/index.ts') }),
    },
    plugins: [
      pluginReact(),
      pluginBuildInfo(root, sharedSingletons),
      pluginPrecompress(),
      pluginModuleFederation(
        {
          ...federation,
          shared: eagerShared,
          // The host provides the federation runtime (~32 KB gzip) that every remote's entry reuses.
          experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
        },
        { environment: 'web' },
      ),
      pluginModuleFederation(federation, { target: 'node', environment: 'node' }),
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
  const production = process.env.NODE_ENV === 'production';
  const federation = {
    name: containerName(remote),
    exposes,
    filename: 'remoteEntry.js',
    shared: sharedConfig(root),
    shareStrategy: 'loaded-first',
    dts: false,
  } as const;
  return defineConfig({
    ...baseConfig(devPorts[remote], title),
    environments: {
      // Assets resolve against the remote's own origin, wherever the host that loads it lives.
      web: webEnvironment(root, distPath, 'auto'),
      // The server build has no entry of its own: the host's server only loads its remoteEntry.
      node: nodeEnvironment(distPath, {}),
    },
    plugins: [
      pluginReact(),
      pluginBuildInfo(root, sharedSingletons),
      pluginPrecompress(),
      pluginModuleFederation(
        {
          ...federation,
          // Built for the host, the entry reuses the host's federation runtime instead of carrying
          // its own copy; the standalone dev server keeps its own so the remote can run alone.
          experiments: { externalRuntime: production, optimization: { target: 'web' } },
        },
        { environment: 'web' },
      ),
      pluginModuleFederation(federation, { target: 'node', environment: 'node' }),
    ],
  });
}

function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}
