// Whether text stays readable on a brand colour and on its hover shade, with the text colour the theme
// puts on each (white or dark, whichever reads better): the owner is warned, not refused, since a
// brand is theirs to choose.
import { contrastRatio } from '../color/luminance';
import { contrastText, hoverShade } from '../color/shades';

/** WCAG AA for body text. */
export const MIN_TEXT_CONTRAST = 4.5;

export interface BrandContrast {
  hover: string;
  /** Contrast of the theme's text on the colour and on its hover shade. */
  onColor: number;
  onHover: number;
  /** Either is below 4.5:1. */
  low: boolean;
}

/** The text's contrast on `hex` and on its hover shade (the one hoverShade rule of the host). */
export function brandContrast(hex: string): BrandContrast {
  const hover = hoverShade(hex);
  const onColor = contrastRatio(hex, contrastText(hex));
  const onHover = contrastRatio(hover, contrastText(hover));
  return { hover, onColor, onHover, low: onColor < MIN_TEXT_CONTRAST || onHover < MIN_TEXT_CONTRAST };
}

/** The console's warning for a low contrast, with both ratios; null when both are fine. */
export function brandContrastWarning(hex: string): string | null {
  const { onColor, onHover, low } = brandContrast(hex);
  if (!low) return null;
  const ratio = (value: number) => `${value.toFixed(1)}:1`;
  return `Text is hard to read on this colour (${ratio(onColor)} on the colour, ${ratio(onHover)} on its hover shade; at least 4.5:1 is recommended).`;
}
