/** The cookie in which the host's server keeps a random id per browser (not HttpOnly, not a secret). */
export const browserIdCookieName = 'atrium-browser';

// The host sets a UUID or similar; anything else is ignored rather than stored.
const browserIdPattern = /^[A-Za-z0-9_-]{8,64}$/;

/** The request's browser id (`atrium-browser` cookie), or null when it has none or a malformed one. */
export async function browserIdOf(request: Request): Promise<string | null> {
  const cookie = await request.cookieStore?.get(browserIdCookieName);
  const value = cookie?.value;
  return value && browserIdPattern.test(value) ? value : null;
}
