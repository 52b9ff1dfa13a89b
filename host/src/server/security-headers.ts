import type http from 'node:http';

/** No other site may show the host's pages in a frame (clickjacking): part of every page's CSP. */
export const FRAME_ANCESTORS = "frame-ancestors 'none'";

/**
 * Headers every response of the host's server carries (pages, files, redirects, errors and the
 * API's answers it forwards). Pages replace the Content-Security-Policy with their own, which has
 * FRAME_ANCESTORS too.
 * - Referrer-Policy strict-origin-when-cross-origin: other sites get the origin only, never a path
 *   or a query (reset, confirmation and offer links carry tokens there); Google Maps keys restricted
 *   by referrer still see the site.
 * - Strict-Transport-Security once the browser came over HTTPS, and always in production (browsers
 *   ignore it over plain HTTP).
 */
export function securityHeaders({ https, production }: { https: boolean; production: boolean }) {
  const headers: Record<string, string> = {
    'Content-Security-Policy': FRAME_ANCESTORS,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
  if (https || production) headers['Strict-Transport-Security'] = 'max-age=31536000';
  return headers;
}

/** Sets them on a response before anything writes its head (writeHead's own headers win over them). */
export function setSecurityHeaders(
  res: http.ServerResponse,
  options: { https: boolean; production: boolean },
) {
  for (const [name, value] of Object.entries(securityHeaders(options))) res.setHeader(name, value);
}
