/**
 * An owner's preview of a remote release (tenant versions): the random token the API gave
 * the owner, kept in this cookie on the host's origin for one marketplace's pages (path /{id}). The
 * host's server reads the preview with it for each page of that marketplace; no other browser has it.
 */
export const PREVIEW_COOKIE = 'atrium-preview';

/** Tokens are 32 random bytes in base64url, as the API makes them; anything else is never sent. */
export function isPreviewToken(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** What a page in preview shows of it (the host's notice). */
export interface RemotePreviewNotice {
  remote: string;
  version: string;
  /** When it ends by itself (ISO 8601). */
  expiresAt: string;
}

/**
 * The Set-Cookie value (for document.cookie) that starts a preview in this browser: for the
 * marketplace's pages only, until the preview expires, sent on a link from another site's page too
 * (SameSite=Lax, so the console can open it in a new tab), Secure over HTTPS.
 */
export function previewCookie({
  marketplaceId,
  token,
  expiresAt,
  secure,
}: {
  marketplaceId: string;
  token: string;
  expiresAt: string;
  secure: boolean;
}): string {
  const expires = new Date(expiresAt).toUTCString();
  return `${PREVIEW_COOKIE}=${token}; Path=/${marketplaceId}; Expires=${expires}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The document.cookie value that ends the preview in this browser. */
export function endedPreviewCookie(marketplaceId: string, secure: boolean): string {
  return `${PREVIEW_COOKIE}=; Path=/${marketplaceId}; Max-Age=0; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The preview token from a Cookie header or document.cookie, if it holds a well-formed one. */
export function previewTokenFromCookies(cookies: string): string | null {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === PREVIEW_COOKIE) {
      const token = value.join('=');
      return isPreviewToken(token) ? token : null;
    }
  }
  return null;
}

/** Starts a preview in this browser (the console, once the API gave the owner its token). */
export function storePreviewCookie(
  preview: { marketplaceId: string; token: string; expiresAt: string },
  doc: Document = document,
): void {
  doc.cookie = previewCookie({ ...preview, secure: doc.location?.protocol === 'https:' });
}

/** Ends the preview in this browser: its cookie goes. */
export function removePreviewCookie(marketplaceId: string, doc: Document = document): void {
  doc.cookie = endedPreviewCookie(marketplaceId, doc.location?.protocol === 'https:');
}
