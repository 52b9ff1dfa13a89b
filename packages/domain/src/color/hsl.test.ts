import { describe, expect, it } from 'vitest';
import { hslToRgb, rgbToHsl } from './hsl';

describe('rgbToHsl', () => {
  it('converts pure red to hue 0, full saturation, half lightness', () => {
    expect(rgbToHsl({ r: 255, g: 0, b: 0 })).toEqual({ h: 0, s: 1, l: 0.5 });
  });

  it('gives greys zero hue and saturation', () => {
    expect(rgbToHsl({ r: 51, g: 51, b: 51 })).toEqual({ h: 0, s: 0, l: 0.2 });
  });

  it('places blue at 240 degrees', () => {
    expect(rgbToHsl({ r: 0, g: 0, b: 255 }).h).toBe(240);
  });
});

describe('hslToRgb', () => {
  it('round-trips a brand colour', () => {
    const { r, g, b } = hslToRgb(rgbToHsl({ r: 14, g: 165, b: 233 }));
    expect([Math.round(r), Math.round(g), Math.round(b)]).toEqual([14, 165, 233]);
  });

  it('converts hue 120 at full saturation to pure green', () => {
    expect(hslToRgb({ h: 120, s: 1, l: 0.5 })).toEqual({ r: 0, g: 255, b: 0 });
  });
});
