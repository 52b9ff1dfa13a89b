import type { BrowserCookie } from './services/identity/ports';
import { signInBindingCookieName } from './services/identity/third-party-sign-ins';

/**
 * The cookie that binds a started Google or Apple sign-in to this browser, through the request's
 * cookie store (the useCookies plugin writes Set-Cookie): HttpOnly, SameSite=Lax (the browser sends
 * it to the API on its own origin, never with another site's request), Secure like the session cookie.
 */
export function signInBindingCookie(request: Request, secure: boolean): BrowserCookie {
  const store = () => {
    if (!request.cookieStore) throw new Error('The cookies plugin is not installed');
    return request.cookieStore;
  };
  return {
    async read() {
      return (await store().get(signInBindingCookieName))?.value || null;
    },
    async write(value, expires) {
      await store().set({
        name: signInBindingCookieName,
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
