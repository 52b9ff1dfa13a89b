import { contrastRatio } from '@atrium/domain';
import { describe, expect, it } from 'vitest';
import { brandPalette, DEFAULT_PRIMARY_COLOR } from './brand-palette';

describe('brandPalette', () => {
  it('derives a light brand colour: hover 20 darker, near-black text, darkened fg for text on white', () => {
    expect(brandPalette('#0EA5E9')).toEqual({
      solid: '#0ea5e9',
      hover: '#086189',
      contrast: '#18181b',
      hoverContrast: '#ffffff',
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
      hoverContrast: '#18181b',
      fg: '#1e3a8a',
      subtle: '#e4e7f1',
      muted: '#c7cee2',
      emphasized: '#a5b0d0',
      focusRing: '#1e3a8a',
      border: '#1e3a8a',
    });
  });

  it('darkens fg until it reads at 4.5:1 on the grey muted panels and the brand tint, not only on white', () => {
    // Glow's sky blue: darkened for white alone, its text read 4.46:1 on the grey waitlist panel.
    for (const primary of ['#38bdf8', '#f59e0b', '#22c55e', '#312e81']) {
      const { fg, subtle } = brandPalette(primary);
      for (const background of ['#ffffff', '#f4f4f5', subtle]) {
        expect(contrastRatio(fg, background), `${primary} on ${background}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('falls back to the neutral default for a colour that is not hex', () => {
    expect([brandPalette('not-a-colour').solid, brandPalette('').hover]).toEqual([
      DEFAULT_PRIMARY_COLOR,
      '#9e9ea8',
    ]);
  });
});
