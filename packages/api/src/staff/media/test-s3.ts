import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { MediaStorageConfig } from './config';

export interface LocalS3 {
  config: Extract<MediaStorageConfig, { kind: 's3' }>;
  close(): Promise<void>;
}

/** A real S3 stand-in (s3rver) on a free port over a temporary folder, with one empty bucket. */
export async function startLocalS3(bucket = 'atrium-media'): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'atrium-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    config: {
      kind: 's3',
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      // s3rver's fixed development keys.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
