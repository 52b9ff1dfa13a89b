// Serves a remote's build as its own deployment, standing in for a CDN: precompressed variants
// picked by Accept-Encoding, immutable caching for hashed assets, revalidation (ETag) for manifests
// and server builds, CORS so a host on another origin can fetch a remote's mf-manifest.json, and
// nosniff on everything.
import http from 'node:http';
import sirv from 'sirv';

/**
 * @param {{ dir: string }} options
 * @returns {http.Server}
 */
export function createStaticServer({ dir }) {
  const files = sirv(dir, {
    // Files are looked up per request, not listed once at start, so a redeploy needs no restart.
    dev: true,
    etag: true,
    brotli: true,
    gzip: true,
    setHeaders: (res, pathname) => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      // A remote's scripts and manifests are only ever what their extension says.
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader(
        'Cache-Control',
        pathname.startsWith('/static/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return http.createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method Not Allowed');
    files(req, res, () => send(res, 404, 'Not Found'));
  });
}

function send(res, status, text) {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-cache',
    'Access-Control-Allow-Origin': '*',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(text);
}

/** Listens and resolves once the port is bound; rejects with a readable error if it is taken. */
export function listen(server, port) {
  return new Promise((resolve, reject) => {
    server.once('error', (error) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`Port ${port} is already in use.`) : error),
    );
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
