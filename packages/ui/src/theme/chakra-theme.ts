import { defineConfig } from '@chakra-ui/react';
// Chakra's default theme, piece by piece: its index module builds one config holding every recipe
// (~30 KB gzip), which no bundler can drop. Importing the pieces keeps only the recipes we render.
import { breakpoints } from '#chakra-theme/breakpoints';
import { globalCss } from '#chakra-theme/global-css';
import { layerStyles } from '#chakra-theme/layer-styles';
import { animationStyles } from '#chakra-theme/motion-styles';
import { accordionSlotRecipe } from '#chakra-theme/recipes/accordion';
import { alertSlotRecipe } from '#chakra-theme/recipes/alert';
import { badgeRecipe } from '#chakra-theme/recipes/badge';
import { buttonRecipe } from '#chakra-theme/recipes/button';
import { cardSlotRecipe } from '#chakra-theme/recipes/card';
import { checkboxSlotRecipe } from '#chakra-theme/recipes/checkbox';
import { checkmarkRecipe } from '#chakra-theme/recipes/checkmark';
import { comboboxSlotRecipe } from '#chakra-theme/recipes/combobox';
import { containerRecipe } from '#chakra-theme/recipes/container';
import { dialogSlotRecipe } from '#chakra-theme/recipes/dialog';
import { drawerSlotRecipe } from '#chakra-theme/recipes/drawer';
import { fieldSlotRecipe } from '#chakra-theme/recipes/field';
import { fieldsetSlotRecipe } from '#chakra-theme/recipes/fieldset';
import { headingRecipe } from '#chakra-theme/recipes/heading';
import { iconRecipe } from '#chakra-theme/recipes/icon';
import { inputRecipe } from '#chakra-theme/recipes/input';
import { inputAddonRecipe } from '#chakra-theme/recipes/input-addon';
import { linkRecipe } from '#chakra-theme/recipes/link';
import { listSlotRecipe } from '#chakra-theme/recipes/list';
import { nativeSelectSlotRecipe } from '#chakra-theme/recipes/native-select';
import { pinInputSlotRecipe } from '#chakra-theme/recipes/pin-input';
import { radioGroupSlotRecipe } from '#chakra-theme/recipes/radio-group';
import { radiomarkRecipe } from '#chakra-theme/recipes/radiomark';
import { segmentGroupSlotRecipe } from '#chakra-theme/recipes/segment-group';
import { separatorRecipe } from '#chakra-theme/recipes/separator';
import { skeletonRecipe } from '#chakra-theme/recipes/skeleton';
import { spinnerRecipe } from '#chakra-theme/recipes/spinner';
import { tableSlotRecipe } from '#chakra-theme/recipes/table';
import { tabsSlotRecipe } from '#chakra-theme/recipes/tabs';
import { textareaRecipe } from '#chakra-theme/recipes/textarea';
import { semanticColors } from '#chakra-theme/semantic-tokens/colors';
import { semanticRadii } from '#chakra-theme/semantic-tokens/radii';
import { semanticShadows } from '#chakra-theme/semantic-tokens/shadows';
import { textStyles } from '#chakra-theme/text-styles';
import { animations } from '#chakra-theme/tokens/animations';
import { aspectRatios } from '#chakra-theme/tokens/aspect-ratios';
import { blurs } from '#chakra-theme/tokens/blurs';
import { borders } from '#chakra-theme/tokens/borders';
import { colors } from '#chakra-theme/tokens/colors';
import { cursor } from '#chakra-theme/tokens/cursor';
import { durations } from '#chakra-theme/tokens/durations';
import { easings } from '#chakra-theme/tokens/easings';
import { fontSizes } from '#chakra-theme/tokens/font-sizes';
import { fontWeights } from '#chakra-theme/tokens/font-weights';
import { fonts } from '#chakra-theme/tokens/fonts';
import { keyframes } from '#chakra-theme/tokens/keyframes';
import { letterSpacings } from '#chakra-theme/tokens/letter-spacing';
import { lineHeights } from '#chakra-theme/tokens/line-heights';
import { radii } from '#chakra-theme/tokens/radius';
import { sizes } from '#chakra-theme/tokens/sizes';
import { spacing } from '#chakra-theme/tokens/spacing';
import { zIndices } from '#chakra-theme/tokens/z-indices';

/**
 * The colour palettes the product renders: the tenant's brand (added per tenant), neutral gray, and
 * the status colours of alerts and toasts (error, warning, success, info). Chakra's other palettes
 * are left out of the theme: every palette adds some forty CSS variables that each page would build
 * and parse at start-up. A component given another palette would render uncoloured: add it here.
 */
export const PALETTES = ['gray', 'red', 'orange', 'green', 'blue'] as const;
// blackAlpha: the dim behind every dialog and drawer (their backdrop is blackAlpha.500).
const NON_PALETTE_COLORS = ['transparent', 'current', 'black', 'blackAlpha', 'white', 'bg', 'fg', 'border'];

function withPalettes<T extends Record<string, unknown>>(tokens: T): T {
  const kept = new Set<string>([...PALETTES, ...NON_PALETTE_COLORS]);
  return Object.fromEntries(Object.entries(tokens).filter(([name]) => kept.has(name))) as T;
}

/**
 * The light values of semantic tokens only: the product has no dark mode, so the `_dark` half of
 * each token would only add CSS that never applies.
 */
function lightOnly<T>(tokens: T): T {
  if (typeof tokens !== 'object' || tokens === null) return tokens;
  const light = (tokens as { _light?: unknown })._light;
  if (light !== undefined && '_dark' in tokens) return light as T;
  return Object.fromEntries(Object.entries(tokens).map(([key, value]) => [key, lightOnly(value)])) as T;
}

/**
 * Text readable by everyone (WCAG AA, 4.5:1): Chakra's error text (red.500, 3.76:1 on white) and
 * subtle text (gray.400, 2.56:1) are too faint. red.700 reads at 8.4:1 on white and 7.7:1 on the
 * error alerts' red.50; gray.500 at 4.8:1 on white.
 */
function withReadableText<T extends { fg?: Record<string, unknown> }>(tokens: T): T {
  return {
    ...tokens,
    fg: { ...tokens.fg, error: { value: '{colors.red.700}' }, subtle: { value: '{colors.gray.500}' } },
  };
}

/** Recipes of the components @atrium/ui offers; a component added to the offer needs its recipe here. */
export const recipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
  checkmark: checkmarkRecipe,
  radiomark: radiomarkRecipe,
};

export const slotRecipes = {
  accordion: accordionSlotRecipe,
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  combobox: comboboxSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  pinInput: pinInputSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  segmentGroup: segmentGroupSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
};

/** Chakra's default theme (tokens, styles, CSS variables) with the recipes above only. */
export const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      aspectRatios,
      animations,
      blurs,
      borders,
      colors: withPalettes(colors),
      durations,
      easings,
      fonts,
      fontSizes,
      fontWeights,
      letterSpacings,
      lineHeights,
      radii,
      spacing,
      sizes,
      zIndex: zIndices,
      cursor,
    },
    semanticTokens: {
      colors: withReadableText(lightOnly(withPalettes(semanticColors))),
      shadows: lightOnly(semanticShadows),
      radii: semanticRadii,
    },
    recipes,
    slotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});
