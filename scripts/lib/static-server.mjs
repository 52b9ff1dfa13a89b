// A small static file server for the built host and remotes, standing in for a CDN: immutable
// caching for hashed assets, no-cache for manifests and config, CORS so a host on another origin
// can fetch a remote's mf-manifest.json, an SPA fallback for the host, and a reverse proxy so
// the browser reaches the API on the host's own origin (first-party cookies, no CORS).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * @param {{ dir: string, spa?: boolean, proxy?: { prefix: string, target: string }[] }} options
 * @returns {http.Server}
 */
export function createStaticServer({ dir, spa = false, proxy = [] }) {
  const root = path.resolve(dir);
  return http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const route = proxy.find((p) => url.pathname === p.prefix || url.pathname.startsWith(`${p.prefix}/`));
    if (route) return forward(req, res, route.target);
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method Not Allowed');
    res.setHeader('Access-Control-Allow-Origin', '*');

    let pathname;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return send(res, 400, 'Bad Request');
    }
    const file = path.join(root, pathname);
    if (file !== root && !file.startsWith(`${root}${path.sep}`)) return send(res, 403, 'Forbidden');

    const found = (await fileAt(file)) ?? (await fileAt(path.join(file, 'index.html')));
    if (found) return serveFile(req, res, found);
    if (spa && !path.extname(pathname)) {
      const index = await fileAt(path.join(root, 'index.html'));
      if (index) return serveFile(req, res, index);
    }
    return send(res, 404, 'Not Found');
  });
}

async function fileAt(file) {
  try {
    const info = await stat(file);
    return info.isFile() ? { file, size: info.size } : null;
  } catch {
    return null;
  }
}

function serveFile(req, res, { file, size }) {
  const hashedAsset = file.includes(`${path.sep}static${path.sep}`);
  res.writeHead(200, {
    'Content-Type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
    'Content-Length': size,
    // Hashed assets never change; manifests, config and HTML must be re-read on every load so a
    // redeployed remote shows up after a reload.
    'Cache-Control': hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (req.method === 'HEAD') return res.end();
  createReadStream(file).pipe(res);
}

function send(res, status, text) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end(text);
}

function forward(req, res, target) {
  const upstream = new URL(req.url ?? '/', target);
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

/** Listens and resolves once the port is bound; rejects with a readable error if it is taken. */
export function listen(server, port) {
  return new Promise((resolve, reject) => {
    server.once('error', (error) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`Port ${port} is already in use.`) : error),
    );
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
