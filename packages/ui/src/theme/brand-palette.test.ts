import { describe, expect, it } from 'vitest';
import { brandPalette, DEFAULT_PRIMARY_COLOR } from './brand-palette';

describe('brandPalette', () => {
  it('derives a light brand colour: hover 20 darker, near-black text, darkened fg for text on white', () => {
    expect(brandPalette('#0EA5E9')).toEqual({
      solid: '#0ea5e9',
      hover: '#086189',
      contrast: '#18181b',
      fg: '#0a72a1',
      subtle: '#e2f4fc',
      muted: '#c3e9fa',
      emphasized: '#9fdbf6',
      focusRing: '#0ea5e9',
      border: '#0ea5e9',
    });
  });

  it('derives a dark brand colour: hover 30 lighter, white text, the colour itself as fg', () => {
    expect(brandPalette('#1e3a8a')).toEqual({
      solid: '#1e3a8a',
      hover: '#6483dd',
      contrast: '#ffffff',
      fg: '#1e3a8a',
      subtle: '#e4e7f1',
      muted: '#c7cee2',
      emphasized: '#a5b0d0',
      focusRing: '#1e3a8a',
      border: '#1e3a8a',
    });
  });

  it('falls back to the neutral default for a colour that is not hex', () => {
    expect([brandPalette('not-a-colour').solid, brandPalette('').hover]).toEqual([
      DEFAULT_PRIMARY_COLOR,
      '#9e9ea8',
    ]);
  });
});
