import { createHash } from 'node:crypto';
import type { ImagePurpose } from '@atrium/domain';
import sharp, { type Sharp } from 'sharp';

/** The image formats accepted, told by their bytes. */
export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'svg';

export const FORMAT_TYPES: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

const EXTENSIONS: Record<ImageFormat, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', svg: 'svg' };

const startsWith = (bytes: Uint8Array, prefix: number[], offset = 0) =>
  bytes.length >= offset + prefix.length && prefix.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** What the bytes are (their magic numbers, or an SVG's markup), whatever the request claimed. */
export function sniffImage(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return svgMarkup(bytes) === null ? null : 'svg';
}

/** The text of an SVG document (UTF-8, its root element `<svg`), or null. */
function svgMarkup(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // Past the XML declaration, comments and white space, the first element must be the svg root.
  const prologue = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*/.exec(text)?.[0] ?? '';
  return /^<svg[\s>]/i.test(text.slice(prologue.length)) ? text : null;
}

/**
 * Whether an SVG can run or fetch anything: scripts, event handlers, embedded documents, entity
 * declarations, or a reference (href, url()) to anything but a fragment of itself. Such a file is
 * refused rather than cleaned, since a cleaner that misses one trick would let it through.
 */
export function svgIsUnsafe(bytes: Uint8Array): boolean {
  const text = svgMarkup(bytes);
  if (text === null) return true;
  const patterns = [
    /<\s*script/i,
    /<\s*!\s*(DOCTYPE|ENTITY)/i,
    /<\s*(foreignObject|iframe|embed|object|audio|video|handler|listener)\b/i,
    /[\s/"']on[a-z]+\s*=/i,
    /\bhref\s*=\s*(?!["']\s*#)/i,
    /url\s*\(\s*(?!["']?\s*#)/i,
    /@import/i,
    /javascript\s*:/i,
  ];
  return patterns.some((pattern) => pattern.test(text));
}

/** An image's stored forms: the original (bounded), 1200 px and 400 px wide. */
export type VariantName = 'original' | 'large' | 'thumbnail';

export interface ImageVariant {
  name: VariantName;
  /** `{marketplaceId}/{hash of the bytes}.{ext}`: a new image never reuses a key. */
  key: string;
  bytes: Uint8Array;
  contentType: string;
}

/** Widths of the resized variants, and the bound of the original (either side). */
export const VARIANT_WIDTHS = { large: 1200, thumbnail: 400 } as const;
export const ORIGINAL_BOUND = 2400;

/** At most 40 megapixels are decoded, so a small file that unpacks to a huge image is refused. */
const PIXEL_LIMIT = 40_000_000;

/** The image unpacked to more pixels than allowed, or could not be decoded. */
export class UnreadableImageError extends Error {
  override readonly name = 'UnreadableImageError';
}

const keyOf = (marketplaceId: number, bytes: Uint8Array, format: ImageFormat) =>
  `${marketplaceId}/${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${EXTENSIONS[format]}`;

function source(bytes: Uint8Array, format: ImageFormat): Sharp {
  // An SVG is drawn at twice its size, so the raster variants stay sharp.
  return (
    sharp(bytes, {
      limitInputPixels: PIXEL_LIMIT,
      failOn: 'error',
      ...(format === 'svg' ? { density: 144 } : {}),
    })
      // Turned upright by its EXIF orientation; sharp writes no metadata (camera, place) into the output.
      .rotate()
  );
}

async function encodeOriginal(bytes: Uint8Array, format: ImageFormat): Promise<Uint8Array> {
  if (format === 'svg') return bytes;
  const bounded = source(bytes, format).resize({
    width: ORIGINAL_BOUND,
    height: ORIGINAL_BOUND,
    fit: 'inside',
    withoutEnlargement: true,
  });
  const encoded =
    format === 'png'
      ? bounded.png()
      : format === 'jpeg'
        ? bounded.jpeg({ quality: 90, mozjpeg: true })
        : bounded.webp({ quality: 90 });
  return new Uint8Array(await encoded.toBuffer());
}

async function encodeWidth(bytes: Uint8Array, format: ImageFormat, width: number): Promise<Uint8Array> {
  const resized = source(bytes, format).resize({ width, withoutEnlargement: true });
  return new Uint8Array(await resized.webp({ quality: 82 }).toBuffer());
}

/** The original (bounded, re-encoded without metadata; an SVG as it came) and webp variants. */
export async function imageVariants(
  marketplaceId: number,
  bytes: Uint8Array,
  format: ImageFormat,
): Promise<ImageVariant[]> {
  try {
    const [original, large, thumbnail] = await Promise.all([
      encodeOriginal(bytes, format),
      encodeWidth(bytes, format, VARIANT_WIDTHS.large),
      encodeWidth(bytes, format, VARIANT_WIDTHS.thumbnail),
    ]);
    const variant = (name: VariantName, data: Uint8Array, as: ImageFormat): ImageVariant => ({
      name,
      key: keyOf(marketplaceId, data, as),
      bytes: data,
      contentType: FORMAT_TYPES[as],
    });
    return [
      variant('original', original, format),
      variant('large', large, 'webp'),
      variant('thumbnail', thumbnail, 'webp'),
    ];
  } catch (error) {
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The variant a purpose shows by default: vector art as drawn, small pictures (thumbnails, photos,
 * favicons) at 400 px, banners and logos at 1200 px.
 */
export function primaryVariant(purpose: ImagePurpose, format: ImageFormat): VariantName {
  if (format === 'svg') return 'original';
  return purpose === 'category-banner' || purpose === 'logo' ? 'large' : 'thumbnail';
}
