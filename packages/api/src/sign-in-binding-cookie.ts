import { httpOnlyCookie } from './http-only-cookie';
import type { BrowserCookie } from './services/identity/ports';
import { signInBindingCookieName } from './services/identity/third-party-sign-ins';

/** The cookie that binds a started Google or Apple sign-in to this browser. */
export function signInBindingCookie(request: Request, secure: boolean): BrowserCookie {
  return httpOnlyCookie(request, signInBindingCookieName, secure);
}
