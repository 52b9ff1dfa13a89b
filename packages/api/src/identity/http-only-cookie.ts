import type { BrowserCookie } from './ports';

/**
 * One cookie of the API through the request's cookie store (the useCookies plugin writes Set-Cookie):
 * HttpOnly, SameSite=Lax (the browser sends it to the API on its own origin, never with another site's
 * request), Path=/, Secure like the session cookie.
 */
export function httpOnlyCookie(request: Request, name: string, secure: boolean): BrowserCookie {
  const store = () => {
    if (!request.cookieStore) throw new Error('The cookies plugin is not installed');
    return request.cookieStore;
  };
  return {
    async read() {
      return (await store().get(name))?.value || null;
    },
    async write(value, expires) {
      await store().set({
        name,
        value,
        expires: expires.getTime(),
        domain: null,
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
      });
    },
  };
}
