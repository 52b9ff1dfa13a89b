import type { MediaStorageConfig } from './config';
import { s3MediaStorage } from './s3-storage';
import { localMediaStorage, type MediaStorage } from './storage';

/** The configured adapter: the bucket when one is configured, else the local folder. */
export function createMediaStorage(config: MediaStorageConfig): MediaStorage {
  return config.kind === 's3' ? s3MediaStorage(config) : localMediaStorage(config.dir);
}
