import { describe, expect, it } from 'vitest';
import { formatHexColor, isHexColor, normalizeHexColor, parseHexColor } from './hex';

describe('parseHexColor', () => {
  it('reads #rrggbb into 8-bit channels', () => {
    expect(parseHexColor('#0EA5E9')).toEqual({ r: 14, g: 165, b: 233 });
  });

  it('expands #rgb shorthand by doubling each digit', () => {
    expect(parseHexColor('#f0a')).toEqual({ r: 255, g: 0, b: 170 });
  });

  it('ignores surrounding spaces from stored marketplace data', () => {
    expect(parseHexColor('  #ffffff ')).toEqual({ r: 255, g: 255, b: 255 });
  });

  it.each(['0EA5E9', '#0EA5E', '#12345678', 'red', 'rgb(0,0,0)', '#ggg', ''])(
    'throws a clear error for %j',
    (value) => {
      expect(() => parseHexColor(value)).toThrow(`Invalid hex colour "${value}": expected #rgb or #rrggbb`);
    },
  );
});

describe('isHexColor', () => {
  it('accepts #rgb and #rrggbb only', () => {
    expect([isHexColor('#abc'), isHexColor('#AABBCC'), isHexColor('abc'), isHexColor('#abcd')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('formatHexColor', () => {
  it('rounds and clamps channels into lower-case #rrggbb', () => {
    expect(formatHexColor({ r: 8.5, g: -3, b: 300 })).toBe('#0900ff');
  });
});

describe('normalizeHexColor', () => {
  it('spells #ABC as #aabbcc', () => {
    expect(normalizeHexColor('#ABC')).toBe('#aabbcc');
  });
});
