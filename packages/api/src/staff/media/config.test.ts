import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { findRepoRoot } from '../../kernel/paths';
import { defaultMediaConfig, loadMediaConfig } from './config';

describe('the media storage configuration', () => {
  it('is left unset without MEDIA_* variables, and then means local disk under <repo root>/.data/media', () => {
    expect(loadMediaConfig({})).toBeUndefined();
    expect(loadMediaConfig({ MEDIA_DIR: '' })).toBeUndefined();
    expect(defaultMediaConfig()).toEqual({
      storage: { kind: 'local', dir: join(findRepoRoot() ?? '', '.data', 'media') },
      uploadsPerHour: 120,
    });
  });

  it('reads a local folder and the upload allowance', () => {
    expect(loadMediaConfig({ MEDIA_DIR: 'var/media', MEDIA_UPLOADS_PER_HOUR: '30' })).toEqual({
      storage: { kind: 'local', dir: resolve('var/media') },
      uploadsPerHour: 30,
    });
  });

  it('takes a bucket when one is named: region, endpoint, path style and static keys', () => {
    expect(
      loadMediaConfig({
        MEDIA_S3_BUCKET: 'atrium-media',
        MEDIA_S3_REGION: 'eu-central-1',
        MEDIA_S3_ENDPOINT: 'https://s3.example.com',
        MEDIA_S3_FORCE_PATH_STYLE: 'true',
        MEDIA_S3_ACCESS_KEY_ID: 'key',
        MEDIA_S3_SECRET_ACCESS_KEY: 'secret',
      }),
    ).toEqual({
      storage: {
        kind: 's3',
        bucket: 'atrium-media',
        region: 'eu-central-1',
        endpoint: 'https://s3.example.com',
        forcePathStyle: true,
        credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      },
      uploadsPerHour: 120,
    });
    // Without keys, the AWS SDK's own chain (an instance role) supplies them.
    expect(loadMediaConfig({ MEDIA_S3_BUCKET: 'b' })?.storage).toEqual({
      kind: 's3',
      bucket: 'b',
      region: 'us-east-1',
      forcePathStyle: false,
    });
    // MEDIA_STORAGE=local keeps the disk even with a bucket named.
    expect(loadMediaConfig({ MEDIA_STORAGE: 'local', MEDIA_S3_BUCKET: 'b' })?.storage.kind).toBe('local');
  });

  it('refuses what cannot work, naming each variable, when the whole configuration loads', () => {
    expect(() => loadMediaConfig({ MEDIA_STORAGE: 's3' })).toThrow(
      'MEDIA_S3_BUCKET: set it to the bucket to keep images in',
    );
    expect(() => loadMediaConfig({ MEDIA_S3_BUCKET: 'b', MEDIA_S3_ACCESS_KEY_ID: 'key' })).toThrow(
      'MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY: set both or neither',
    );
    expect(() => loadMediaConfig({ MEDIA_STORAGE: 'ftp' })).toThrow(/MEDIA_STORAGE/);
    expect(() => loadMediaConfig({ MEDIA_S3_BUCKET: 'b', MEDIA_S3_ENDPOINT: 'not a url' })).toThrow(
      /MEDIA_S3_ENDPOINT/,
    );
    expect(() => loadConfig({ MEDIA_UPLOADS_PER_HOUR: '-1' })).toThrow(/MEDIA_UPLOADS_PER_HOUR/);
    expect(loadConfig({ MEDIA_S3_BUCKET: 'b' }).media?.storage.kind).toBe('s3');
  });
});
