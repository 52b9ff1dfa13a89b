// The one look of every email the API sends (identity codes and links, appointment notices): plain
// text beside simple HTML, headed by the marketplace that writes, in its colour and with its logo
// when it has them.
import escapeHtml from 'escape-html';

/** Who writes: the marketplace, as its clients know it. */
export interface Branding {
  name: string;
  /** #rrggbb (marketplaces.primary_color). */
  primaryColor?: string | null;
  /** An absolute URL of the logo image. */
  logoUrl?: string | null;
}

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

const hexColour = /^#[0-9A-Fa-f]{6}$/;

/** A whole HTML email: the marketplace's heading (logo and name), then `body` (already HTML). */
export function emailLayout(brand: Branding | string, body: string): string {
  const { name, primaryColor, logoUrl } = typeof brand === 'string' ? { name: brand } : brand;
  const colour = primaryColor && hexColour.test(primaryColor) ? primaryColor : null;
  const logo = logoUrl
    ? `<img src="${escapeHtml(logoUrl)}" alt="" height="40" style="display:block;height:40px;margin-bottom:12px">\n`
    : '';
  const frame = colour ? `;border-top:6px solid ${colour}` : '';
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px${frame}">
${logo}<h2 style="margin-top:0">${escapeHtml(name)}</h2>
${body}
</body></html>`;
}

/** A link drawn as a button in the marketplace's colour (a plain link without one). */
export function buttonLink(href: string, label: string, primaryColor?: string | null): string {
  const colour = primaryColor && hexColour.test(primaryColor) ? primaryColor : null;
  const style = colour
    ? ` style="display:inline-block;padding:10px 18px;border-radius:4px;background:${colour};color:${readableOn(colour)};text-decoration:none"`
    : '';
  return `<a href="${escapeHtml(href)}"${style}>${escapeHtml(label)}</a>`;
}

/** Black or white, whichever reads better on `background` (#rrggbb), by its relative luminance. */
function readableOn(background: string): string {
  const channel = (offset: number) => {
    const value = Number.parseInt(background.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // Contrast with white (1.05 / (L + 0.05)) against contrast with black ((L + 0.05) / 0.05).
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#fff' : '#111';
}

/** `logo` as stored (`/assets/...` on the API, which the web origin serves too) made absolute. */
export function absoluteUrl(path: string | null, origin: string): string | null {
  if (!path) return null;
  try {
    return new URL(path, origin).toString();
  } catch {
    return null;
  }
}
