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

/** The muted panels' grey (Chakra's gray.100, bg.muted), the darkest light surface brand text sits on. */
const MUTED_PANEL = '#f4f4f5';

/** The `brand` colour palette's semantic values, all `#rrggbb`. */
export interface BrandPalette {
  /** Filled surfaces (solid buttons): the marketplace's primaryColor. */
  solid: string;
  /** Hover of solid surfaces: 20 darker, or 30 lighter when dark. */
  hover: string;
  /** Text and icons on `solid`: white or near-black, whichever reads better. */
  contrast: string;
  /** Text and icons on `hover`: the same choice for the hover shade (a dark brand hovers much lighter). */
  hoverContrast: string;
  /**
   * Brand-coloured text on the light page: primaryColor, darkened until it reaches 4.5:1 on the
   * light surfaces it is shown on (white, the grey muted panels, the brand's own subtle tint).
   */
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
  const subtle = mixColors(solid, '#ffffff', 0.12);
  const hover = hoverShade(solid);
  return {
    solid,
    hover,
    contrast: contrastText(solid),
    hoverContrast: contrastText(hover),
    fg: readableOn(readableOn(solid, MUTED_PANEL), subtle),
    subtle,
    muted: mixColors(solid, '#ffffff', 0.25),
    emphasized: mixColors(solid, '#ffffff', 0.4),
    focusRing: solid,
    border: solid,
  };
}
