import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { folderChecksum, listFiles, publishRelease, versionOf } from './release-files';

const folders: string[] = [];
function folderWith(files: Record<string, string>): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'atrium-release-test-'));
  folders.push(folder);
  for (const [name, contents] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    writeFileSync(path.join(folder, name), contents);
  }
  return folder;
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const build = {
  'mf-manifest.json': '{"name":"atrium_catalog"}',
  'static/js/main.js': 'main()',
  'server/remoteEntry.js': 'x',
};

describe('release checksum and version', () => {
  it('lists files as sorted relative paths', async () => {
    expect(await listFiles(folderWith(build))).toEqual([
      'mf-manifest.json',
      'server/remoteEntry.js',
      'static/js/main.js',
    ]);
  });

  it('is the same for the same files wherever they are, and differs when a file or a name changes', async () => {
    const checksum = await folderChecksum(folderWith(build));
    expect(checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(await folderChecksum(folderWith(build))).toBe(checksum);
    expect(await folderChecksum(folderWith({ ...build, 'static/js/main.js': 'main();' }))).not.toBe(checksum);
    const { 'static/js/main.js': main, ...rest } = build;
    expect(await folderChecksum(folderWith({ ...rest, 'static/js/other.js': main }))).not.toBe(checksum);
  });

  it('versions a release by the first 12 hex digits of its checksum', () => {
    expect(versionOf('3f9a2b1c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8')).toBe(
      '3f9a2b1c4d5e',
    );
  });
});

describe('publishRelease', () => {
  it('copies a release into <dir>/<remote>/<version>/, and the same files again are already released', async () => {
    const staging = folderWith(build);
    const releaseDir = folderWith({});
    const checksum = await folderChecksum(staging);
    const first = await publishRelease(staging, releaseDir, 'catalog', checksum);
    expect(first).toEqual({
      folder: path.join(releaseDir, 'catalog', versionOf(checksum)),
      alreadyReleased: false,
    });
    expect(readFileSync(path.join(first.folder, 'static/js/main.js'), 'utf8')).toBe('main()');
    expect(await folderChecksum(first.folder)).toBe(checksum);

    const again = await publishRelease(folderWith(build), releaseDir, 'catalog', checksum);
    expect(again).toEqual({ folder: first.folder, alreadyReleased: true });
    expect(await listFiles(path.join(releaseDir, 'catalog'))).toEqual(
      (await listFiles(staging)).map((file) => `${versionOf(checksum)}/${file}`),
    );
  });

  it('never overwrites a release folder that holds different files', async () => {
    const staging = folderWith(build);
    const checksum = await folderChecksum(staging);
    const releaseDir = folderWith({ [`catalog/${versionOf(checksum)}/mf-manifest.json`]: 'tampered' });
    await expect(publishRelease(staging, releaseDir, 'catalog', checksum)).rejects.toThrow(
      `${path.join(releaseDir, 'catalog', versionOf(checksum))} already holds different files; a release is never overwritten.`,
    );
    expect(
      readFileSync(path.join(releaseDir, 'catalog', versionOf(checksum), 'mf-manifest.json'), 'utf8'),
    ).toBe('tampered');
  });
});
