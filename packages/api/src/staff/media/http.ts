import {
  acceptedImageTypes,
  IMAGE_PURPOSE_OPERATION,
  type ImagePurpose,
  type ImageUploadErrorCode,
  imageUploadMessage,
  isImagePurpose,
  MAX_IMAGE_BYTES,
} from '@atrium/domain';
import type { Plugin } from 'graphql-yoga';
import { ForbiddenError, type RequestSession, UnauthenticatedError } from '../../identity';
import type { Db } from '../../kernel/database/database';
import { NotFoundError } from '../../kernel/errors';
import { consumeRateLimits } from '../../kernel/rate-limits';
import { requireStaff, type StaffAccess } from '../access';
import { recordChange } from '../changes';
import {
  FORMAT_TYPES,
  type ImageFormat,
  imageVariants,
  primaryVariant,
  sniffImage,
  svgIsUnsafe,
  UnreadableImageError,
  type VariantName,
} from './images';
import { isMediaKey, type MediaStorage } from './storage';

export interface MediaPorts {
  db: Db;
  storage: MediaStorage;
  /** The session of a request (its cookies, the marketplace header). */
  session: (request: Request) => RequestSession;
  clock: () => Date;
  /** The header a cookie-carrying POST must carry, as the GraphQL endpoint's CSRF prevention asks. */
  csrfHeader: string;
  /** Uploads per staff member per hour; 0 switches the limit off. */
  uploadsPerHour: number;
}

export const MEDIA_PREFIX = '/media/';

/** `/media/{marketplaceId}/{hash}.{ext}`: the only keys ever written (see images.ts). */
const SERVED_KEY = /^\d+\/[0-9a-f]{32}\.(?:png|jpg|webp|svg)$/;

type Failure = ImageUploadErrorCode | 'CSRF_HEADER_MISSING' | 'NOT_FOUND' | 'METHOD_NOT_ALLOWED';

const STATUS: Record<Failure, number> = {
  IMAGE_TOO_LARGE: 413,
  IMAGE_TYPE_NOT_ALLOWED: 415,
  IMAGE_UNSAFE: 415,
  IMAGE_UNREADABLE: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CSRF_HEADER_MISSING: 403,
  RATE_LIMITED: 429,
  UPLOAD_FAILED: 500,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
};

function failureMessage(code: Failure, purpose: ImagePurpose): string {
  switch (code) {
    case 'CSRF_HEADER_MISSING':
      return 'The upload must be sent by the console.';
    case 'NOT_FOUND':
      return 'Not found.';
    case 'METHOD_NOT_ALLOWED':
      return 'Images are uploaded with POST and read with GET.';
    default:
      return imageUploadMessage(code, purpose);
  }
}

