import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { MediaStorageConfig } from './config';
import { isMediaKey, type MediaStorage } from './storage';

type S3Config = Extract<MediaStorageConfig, { kind: 's3' }>;

/**
 * Keeps objects in an S3-compatible bucket. The API serves them itself (a GET proxied to the bucket),
 * so the bucket can stay private and pages need no other origin for images.
 */
export function s3MediaStorage(config: S3Config, client: S3Client = s3Client(config)): MediaStorage {
  const { bucket } = config;
  return {
    async put(key, bytes, contentType) {
      if (!isMediaKey(key)) throw new Error(`Not a media key: ${key}`);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      if (!isMediaKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!object.Body) return null;
        return {
          bytes: await object.Body.transformToByteArray(),
          contentType: object.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isMediaKey(key)) throw new Error(`Not a media key: ${key}`);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });
}
