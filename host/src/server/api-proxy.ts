import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import { clientAddress, reachedOverHttps } from './forwarded';

/**
 * The API's paths, reached through the host's origin so cookies stay first-party and no CORS is needed.
 * /auth/apple/form-post is where Apple posts its sign-in answer (the rest of /auth/* are pages);
 * /webhooks/* is where the payment processor posts its events; /media/* the console's uploaded images.
 */
export const API_PATHS = [
  '/graphql',
  '/assets',
  '/media',
  '/healthz',
  '/dev',
  '/auth/apple/form-post',
  '/webhooks',
] as const;

/** The header in which the host presents HOST_SECRET to the API (the API's http/host-secret.ts). */
export const HOST_SECRET_HEADER = 'x-atrium-host-secret';

/** What the host tells the API about itself and its clients. */
export interface ApiLink {
  apiUrl: string;
  hostSecret: string;
  /** Proxies in front of the host that append to X-Forwarded-For (see forwarded.ts). */
  trustProxyHops: number;
}

export function isApiPath(pathname: string): boolean {
  return API_PATHS.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * Headers a client's request could carry that say who or where it came from: only the host sets
 * them towards the API, whatever the client sent.
 */
const CLIENT_CLAIMS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'forwarded', 'x-real-ip'];

/** Bodies up to this size are kept while forwarded, so that the request can be sent again. */
const REPLAYABLE_BODY_BYTES = 1024 * 1024;

/**
 * Forwards a request to the API as a reverse proxy. The API limits some requests per client address:
 * it gets the client's address as this server tells it (X-Forwarded-For with that one entry, believed
 * because of the secret), never what the client claimed.
 * A kept-alive connection the API closed just as it was reused fails before any answer (the API never
 * read the request): the request is then sent once more on a new connection, as browsers do, instead
 * of answering the client 502.
 */
export function forwardToApi(req: http.IncomingMessage, res: http.ServerResponse, link: ApiLink) {
  const upstream = new URL(req.url ?? '/', link.apiUrl);
  const headers: http.OutgoingHttpHeaders = { ...req.headers };
  for (const name of [...CLIENT_CLAIMS, HOST_SECRET_HEADER]) delete headers[name];
  Object.assign(headers, {
    host: upstream.host,
    'x-forwarded-host': req.headers.host ?? '',
    'x-forwarded-proto': reachedOverHttps(req, link.trustProxyHops) ? 'https' : 'http',
    'x-forwarded-for': clientAddress(req, link.trustProxyHops),
    [HOST_SECRET_HEADER]: link.hostSecret,
  });
  const body = keepBody(req);

  const send = (fresh: boolean) => {
    let answered = false;
    const outgoing = http.request(
      upstream,
      // The retry takes a connection of its own: another idle one may have been closed as well.
      { method: req.method, headers, ...(fresh && { agent: false }) },
      (incoming) => {
        answered = true;
        res.writeHead(incoming.statusCode ?? 502, incoming.headers);
        incoming.pipe(res);
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      req.unpipe(outgoing);
      const closedWhenReused =
        !fresh &&
        !answered &&
        outgoing.reusedSocket &&
        (error.code === 'ECONNRESET' || error.code === 'EPIPE');
      if (!closedWhenReused) return unavailable();
      // Sent again once the whole body is in hand, unless it was too large to keep.
      body.whenRead(() => (body.replayable() ? send(true).end(Buffer.concat(body.chunks)) : unavailable()));
    });
    return outgoing;
  };
  const unavailable = () => {
    if (res.headersSent) return res.destroy();
    res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(
      JSON.stringify({ errors: [{ message: 'The booking service is unavailable. Please try again.' }] }),
    );
  };
  req.pipe(send(false));
}

/** The request's body as it is read, while it is small enough to send again. */
function keepBody(req: http.IncomingMessage) {
  const chunks: Buffer[] = [];
  let size = 0;
  const collect = (chunk: Buffer) => {
    size += chunk.length;
    if (size > REPLAYABLE_BODY_BYTES) {
      chunks.length = 0;
      req.off('data', collect);
    } else chunks.push(chunk);
  };
  req.on('data', collect);
  return {
    chunks,
    replayable: () => size <= REPLAYABLE_BODY_BYTES,
    /** Runs `then` once the whole body has been read (at once if it has). */
    whenRead(then: () => void) {
      if (req.complete) return then();
      req.once('end', then);
      req.resume();
    },
  };
}

/** The client whose page is being rendered, for the calls the server makes to the API meanwhile. */
const pageClient = new AsyncLocalStorage<{ address: string }>();

/** Runs `render` (a page for the client of `req`) so that its calls to the API carry the client's address. */
export function forPageClient<T>(req: http.IncomingMessage, trustProxyHops: number, render: () => T): T {
  return pageClient.run({ address: clientAddress(req, trustProxyHops) }, render);
}

/**
 * The fetch the server's own GraphQL calls go through (the marketplace, the rollouts, a page's
 * prefetched queries): with the host's secret, and the address of the client whose page they are for
 * (outside a page's rendering, none: the API then counts the call as the host's own). These calls
 * only read, so one whose kept-alive connection the API closed as it was reused is asked once more.
 */
export function hostApiFetch(hostSecret: string, fetchImpl: typeof fetch = globalThis.fetch): typeof fetch {
  return async (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set(HOST_SECRET_HEADER, hostSecret);
    const client = pageClient.getStore();
    if (client) headers.set('x-forwarded-for', client.address);
    else headers.delete('x-forwarded-for');
    const request = { ...init, headers };
    try {
      return await fetchImpl(input, request);
    } catch (error) {
      if (!closedConnection(error) || init.signal?.aborted) throw error;
      return fetchImpl(input, request);
    }
  };
}

/** fetch's failure when the connection was closed or reset under the request (undici's codes). */
function closedConnection(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE';
}
