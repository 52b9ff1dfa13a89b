import { contrastRatio } from '@atrium/domain';
import { describe, expect, it } from 'vitest';
import { createTenantSystem, SYSTEM_FONT_STACK, tenantSystem } from './create-tenant-system';

function cssVariables(primaryColor: string): Record<string, string> {
  const variables: Record<string, string> = {};
  const collect = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('--') && typeof value === 'string') variables[key] ??= value;
      else collect(value);
    }
  };
  collect(createTenantSystem(primaryColor).getTokenCss());
  return variables;
}

describe('createTenantSystem (branding)', () => {
  it("dims the page behind dialogs and drawers (their backdrop's colour is in the theme)", () => {
    const backdrop = cssVariables('#0EA5E9')['--chakra-colors-black-alpha-500'] ?? '';
    const alpha = Number(/rgba\(0, 0, 0, ([\d.]+)\)/.exec(backdrop)?.[1]);
    expect(alpha).toBeGreaterThanOrEqual(0.2);
  });

  it('gives error and subtle text at least 4.5:1 contrast on white (WCAG AA)', () => {
    const vars = cssVariables('#0EA5E9');
    expect(vars['--chakra-colors-fg-error']).toBe('var(--chakra-colors-red-700)');
    expect(vars['--chakra-colors-red-700']).toBe('#991919');
    expect(vars['--chakra-colors-fg-subtle']).toBe('var(--chakra-colors-gray-500)');
    expect(vars['--chakra-colors-gray-500']).toBe('#71717a');
  });

  it('puts white text on orange and green solids (a Pending badge) at 4.5:1 or more: their 700 shades', () => {
    const vars = cssVariables('#0EA5E9');
    expect(vars['--chakra-colors-orange-solid']).toBe('var(--chakra-colors-orange-700)');
    expect(vars['--chakra-colors-green-solid']).toBe('var(--chakra-colors-green-700)');
    expect(contrastRatio(vars['--chakra-colors-orange-700'] ?? '', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(vars['--chakra-colors-green-700'] ?? '', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // The others already did.
    expect(vars['--chakra-colors-red-solid']).toBe('var(--chakra-colors-red-600)');
  });

  it('resolves brand.solid to a light primary colour and brand.hover to 20 darker', () => {
    const vars = cssVariables('#0EA5E9');
    expect([
      vars['--chakra-colors-brand-solid'],
      vars['--chakra-colors-brand-hover'],
      vars['--chakra-colors-brand-contrast'],
    ]).toEqual(['#0ea5e9', '#086189', '#18181b']);
  });

  it('resolves brand.solid to a dark primary colour and brand.hover to 30 lighter', () => {
    const vars = cssVariables('#1e3a8a');
    expect([
      vars['--chakra-colors-brand-solid'],
      vars['--chakra-colors-brand-hover'],
      vars['--chakra-colors-brand-contrast'],
    ]).toEqual(['#1e3a8a', '#6483dd', '#ffffff']);
  });

  it('defines fg, subtle, muted, emphasized and focusRing for the brand palette', () => {
    const vars = cssVariables('#1e3a8a');
    expect([
      vars['--chakra-colors-brand-fg'],
      vars['--chakra-colors-brand-subtle'],
      vars['--chakra-colors-brand-muted'],
      vars['--chakra-colors-brand-emphasized'],
      vars['--chakra-colors-brand-focus-ring'],
    ]).toEqual(['#1e3a8a', '#e4e7f1', '#c7cee2', '#a5b0d0', '#1e3a8a']);
  });

  it('falls back to a neutral brand instead of crashing on an invalid colour', () => {
    expect(cssVariables('teal')['--chakra-colors-brand-solid']).toBe('#52525b');
  });

  it('makes brand the default palette of buttons, hovering solid buttons to colorPalette.hover', () => {
    const button = createTenantSystem('#0EA5E9').getRecipe('button');
    expect([button.base.colorPalette, button.variants.variant.solid._hover]).toEqual([
      'brand',
      { bg: 'colorPalette.hover', color: 'colorPalette.hoverContrast' },
    ]);
  });

  it("maps colorPalette brand's hover variable to the brand hover shade", () => {
    const styles = createTenantSystem('#0EA5E9').css({ colorPalette: 'brand' });
    expect(styles['--chakra-colors-color-palette-hover']).toBe('var(--chakra-colors-brand-hover)');
  });

  it("hovers Chakra's own palettes to a darker shade, whose white text reads at least 4.5:1", () => {
    const vars = cssVariables('#0EA5E9');
    expect(vars['--chakra-colors-red-hover']).toBe('var(--chakra-colors-red-700)');
    expect(vars['--chakra-colors-orange-hover']).toBe('var(--chakra-colors-orange-800)');
    expect(vars['--chakra-colors-red-hover-contrast']).toBe('var(--chakra-colors-red-contrast)');
    for (const palette of ['red', 'gray', 'blue', 'orange', 'green']) {
      const shade = (vars[`--chakra-colors-${palette}-hover`] ?? '').replace(
        /^var\(--chakra-colors-(.*)\)$/,
        '$1',
      );
      const hex = vars[`--chakra-colors-${shade}`] ?? '';
      expect(contrastRatio(hex, '#ffffff'), `${palette} hover ${hex}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("gives a dark brand's light hover shade near-black text (white read 3.8:1 on Nocturne's)", () => {
    const vars = cssVariables('#312e81');
    const hover = vars['--chakra-colors-brand-hover'] ?? '';
    expect(vars['--chakra-colors-brand-hover-contrast']).toBe('#18181b');
    expect(contrastRatio(hover, '#18181b')).toBeGreaterThanOrEqual(4.5);
  });

  it('uses the system font stack only', () => {
    const system = createTenantSystem('#0EA5E9');
    expect([system.token('fonts.body'), system.token('fonts.heading')]).toEqual([
      SYSTEM_FONT_STACK,
      SYSTEM_FONT_STACK,
    ]);
  });

  it("defines the product's palettes (brand, gray and the status colours) and none of Chakra's others", () => {
    const vars = cssVariables('#0EA5E9');
    for (const palette of ['brand', 'gray', 'red', 'orange', 'green', 'blue']) {
      expect(vars[`--chakra-colors-${palette}-solid`]).toBeDefined();
    }
    for (const palette of ['yellow', 'teal', 'cyan', 'purple', 'pink']) {
      expect(Object.keys(vars).some((name) => name.startsWith(`--chakra-colors-${palette}-`))).toBe(false);
    }
  });

  it('holds light-mode values only: no dark-mode CSS that would never apply', () => {
    const css = JSON.stringify(createTenantSystem('#0EA5E9').getTokenCss());
    expect(css).not.toContain('.dark');
    expect(cssVariables('#0EA5E9')['--chakra-colors-bg']).toBe('var(--chakra-colors-white)');
  });

  it('builds one system per colour', () => {
    expect(tenantSystem('#0EA5E9')).toBe(tenantSystem('#0EA5E9'));
    expect(tenantSystem('#0EA5E9')).not.toBe(tenantSystem('#1e3a8a'));
  });
});
