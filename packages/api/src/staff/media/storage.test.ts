import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3MediaStorage } from './s3-storage';
import { localMediaStorage, type MediaStorage } from './storage';
import { type LocalS3, startLocalS3 } from './test-s3';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

/** The same contract, whichever adapter keeps the bytes. */
function storageContract(
  name: string,
  open: () => Promise<{ storage: MediaStorage; close: () => Promise<void> }>,
) {
  describe(`the ${name} media storage`, () => {
    let storage: MediaStorage;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, close } = await open());
    });
    afterAll(() => close());

    it('gives back what was put, with its content type', async () => {
      await storage.put('7/0123abcd.png', png, 'image/png');
      const stored = await storage.get('7/0123abcd.png');
      expect(stored?.contentType).toBe('image/png');
      expect([...(stored?.bytes ?? [])]).toEqual([...png]);
    });

    it('answers null for a key with nothing under it', async () => {
      expect(await storage.get('7/ffffffff.webp')).toBeNull();
    });

    it('writes a key again with the new bytes, and deletes it (deleting twice is no error)', async () => {
      await storage.put('8/aa.svg', new TextEncoder().encode('<svg/>'), 'image/svg+xml');
      await storage.put('8/aa.svg', new TextEncoder().encode('<svg></svg>'), 'image/svg+xml');
      expect(new TextDecoder().decode((await storage.get('8/aa.svg'))?.bytes)).toBe('<svg></svg>');
      await storage.delete('8/aa.svg');
      await storage.delete('8/aa.svg');
      expect(await storage.get('8/aa.svg')).toBeNull();
    });

    it('refuses keys that could climb out of its place, and finds nothing under them', async () => {
      await expect(storage.put('../escape.png', png, 'image/png')).rejects.toThrow('Not a media key');
      await expect(storage.put('7/../../escape.png', png, 'image/png')).rejects.toThrow('Not a media key');
      await expect(storage.put('/absolute.png', png, 'image/png')).rejects.toThrow('Not a media key');
      expect(await storage.get('../escape.png')).toBeNull();
    });
  });
}

storageContract('local disk', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'atrium-media-'));
  return { storage: localMediaStorage(dir), close: () => rm(dir, { recursive: true, force: true }) };
});

storageContract('S3 (s3rver)', async () => {
  const s3: LocalS3 = await startLocalS3();
  return { storage: s3MediaStorage(s3.config), close: () => s3.close() };
});

describe('the local disk storage', () => {
  it('keeps files inside its folder only, with no temporary file left behind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atrium-media-'));
    try {
      await localMediaStorage(dir).put('3/abc.png', png, 'image/png');
      expect((await readdir(join(dir, '3'))).sort()).toEqual(['abc.png', 'abc.png.type']);
      expect(await readdir(dir)).toEqual(['3']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
