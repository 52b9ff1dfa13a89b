import type { ImagePurpose, ImageUploadErrorCode } from '@atrium/domain';
import { getGraphQLClient, MARKETPLACE_HEADER } from '@atrium/graphql-client';

/** What the API answers to an upload: the image's URL and its resized variants' URLs. */
export interface UploadedImage {
  url: string;
  variants: Record<string, string>;
}

/** An upload the API (or the network) refused, with the code the field reacts to. */
export class ImageUploadError extends Error {
  override readonly name = 'ImageUploadError';
  constructor(readonly code: ImageUploadErrorCode) {
    super(code);
  }
}

const KNOWN_CODES: readonly ImageUploadErrorCode[] = [
  'IMAGE_TOO_LARGE',
  'IMAGE_TYPE_NOT_ALLOWED',
  'IMAGE_UNSAFE',
  'IMAGE_UNREADABLE',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'RATE_LIMITED',
];

/**
 * The upload endpoint, on the same origin as the GraphQL endpoint (the host proxies /media to the
 * API as it does /graphql, so the session cookie goes along).
 */
export function mediaUploadUrl(marketplaceId: string, purpose: ImagePurpose): string {
  const path = `/media/${encodeURIComponent(marketplaceId)}/${purpose}`;
  const endpoint = getGraphQLClient().endpoint;
  return /^https?:\/\//.test(endpoint) ? new URL(path, endpoint).href : path;
}

function failureCode(status: number, body: string): ImageUploadErrorCode {
  try {
    const code = (JSON.parse(body) as { error?: { code?: unknown } }).error?.code;
    if (typeof code === 'string' && (KNOWN_CODES as readonly string[]).includes(code)) {
      return code as ImageUploadErrorCode;
    }
  } catch {
    // Not JSON (a proxy's error page): the status decides below.
  }
  if (status === 413) return 'IMAGE_TOO_LARGE';
  if (status === 415) return 'IMAGE_TYPE_NOT_ALLOWED';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 429) return 'RATE_LIMITED';
  return 'UPLOAD_FAILED';
}

function parseUploaded(body: string): UploadedImage | null {
  try {
    const parsed = JSON.parse(body) as Partial<UploadedImage>;
    return typeof parsed.url === 'string' ? { url: parsed.url, variants: parsed.variants ?? {} } : null;
  } catch {
    return null;
  }
}

export interface UploadImageOptions {
  marketplaceId: string;
  purpose: ImagePurpose;
  file: File;
  /** Called with the share sent so far, 0 to 1. */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends an image to the API as the request's body (its type in Content-Type). XMLHttpRequest rather
 * than fetch, because only it reports how much of the body has been sent.
 */
export function uploadImage({ marketplaceId, purpose, file, onProgress, signal }: UploadImageOptions) {
  return new Promise<UploadedImage>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', mediaUploadUrl(marketplaceId, purpose));
    request.withCredentials = true;
    request.setRequestHeader('content-type', file.type || 'application/octet-stream');
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader(MARKETPLACE_HEADER, marketplaceId);
    // The API refuses a cookie-carrying POST that a plain form could send without this header.
    request.setRequestHeader('x-graphql-yoga-csrf', '1');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const uploaded =
        request.status >= 200 && request.status < 300 ? parseUploaded(request.responseText) : null;
      if (uploaded) resolve(uploaded);
      else reject(new ImageUploadError(failureCode(request.status, request.responseText)));
    };
    request.onerror = () => reject(new ImageUploadError('UPLOAD_FAILED'));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
