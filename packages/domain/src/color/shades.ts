import { formatHexColor, normalizeHexColor, parseHexColor } from './hex';
import { hslToRgb, rgbToHsl } from './hsl';
import { contrastRatio, isDarkColor } from './luminance';

export const WHITE_TEXT = '#ffffff';
/** Near-black rather than pure black: softer on coloured surfaces, still far above 4.5:1 on light ones. */
export const DARK_TEXT = '#18181b';

/**
 * Moves HSL lightness by `points` percentage points, clamped to 0..100, as tinycolor's
 * darken/lighten do (darken(20) is `points = -20`).
 */
export function shiftLightness(hex: string, points: number): string {
  const hsl = rgbToHsl(parseHexColor(hex));
  const l = Math.min(1, Math.max(0, hsl.l + points / 100));
  return formatHexColor(hslToRgb({ ...hsl, l }));
}

/** The hover shade is 20 darker, or 30 lighter when the colour is dark (luminance < 0.3). */
export function hoverShade(hex: string): string {
  return isDarkColor(hex) ? shiftLightness(hex, 30) : shiftLightness(hex, -20);
}

/** White or near-black, whichever reads better on `hex` (higher WCAG contrast; white wins ties). */
export function contrastText(hex: string): string {
  return contrastRatio(hex, WHITE_TEXT) >= contrastRatio(hex, DARK_TEXT) ? WHITE_TEXT : DARK_TEXT;
}

/** Mixes `hex` into `base` by `weight` (0 gives base, 1 gives hex), channel by channel in sRGB. */
export function mixColors(hex: string, base: string, weight: number): string {
  const color = parseHexColor(hex);
  const background = parseHexColor(base);
  const w = Math.min(1, Math.max(0, weight));
  return formatHexColor({
    r: background.r + (color.r - background.r) * w,
    g: background.g + (color.g - background.g) * w,
    b: background.b + (color.b - background.b) * w,
  });
}

/**
 * The colour itself if it reaches `minRatio` contrast on `background`, else the same hue darkened
 * in 5-point steps until it does: brand-coloured text must stay legible on a light page even when
 * the brand colour is pale (WCAG AA needs 4.5:1 for body text).
 */
export function readableOn(hex: string, background = WHITE_TEXT, minRatio = 4.5): string {
  let candidate = normalizeHexColor(hex);
  for (let points = 5; contrastRatio(candidate, background) < minRatio && points <= 100; points += 5) {
    candidate = shiftLightness(hex, -points);
  }
  return candidate;
}
