import { describe, expect, it } from 'vitest';
import {
  acceptedImageTypes,
  checkImageFile,
  IMAGE_PURPOSE_OPERATION,
  IMAGE_PURPOSES,
  imageUploadMessage,
  isImagePurpose,
  MAX_IMAGE_BYTES,
} from './images';

describe('image upload rules', () => {
  it('accepts SVG only for a logo or favicon', () => {
    for (const purpose of IMAGE_PURPOSES) {
      expect(acceptedImageTypes(purpose).includes('image/svg+xml'), purpose).toBe(
        purpose === 'logo' || purpose === 'favicon',
      );
      expect(acceptedImageTypes(purpose)).toEqual(
        expect.arrayContaining(['image/png', 'image/jpeg', 'image/webp']),
      );
    }
  });

  it('asks for the permission of what the image belongs to', () => {
    expect(IMAGE_PURPOSE_OPERATION).toEqual({
      'category-thumbnail': 'editCatalogue',
      'category-banner': 'editCatalogue',
      'service-thumbnail': 'editCatalogue',
      'practitioner-photo': 'editPractitioners',
      logo: 'editSettings',
      favicon: 'editSettings',
    });
    expect(isImagePurpose('logo')).toBe(true);
    expect(isImagePurpose('wallpaper')).toBe(false);
  });

  it('checks size, then the claimed type, before anything is sent', () => {
    expect(checkImageFile({ size: MAX_IMAGE_BYTES, type: 'image/png' }, 'logo')).toBeNull();
    expect(checkImageFile({ size: MAX_IMAGE_BYTES + 1, type: 'image/png' }, 'logo')).toBe('IMAGE_TOO_LARGE');
    expect(checkImageFile({ size: 10, type: 'image/gif' }, 'logo')).toBe('IMAGE_TYPE_NOT_ALLOWED');
    expect(checkImageFile({ size: 10, type: 'image/svg+xml' }, 'service-thumbnail')).toBe(
      'IMAGE_TYPE_NOT_ALLOWED',
    );
    expect(checkImageFile({ size: 10, type: 'image/svg+xml' }, 'favicon')).toBeNull();
  });

  it('names the types a purpose takes in its message', () => {
    expect(imageUploadMessage('IMAGE_TYPE_NOT_ALLOWED', 'logo')).toBe(
      'Choose a PNG, JPEG, WebP or SVG image.',
    );
    expect(imageUploadMessage('IMAGE_TYPE_NOT_ALLOWED', 'category-banner')).toBe(
      'Choose a PNG, JPEG or WebP image.',
    );
    expect(imageUploadMessage('IMAGE_TOO_LARGE', 'logo')).toBe(
      'The image is too large: choose one of at most 5 MB.',
    );
  });
});
