import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';

interface PackageManifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
}

/**
 * The folder of `packageName` as Node resolves it from `fromDir` (the nearest node_modules up the
 * tree), real path; null when it is not installed there. Reads the folder rather than resolving
 * `<name>/package.json`, which a package's `exports` may not allow.
 */
export function packageFolder(fromDir: string, packageName: string): string | null {
  for (let dir = path.resolve(fromDir); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', packageName, 'package.json');
    if (existsSync(candidate)) return path.dirname(realpathSync(candidate));
    if (path.dirname(dir) === dir) return null;
  }
}

export function readPackageManifest(folder: string): PackageManifest {
  return JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as PackageManifest;
}

/** The version of `packageName` installed for the code in `fromDir`, or null when there is none. */
export function installedVersion(fromDir: string, packageName: string): string | null {
  const folder = packageFolder(fromDir, packageName);
  return folder ? readPackageManifest(folder).version : null;
}
