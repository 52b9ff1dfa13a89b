import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';

/** A stored object: its bytes and the content type it was stored with. */
export interface StoredMedia {
  bytes: Uint8Array;
  contentType: string;
}

/**
 * Where uploaded images are kept, by key (`{marketplaceId}/{hash}.{ext}`). Keys name their content
 * (a hash of the bytes), so an object is never changed once written, only written again identically.
 */
export interface MediaStorage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object, or null when there is none under the key. */
  get(key: string): Promise<StoredMedia | null>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
}

/** Keys are lower-case path segments of letters, digits, dots and dashes: nothing can climb out. */
const KEY = /^[a-z0-9][a-z0-9.-]*(\/[a-z0-9][a-z0-9.-]*)*$/;

export function isMediaKey(key: string): boolean {
  return KEY.test(key) && !key.split('/').some((segment) => segment.includes('..'));
}

function requireKey(key: string): string {
  if (!isMediaKey(key)) throw new Error(`Not a media key: ${key}`);
  return key;
}

/**
 * Keeps objects as files under `root`, each with its content type in a `.type` file beside it. A
 * write goes to a temporary name first, so a reader never sees half a file.
 */
export function localMediaStorage(root: string): MediaStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, requireKey(key));
    if (!path.startsWith(base + sep)) throw new Error(`Not a media key: ${key}`);
    return path;
  };
  return {
    async put(key, bytes, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomUUID()}.tmp`;
      await writeFile(`${path}.type`, contentType);
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    },
    async get(key) {
      if (!isMediaKey(key)) return null;
      const path = pathOf(key);
      try {
        const [bytes, contentType] = await Promise.all([readFile(path), readFile(`${path}.type`, 'utf8')]);
        return { bytes: new Uint8Array(bytes), contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      await Promise.all([rm(path, { force: true }), rm(`${path}.type`, { force: true })]);
    },
  };
}
