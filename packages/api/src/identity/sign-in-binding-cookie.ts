import { httpOnlyCookie } from './http-only-cookie';
import type { BrowserCookie } from './ports';
import { signInBindingCookieName } from './third-party-sign-ins';

/** The cookie that binds a started Google or Apple sign-in to this browser. */
export function signInBindingCookie(request: Request, secure: boolean): BrowserCookie {
  return httpOnlyCookie(request, signInBindingCookieName, secure);
}
