import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBuiltRemote, readHostBuildInfo } from './check-remote';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function folder() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-check-test-'));
  folders.push(dir);
  return dir;
}

const host = {
  app: '@atrium/host',
  version: '1.0.0',
  contractVersion: '1.0.0',
  packages: { '@atrium/ui': '1.0.0' },
};

describe('readHostBuildInfo', () => {
  it('says the host is not built when its build info is missing', async () => {
    await expect(
      readHostBuildInfo({ HOST_BUILD_INFO: path.join(folder(), 'atrium-build.json') }),
    ).rejects.toThrow(/^HOST_BUILD_INFO names .*atrium-build\.json, which does not exist\.$/);
  });

  it('reads and validates HOST_BUILD_INFO', async () => {
    const file = path.join(folder(), 'atrium-build.json');
    writeFileSync(file, JSON.stringify(host));
    expect(await readHostBuildInfo({ HOST_BUILD_INFO: file })).toEqual(host);
    writeFileSync(file, JSON.stringify({ ...host, packages: undefined }));
    await expect(readHostBuildInfo({ HOST_BUILD_INFO: file })).rejects.toThrow(
      /not a valid atrium-build\.json at "packages"/,
    );
  });
});

describe('checkBuiltRemote', () => {
  it('says the remote is not built when its folder lacks mf-manifest.json', async () => {
    await expect(checkBuiltRemote('catalog', folder(), host)).rejects.toThrow(
      /mf-manifest\.json is missing: is catalog built \(pnpm --filter @atrium\/catalog build\)\?$/,
    );
  });

  it('answers the contract check’s problems for a built folder', async () => {
    const dist = folder();
    writeFileSync(
      path.join(dist, 'mf-manifest.json'),
      JSON.stringify({
        name: 'atrium_catalog',
        exposes: [{ name: 'SetLocationPage' }],
        shared: [{ name: '@atrium/ui', singleton: true, requiredVersion: '^2.0.0' }],
      }),
    );
    writeFileSync(path.join(dist, 'atrium-build.json'), JSON.stringify({ ...host, app: '@atrium/catalog' }));
    expect((await checkBuiltRemote('catalog', dist, host)).problems).toEqual([
      "catalog does not expose ServicesPage, which the host's contract names (catalog/ServicesPage).",
      'catalog was built against @atrium/ui ^2.0.0 but the host provides 1.0.0 (incompatible major).',
    ]);
  });
});
