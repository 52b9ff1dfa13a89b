import type { StaffOperation } from '../staff/permissions';

/** What an uploaded image is for; each purpose has its own permission and accepted types. */
export const IMAGE_PURPOSES = [
  'category-thumbnail',
  'category-banner',
  'service-thumbnail',
  'practitioner-photo',
  'logo',
  'favicon',
] as const;

export type ImagePurpose = (typeof IMAGE_PURPOSES)[number];

export function isImagePurpose(value: string): value is ImagePurpose {
  return (IMAGE_PURPOSES as readonly string[]).includes(value);
}

/** The console operation a member needs to upload an image for each purpose. */
export const IMAGE_PURPOSE_OPERATION: Record<ImagePurpose, StaffOperation> = {
  'category-thumbnail': 'editCatalogue',
  'category-banner': 'editCatalogue',
  'service-thumbnail': 'editCatalogue',
  'practitioner-photo': 'editPractitioners',
  logo: 'editSettings',
  favicon: 'editSettings',
};

/** The largest image accepted, in bytes (5 MiB). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const RASTER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const SVG_IMAGE_TYPE = 'image/svg+xml';

/** The content types accepted for a purpose: vector art only for a logo or favicon. */
export function acceptedImageTypes(purpose: ImagePurpose): string[] {
  return purpose === 'logo' || purpose === 'favicon'
    ? [...RASTER_IMAGE_TYPES, SVG_IMAGE_TYPE]
    : [...RASTER_IMAGE_TYPES];
}

/** Why an upload was refused; the API answers with one of these codes and the console reacts to it. */
export type ImageUploadErrorCode =
  | 'IMAGE_TOO_LARGE'
  | 'IMAGE_TYPE_NOT_ALLOWED'
  | 'IMAGE_UNSAFE'
  | 'IMAGE_UNREADABLE'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'RATE_LIMITED'
  | 'UPLOAD_FAILED';

const MEGABYTES = MAX_IMAGE_BYTES / (1024 * 1024);

/** The message shown for each refusal, the same in the API's answer and the console's field. */
export function imageUploadMessage(code: ImageUploadErrorCode, purpose: ImagePurpose): string {
  switch (code) {
    case 'IMAGE_TOO_LARGE':
      return `The image is too large: choose one of at most ${MEGABYTES} MB.`;
    case 'IMAGE_TYPE_NOT_ALLOWED':
      return acceptedImageTypes(purpose).includes(SVG_IMAGE_TYPE)
        ? 'Choose a PNG, JPEG, WebP or SVG image.'
        : 'Choose a PNG, JPEG or WebP image.';
    case 'IMAGE_UNSAFE':
      return 'This SVG holds scripts or links to other files. Export it again without them, or choose a PNG.';
    case 'IMAGE_UNREADABLE':
      return 'The image could not be read: it may be damaged. Choose another.';
    case 'UNAUTHENTICATED':
      return 'Your session has ended. Sign in again to upload images.';
    case 'FORBIDDEN':
      return 'Your role cannot change this image.';
    case 'RATE_LIMITED':
      return 'Too many uploads in a short time. Wait a minute and try again.';
    case 'UPLOAD_FAILED':
      return 'The image could not be uploaded. Try again.';
  }
}

/**
 * What the browser can check before uploading: the size, and the type it claims (the API checks the
 * bytes themselves). Null when the file may be sent.
 */
export function checkImageFile(
  file: { size: number; type: string },
  purpose: ImagePurpose,
): ImageUploadErrorCode | null {
  if (file.size > MAX_IMAGE_BYTES) return 'IMAGE_TOO_LARGE';
  if (!acceptedImageTypes(purpose).includes(file.type)) return 'IMAGE_TYPE_NOT_ALLOWED';
  return null;
}
