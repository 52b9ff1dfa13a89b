import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { CliError } from './cli-error';

/** Every file under `folder`, as sorted POSIX paths relative to it. */
export async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * SHA-256 (hex) of a release folder: each file's relative path, length and contents, in path order,
 * so the same files give the same checksum wherever and whenever they were built.
 */
export async function folderChecksum(folder: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await listFiles(folder)) {
    const contents = await readFile(path.join(folder, file));
    hash.update(`${file}\0${contents.length}\0`);
    hash.update(contents);
  }
  return hash.digest('hex');
}

/** A release's version: the first 12 hex digits of its checksum (content-addressed). */
export function versionOf(checksum: string): string {
  return checksum.slice(0, 12);
}

export interface PublishedRelease {
  folder: string;
  /** The same files were already there (released before); nothing was copied. */
  alreadyReleased: boolean;
}

/**
 * Copies a built release into `<releaseDir>/<remote>/<version>/`. A release folder is immutable: the
 * same files already there are "already released"; different files there are refused.
 */
export async function publishRelease(
  staging: string,
  releaseDir: string,
  remote: string,
  checksum: string,
): Promise<PublishedRelease> {
  const version = versionOf(checksum);
  const folder = path.join(releaseDir, remote, version);
  if (await exists(folder)) {
    if ((await folderChecksum(folder)) === checksum) return { folder, alreadyReleased: true };
    throw new CliError(`${folder} already holds different files; a release is never overwritten.`);
  }
  // Copied beside the target first, then renamed: a half-copied release is never served.
  await mkdir(path.dirname(folder), { recursive: true });
  const partial = `${folder}.partial-${process.pid}`;
  try {
    await cp(staging, partial, { recursive: true });
    await rename(partial, folder);
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
  return { folder, alreadyReleased: false };
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
