import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import { type BrandPalette, brandPalette } from './brand-palette';
import { chakraTheme, PALETTES } from './chakra-theme';

// Only the platform's own fonts: no web font to download, nothing from a CDN, text paints at once.
export const SYSTEM_FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

// Chakra's palettes get a `hover` token too, one shade darker than their solid: the button recipe
// below reads `colorPalette.hover`, and a palette without that key would inherit the brand's hover
// from an ancestor's palette through the CSS variable. (Chakra's own hover, the solid at 90% over the
// page, is lighter: white on red's read 4.3:1, under WCAG AA's 4.5:1.)

// Chakra's orange and green solids (the 600 shades) carry white text at 3.6:1 and 3.3:1, under
// WCAG AA's 4.5:1 (a Pending badge is solid orange): their 700 shades reach 5.2:1 and 5.0:1.
const DARKER_SOLIDS = { orange: '{colors.orange.700}', green: '{colors.green.700}' } as const;

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
  // The text changes with the background: white on a dark brand's light hover shade reads 3.8:1.
  const solidHover = { bg: 'colorPalette.hover', color: 'colorPalette.hoverContrast' };
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
              PALETTES.map((name) => [
                name,
                {
                  hover: { value: `{colors.${name}.${name in DARKER_SOLIDS ? '800' : '700'}}` },
                  hoverContrast: { value: `{colors.${name}.contrast}` },
                  ...(name in DARKER_SOLIDS && {
                    solid: { value: DARKER_SOLIDS[name as keyof typeof DARKER_SOLIDS] },
                  }),
                },
              ]),
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
