import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import { type BrandPalette, brandPalette } from './brand-palette';
import { chakraTheme, PALETTES } from './chakra-theme';

// Only the platform's own fonts: no web font to download, nothing from a CDN, text paints at once.
export const SYSTEM_FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

// Chakra's palettes get a `hover` token too (their usual solid at 90%): the button recipe below
// reads `colorPalette.hover`, and a palette without that key would inherit the brand's hover from an
// ancestor's palette through the CSS variable.

function paletteTokens(palette: BrandPalette) {
  return Object.fromEntries(Object.entries(palette).map(([name, value]) => [name, { value }]));
}

const systems = new Map<string, SystemContext>();

/**
 * The system of a marketplace's colour, built once per colour: building one takes tens of
 * milliseconds (every token's CSS variable), and the browser builds it before its first render.
 */
export function tenantSystem(primaryColor: string): SystemContext {
  let system = systems.get(primaryColor);
  if (!system) {
    system = createTenantSystem(primaryColor);
    systems.set(primaryColor, system);
  }
  return system;
}

/**
 * The Chakra v3 system of one marketplace: Chakra's defaults plus a `brand` palette from its
 * primaryColor, brand as the buttons' default palette (a `colorPalette` prop still overrides it),
 * solid buttons hovering to the spec's hover shade, and system fonts. An invalid colour gives a
 * neutral brand instead of an error.
 */
export function createTenantSystem(primaryColor: string): SystemContext {
  const palette = brandPalette(primaryColor);
  const solidHover = { bg: 'colorPalette.hover' };
  return createSystem(
    defaultBaseConfig,
    chakraTheme,
    defineConfig({
      theme: {
        tokens: {
          fonts: {
            heading: { value: SYSTEM_FONT_STACK },
            body: { value: SYSTEM_FONT_STACK },
          },
        },
        semanticTokens: {
          colors: {
            brand: paletteTokens(palette),
            ...Object.fromEntries(
              PALETTES.map((name) => [name, { hover: { value: `{colors.${name}.solid/90}` } }]),
            ),
          },
        },
        recipes: {
          button: {
            base: { colorPalette: 'brand' },
            variants: {
              variant: {
                solid: { _hover: solidHover, _expanded: solidHover },
              },
            },
          },
        },
      },
    }),
  );
}
