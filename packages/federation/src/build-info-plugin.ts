import path from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';
import { BUILD_INFO_FILE, type BuildInfo, carriedPackages, packageOf, recordedPackages } from './build-info';
import { installedVersion, packageFolder, readPackageManifest } from './installed-packages';

/** The version of @atrium/federation (the contract) building this app. */
export const contractVersion = readPackageManifest(path.resolve(import.meta.dirname, '..')).version;

/**
 * What an app was built with: the recorded third-party packages (a carried one as its carrier has
 * it installed), and every @atrium/* package it depends on or shares.
 */
export function collectBuildInfo(root: string, sharedModules: readonly string[]): BuildInfo {
  const app = readPackageManifest(root);
  const packages: Record<string, string> = {};
  for (const name of recordedPackages) {
    const carrier = carriedPackages[name];
    const carrierFolder = carrier ? packageFolder(root, carrier) : null;
    const version = installedVersion(root, name) ?? (carrierFolder && installedVersion(carrierFolder, name));
    if (version) packages[name] = version;
  }
  const ours = new Set([
    ...Object.keys(app.dependencies ?? {}).filter((name) => name.startsWith('@atrium/')),
    ...sharedModules.map(packageOf).filter((name) => name.startsWith('@atrium/')),
  ]);
  for (const name of [...ours].sort()) {
    const version = installedVersion(root, name);
    if (version) packages[name] = version;
  }
  return { app: app.name, version: app.version, contractVersion, packages };
}

/** Emits atrium-build.json into the browser build, beside mf-manifest.json. */
export function pluginBuildInfo(root: string, sharedModules: readonly string[]): RsbuildPlugin {
  return {
    name: 'atrium:build-info',
    setup(api) {
      api.processAssets({ stage: 'additional', environments: ['web'] }, ({ compilation, sources }) => {
        const info = collectBuildInfo(root, sharedModules);
        compilation.emitAsset(BUILD_INFO_FILE, new sources.RawSource(`${JSON.stringify(info, null, 2)}\n`));
      });
    },
  };
}
