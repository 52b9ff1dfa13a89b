import { join, resolve } from 'node:path';
import { z } from 'zod';
import { findRepoRoot } from '../../kernel/paths';

/** Where uploaded images are kept: a folder on this machine, or an S3-compatible bucket. */
export type MediaStorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** An S3-compatible service's URL (MinIO, R2, …); AWS's own when unset. */
      endpoint?: string;
      /** Bucket in the path (`endpoint/bucket/key`), as most S3-compatible services need. */
      forcePathStyle: boolean;
      /** Static keys; unset, the AWS SDK's own chain (environment, instance role) supplies them. */
      credentials?: { accessKeyId: string; secretAccessKey: string };
    };

export interface MediaConfig {
  storage: MediaStorageConfig;
  /** Uploads one staff member may make per hour (MEDIA_UPLOADS_PER_HOUR); 0 switches the limit off. */
  uploadsPerHour: number;
}

const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());
const flag = optionalText.pipe(z.enum(['0', '1', 'true', 'false']).optional());

const envSchema = z.object({
  MEDIA_STORAGE: optionalText.pipe(z.enum(['local', 's3']).optional()),
  MEDIA_DIR: optionalText,
  MEDIA_S3_BUCKET: optionalText,
  MEDIA_S3_REGION: optionalText.pipe(z.string().default('us-east-1')),
  MEDIA_S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  MEDIA_S3_FORCE_PATH_STYLE: flag,
  MEDIA_S3_ACCESS_KEY_ID: optionalText,
  MEDIA_S3_SECRET_ACCESS_KEY: optionalText,
  MEDIA_UPLOADS_PER_HOUR: z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : value),
    z.coerce.number().int().min(0).max(100_000).default(120),
  ),
});

/** The local folder when none is configured: beside the embedded database, in the checkout's .data. */
export function defaultMediaDir(): string {
  return join(findRepoRoot() ?? process.cwd(), '.data', 'media');
}

/** Local disk in the default folder, as an unconfigured environment has it. */
export function defaultMediaConfig(): MediaConfig {
  return { storage: { kind: 'local', dir: defaultMediaDir() }, uploadsPerHour: 120 };
}

/**
 * Reads the media storage's part of the environment: S3 when MEDIA_STORAGE=s3 or a bucket is named
 * (MEDIA_S3_*), local disk (MEDIA_DIR) otherwise; undefined when no MEDIA_* variable is set (the app
 * then uses defaultMediaConfig). Throws 'Invalid environment' naming every problem.
 */
export function loadMediaConfig(env: Record<string, string | undefined>): MediaConfig | undefined {
  if (!Object.entries(env).some(([name, value]) => name.startsWith('MEDIA_') && value)) return undefined;
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);
  const values = parsed.data;
  if (values) {
    const s3 = values.MEDIA_STORAGE === 's3' || (!values.MEDIA_STORAGE && values.MEDIA_S3_BUCKET);
    if (s3 && !values.MEDIA_S3_BUCKET)
      problems.push('MEDIA_S3_BUCKET: set it to the bucket to keep images in');
    if (Boolean(values.MEDIA_S3_ACCESS_KEY_ID) !== Boolean(values.MEDIA_S3_SECRET_ACCESS_KEY)) {
      problems.push('MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY: set both or neither');
    }
    if (problems.length === 0) {
      return { storage: storageOf(values, Boolean(s3)), uploadsPerHour: values.MEDIA_UPLOADS_PER_HOUR };
    }
  }
  throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
}

function storageOf(values: z.infer<typeof envSchema>, s3: boolean): MediaStorageConfig {
  if (!s3 || !values.MEDIA_S3_BUCKET) {
    return { kind: 'local', dir: values.MEDIA_DIR ? resolve(values.MEDIA_DIR) : defaultMediaDir() };
  }
  const { MEDIA_S3_ACCESS_KEY_ID: accessKeyId, MEDIA_S3_SECRET_ACCESS_KEY: secretAccessKey } = values;
  return {
    kind: 's3',
    bucket: values.MEDIA_S3_BUCKET,
    region: values.MEDIA_S3_REGION,
    ...(values.MEDIA_S3_ENDPOINT ? { endpoint: values.MEDIA_S3_ENDPOINT } : {}),
    forcePathStyle: values.MEDIA_S3_FORCE_PATH_STYLE === '1' || values.MEDIA_S3_FORCE_PATH_STYLE === 'true',
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
  };
}