/** Thrown inside an upload to answer with one error code. */
class MediaFailure extends Error {
  constructor(readonly code: Failure) {
    super(code);
  }
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

function failure(code: Failure, purpose: ImagePurpose = 'logo'): Response {
  const headers: Record<string, string> = code === 'METHOD_NOT_ALLOWED' ? { allow: 'GET, HEAD, POST' } : {};
  return json(STATUS[code], { error: { code, message: failureMessage(code, purpose) } }, headers);
}

/**
 * Images of the console at /media: `POST /media/{marketplaceId}/{purpose}` uploads one (its bytes as
 * the body), for a staff member whose role may change what the purpose belongs to; `GET
 * /media/{key}` serves what was stored, cacheable for good since a key names its content.
 */
export function useMedia(ports: MediaPorts): Plugin {
  return {
    async onRequest({ request, url, endResponse }) {
      if (!url.pathname.startsWith(MEDIA_PREFIX)) return;
      const path = url.pathname.slice(MEDIA_PREFIX.length);
      if (request.method === 'GET' || request.method === 'HEAD') {
        endResponse(await serve(ports, path, request.method === 'HEAD'));
      } else if (request.method === 'POST') {
        endResponse(await upload(ports, request, path));
      } else {
        endResponse(failure('METHOD_NOT_ALLOWED'));
      }
    },
  };
}

async function serve(ports: MediaPorts, key: string, headOnly: boolean): Promise<Response> {
  const stored = SERVED_KEY.test(key) && isMediaKey(key) ? await ports.storage.get(key) : null;
  if (!stored) return failure('NOT_FOUND');
  const svg = stored.contentType === FORMAT_TYPES.svg;
  // Read from a file or a socket, never from shared memory.
  return new Response(headOnly ? null : (stored.bytes as Uint8Array<ArrayBuffer>), {
    status: 200,
    headers: {
      'content-type': stored.contentType,
      'content-length': String(stored.bytes.byteLength),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      // Opened on its own, an image runs nothing and reaches nothing; an SVG is downloaded, not shown.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      ...(svg ? { 'content-disposition': `attachment; filename="${key.split('/')[1]}"` } : {}),
    },
  });
}

/** The marketplace and purpose of an upload's path, or null when it names none. */
function uploadTarget(path: string): { marketplaceId: number; purpose: ImagePurpose } | null {
  const match = /^(\d{1,15})\/([a-z-]+)$/.exec(path);
  if (!match?.[1] || !match[2] || !isImagePurpose(match[2])) return null;
  return { marketplaceId: Number(match[1]), purpose: match[2] };
}

async function upload(ports: MediaPorts, request: Request, path: string): Promise<Response> {
  const target = uploadTarget(path);
  if (!target) return failure('NOT_FOUND');
  const { marketplaceId, purpose } = target;
  try {
    if (!request.headers.has(ports.csrfHeader)) throw new MediaFailure('CSRF_HEADER_MISSING');
    const access = await staffAccess(ports, request, marketplaceId, purpose);
    const limit = { scope: 'media:upload', key: String(access.member.id), windowMs: 3_600_000 };
    if (!(await consumeRateLimits(ports.db, ports.clock(), [{ ...limit, limit: ports.uploadsPerHour }]))) {
      throw new MediaFailure('RATE_LIMITED');
    }
    const bytes = await readLimited(request, MAX_IMAGE_BYTES);
    const format = checkedFormat(bytes, purpose);
    const variants = await storeVariants(ports.storage, marketplaceId, bytes, format);
    const url = variants[primaryVariant(purpose, format)];
    const record = {
      marketplaceId,
      staffMemberId: access.member.id,
      actor: access.member.email,
      action: 'media.upload',
    };
    const after = { purpose, type: FORMAT_TYPES[format], bytes: bytes.byteLength, url, variants };
    await ports.db.transaction((tx) =>
      recordChange(tx, record, { subject: `Image for ${purpose.replace('-', ' ')}`, before: null, after }),
    );
    return json(201, { url, variants });
  } catch (error) {
    return uploadFailure(error, purpose);
  }
}

/** Makes and stores the image's variants; their URLs by name. */
async function storeVariants(
  storage: MediaStorage,
  marketplaceId: number,
  bytes: Uint8Array,
  format: ImageFormat,
): Promise<Record<VariantName, string>> {
  const variants = await imageVariants(marketplaceId, bytes, format);
  // A small image's variants can be the same bytes, so the same key: each key is written once.
  const distinct = new Map(variants.map((variant) => [variant.key, variant]));
  await Promise.all(
    [...distinct.values()].map((variant) => storage.put(variant.key, variant.bytes, variant.contentType)),
  );
  return Object.fromEntries(
    variants.map((variant) => [variant.name, `${MEDIA_PREFIX}${variant.key}`]),
  ) as Record<VariantName, string>;
}

/** The answer to an expected refusal; anything else is a fault, answered by withPlainErrors. */
function uploadFailure(error: unknown, purpose: ImagePurpose): Response {
  if (error instanceof MediaFailure) return failure(error.code, purpose);
  if (error instanceof UnauthenticatedError) return failure('UNAUTHENTICATED', purpose);
  if (error instanceof ForbiddenError) return failure('FORBIDDEN', purpose);
  if (error instanceof NotFoundError) return failure('NOT_FOUND', purpose);
  if (error instanceof UnreadableImageError) return failure('IMAGE_UNREADABLE', purpose);
  throw error;
}

async function staffAccess(
  ports: MediaPorts,
  request: Request,
  marketplaceId: number,
  purpose: ImagePurpose,
): Promise<StaffAccess> {
  const context = { db: ports.db, session: ports.session(request) };
  return requireStaff(context, marketplaceId, IMAGE_PURPOSE_OPERATION[purpose]);
}

/** What the bytes are, if the purpose accepts it; an SVG only when it can run and fetch nothing. */
function checkedFormat(bytes: Uint8Array, purpose: ImagePurpose): ImageFormat {
  const format = sniffImage(bytes);
  if (!format || !acceptedImageTypes(purpose).includes(FORMAT_TYPES[format])) {
    throw new MediaFailure('IMAGE_TYPE_NOT_ALLOWED');
  }
  if (format === 'svg' && svgIsUnsafe(bytes)) throw new MediaFailure('IMAGE_UNSAFE');
  return format;
}

/** The body, refused (IMAGE_TOO_LARGE) as soon as it is known to pass `limit` bytes. */
async function readLimited(request: Request, limit: number): Promise<Uint8Array> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit) {
    throw new MediaFailure('IMAGE_TOO_LARGE');
  }
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > limit) {
      await reader.cancel();
      throw new MediaFailure('IMAGE_TOO_LARGE');
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
