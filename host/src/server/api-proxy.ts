import http from 'node:http';

/**
 * The API's paths, reached through the host's origin so cookies stay first-party and no CORS is needed.
 * /auth/apple/form-post is where Apple posts its sign-in answer (the rest of /auth/* are pages);
 * /webhooks/* is where the payment processor posts its events.
 */
export const API_PATHS = [
  '/graphql',
  '/assets',
  '/healthz',
  '/dev',
  '/auth/apple/form-post',
  '/webhooks',
] as const;

export function isApiPath(pathname: string): boolean {
  return API_PATHS.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** Forwards a request to the API as a reverse proxy (the one hop in front of it). */
export function forwardToApi(req: http.IncomingMessage, res: http.ServerResponse, apiUrl: string) {
  const upstream = new URL(req.url ?? '/', apiUrl);
  const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
  const headers = {
    ...req.headers,
    host: upstream.host,
    'x-forwarded-host': req.headers.host ?? '',
    'x-forwarded-proto': 'http',
    // The API limits some requests per client address: tell it whose request this is.
    'x-forwarded-for': forwardedFor,
  };
  const outgoing = http.request(upstream, { method: req.method, headers }, (incoming) => {
    res.writeHead(incoming.statusCode ?? 502, incoming.headers);
    incoming.pipe(res);
  });
  outgoing.on('error', () => {
    if (res.headersSent) return res.destroy();
    res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(
      JSON.stringify({ errors: [{ message: 'The booking service is unavailable. Please try again.' }] }),
    );
  });
  req.pipe(outgoing);
}
