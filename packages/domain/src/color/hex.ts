/** An sRGB colour with 8-bit channels (0..255). */
export interface RgbColor {
  r: number;
  g: number;
  b: number;
}

// Marketplace colours arrive as free text from the database, so anything but #rgb / #rrggbb is refused
// loudly here rather than turning into a silently wrong brand colour further down.
const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value.trim());
}

/** Parses `#rgb` or `#rrggbb` (any case, surrounding spaces ignored); throws on anything else. */
export function parseHexColor(value: string): RgbColor {
  const match = HEX_COLOR.exec(value.trim());
  const digits = match?.[1];
  if (digits === undefined) {
    throw new Error(`Invalid hex colour "${value}": expected #rgb or #rrggbb`);
  }
  const full =
    digits.length === 3
      ? digits
          .split('')
          .map((digit) => digit + digit)
          .join('')
      : digits;
  return {
    r: Number.parseInt(full.slice(0, 2), 16),
    g: Number.parseInt(full.slice(2, 4), 16),
    b: Number.parseInt(full.slice(4, 6), 16),
  };
}

function channelToHex(channel: number): string {
  const clamped = Math.min(255, Math.max(0, Math.round(channel)));
  return clamped.toString(16).padStart(2, '0');
}

/** Formats channels (rounded and clamped to 0..255) as lower-case `#rrggbb`. */
export function formatHexColor({ r, g, b }: RgbColor): string {
  return `#${channelToHex(r)}${channelToHex(g)}${channelToHex(b)}`;
}

/** `#ABC` -> `#aabbcc`: one spelling per colour so colours compare and cache as strings. */
export function normalizeHexColor(value: string): string {
  return formatHexColor(parseHexColor(value));
}
