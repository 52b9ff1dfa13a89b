import { describe, expect, it } from 'vitest';
import { contrastRatio, isDarkColor, relativeLuminance } from './luminance';

describe('relativeLuminance (WCAG)', () => {
  it('is 0 for black and 1 for white', () => {
    expect([relativeLuminance('#000'), relativeLuminance('#fff')]).toEqual([0, 1]);
  });

  it('weights pure red by 0.2126', () => {
    expect(relativeLuminance('#ff0000')).toBeCloseTo(0.2126, 10);
  });

  it('computes a mid-tone brand colour', () => {
    expect(relativeLuminance('#0EA5E9')).toBeCloseTo(0.328868, 6);
  });
});

describe('isDarkColor (luminance below 0.3)', () => {
  it('calls #1e3a8a dark (luminance 0.051)', () => {
    expect(isDarkColor('#1e3a8a')).toBe(true);
  });

  it('calls #0EA5E9 light (luminance 0.329)', () => {
    expect(isDarkColor('#0EA5E9')).toBe(false);
  });

  it('calls pure red dark (luminance 0.2126 is below 0.3 even though it looks bright)', () => {
    expect(isDarkColor('#ff0000')).toBe(true);
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect([contrastRatio('#000000', '#ffffff'), contrastRatio('#0EA5E9', '#0ea5e9')]).toEqual([21, 1]);
  });
});
