import {
  contrastText,
  hoverShade,
  isHexColor,
  mixColors,
  normalizeHexColor,
  readableOn,
} from '@atrium/domain';

/** Used when a marketplace's primaryColor is not a hex colour: a neutral grey rather than a crash. */
export const DEFAULT_PRIMARY_COLOR = '#52525b';

/** The `brand` colour palette's semantic values, all `#rrggbb`. */
export interface BrandPalette {
  /** Filled surfaces (solid buttons): the marketplace's primaryColor. */
  solid: string;
  /** Hover of solid surfaces: 20 darker, or 30 lighter when dark (spec 1). */
  hover: string;
  /** Text and icons on `solid`: white or near-black, whichever reads better. */
  contrast: string;
  /** Brand-coloured text on the light page: primaryColor, darkened until it reaches 4.5:1 on white. */
  fg: string;
  /** Tinted backgrounds, lightest to strongest: 12%, 25% and 40% of the colour over white. */
  subtle: string;
  muted: string;
  emphasized: string;
  focusRing: string;
  border: string;
}

/** Derives the brand palette from a primary colour; an invalid colour falls back to DEFAULT_PRIMARY_COLOR. */
export function brandPalette(primaryColor: string): BrandPalette {
  const solid = normalizeHexColor(isHexColor(primaryColor) ? primaryColor : DEFAULT_PRIMARY_COLOR);
  return {
    solid,
    hover: hoverShade(solid),
    contrast: contrastText(solid),
    fg: readableOn(solid),
    subtle: mixColors(solid, '#ffffff', 0.12),
    muted: mixColors(solid, '#ffffff', 0.25),
    emphasized: mixColors(solid, '#ffffff', 0.4),
    focusRing: solid,
    border: solid,
  };
}
