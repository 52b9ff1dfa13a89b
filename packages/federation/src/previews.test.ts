import { describe, expect, it } from 'vitest';
import { endedPreviewCookie, isPreviewToken, previewCookie, previewTokenFromCookies } from './previews';

const token = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ-_01234';

describe('preview cookies', () => {
  it("is set for the marketplace's pages only, until the preview expires, Secure over HTTPS", () => {
    expect(
      previewCookie({ marketplaceId: '3', token, expiresAt: '2026-11-24T11:00:00.000Z', secure: true }),
    ).toBe(`atrium-preview=${token}; Path=/3; Expires=Tue, 24 Nov 2026 11:00:00 GMT; SameSite=Lax; Secure`);
    expect(endedPreviewCookie('3', false)).toBe('atrium-preview=; Path=/3; Max-Age=0; SameSite=Lax');
  });

  it('reads only a well-formed token', () => {
    expect(previewTokenFromCookies(`atrium-browser=x; atrium-preview=${token}`)).toBe(token);
    expect(previewTokenFromCookies('atrium-preview=short')).toBeNull();
    expect(previewTokenFromCookies('atrium-preview=')).toBeNull();
    expect(previewTokenFromCookies('other=1')).toBeNull();
    expect(isPreviewToken(`${token}x`)).toBe(false);
  });
});
