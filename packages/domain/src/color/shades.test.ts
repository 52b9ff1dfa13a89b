import { describe, expect, it } from 'vitest';
import { contrastText, hoverShade, mixColors, readableOn, shiftLightness } from './shades';

describe('hoverShade', () => {
  it('darkens a light colour by 20 lightness points', () => {
    expect(hoverShade('#0EA5E9')).toBe('#086189');
  });

  it('darkens yellow #facc15 by 20 points', () => {
    expect(hoverShade('#facc15')).toBe('#a58504');
  });

  it('darkens teal #14b8a6 (luminance 0.37) by 20 points', () => {
    expect(hoverShade('#14b8a6')).toBe('#0a5c53');
  });

  it('lightens a dark colour (luminance < 0.3) by 30 lightness points', () => {
    expect(hoverShade('#1e3a8a')).toBe('#6483dd');
  });

  it('lightens purple #6b21a8 by 30 points', () => {
    expect(hoverShade('#6b21a8')).toBe('#b67de5');
  });

  it('lightens pure red, whose luminance 0.2126 counts as dark', () => {
    expect(hoverShade('#f00')).toBe('#ff9999');
  });

  it('lightens black to #4d4d4d and darkens white to #cccccc', () => {
    expect([hoverShade('#000000'), hoverShade('#ffffff')]).toEqual(['#4d4d4d', '#cccccc']);
  });

  it('throws on a colour that is not hex', () => {
    expect(() => hoverShade('blue')).toThrow('Invalid hex colour "blue": expected #rgb or #rrggbb');
  });
});

describe('shiftLightness', () => {
  it('clamps at white when lightening past 100', () => {
    expect(shiftLightness('#eeeeee', 30)).toBe('#ffffff');
  });

  it('clamps at black when darkening past 0', () => {
    expect(shiftLightness('#111111', -20)).toBe('#000000');
  });
});

describe('contrastText', () => {
  it('puts white text on a dark brand colour', () => {
    expect(contrastText('#1e3a8a')).toBe('#ffffff');
  });

  it('puts near-black text on a light brand colour', () => {
    expect(contrastText('#0EA5E9')).toBe('#18181b');
  });

  it('puts near-black text on yellow and white text on rose', () => {
    expect([contrastText('#facc15'), contrastText('#e11d48')]).toEqual(['#18181b', '#ffffff']);
  });
});

describe('mixColors', () => {
  it('mixes 12% of the brand colour into white', () => {
    expect(mixColors('#0EA5E9', '#ffffff', 0.12)).toBe('#e2f4fc');
  });

  it('returns the base at weight 0 and the colour at weight 1', () => {
    expect([mixColors('#0EA5E9', '#ffffff', 0), mixColors('#0EA5E9', '#ffffff', 1)]).toEqual([
      '#ffffff',
      '#0ea5e9',
    ]);
  });
});

describe('readableOn', () => {
  it('keeps a colour that already reaches 4.5:1 on white', () => {
    expect(readableOn('#1e3a8a')).toBe('#1e3a8a');
  });

  it('darkens a pale brand colour until it reads on white', () => {
    expect(readableOn('#0EA5E9')).toBe('#0a72a1');
  });
});
