import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { BROWSER_ID_COOKIE, PREVIEW_COOKIE } from '@atrium/federation';
import { decodePageStateCookie, PAGE_STATE_COOKIE } from '@atrium/stores';
import { parse as parseCookies } from 'cookie';
import sirv from 'sirv';
import { type ApiLink, forPageClient, forwardToApi, isApiPath } from './api-proxy';
import { newSignedBrowserId, verifiedBrowserId } from './browser-id';
import { createCanaryViews } from './canary-views';
import { reachedOverHttps } from './forwarded';
import { developmentHostSecret } from './host-config';
import type { PageDocument } from './page-document';
import { createPageRenderer, type PageRendererOptions } from './page-renderer';
import { PAGE_START_PATH, pageStartScript } from './page-start';
import { setSecurityHeaders } from './security-headers';

/** Hashed assets never change; everything else (pages, config.json) is revalidated on every load. */
export function cacheControlFor(pathname: string): string {
  return pathname.startsWith('/static/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Types the static server's table lacks: the host build's /favicon.ico. */
const EXTRA_CONTENT_TYPES: Record<string, string> = { '.ico': 'image/x-icon' };

export interface HostServerOptions extends PageRendererOptions {
  /** Proxies in front of this server that append to X-Forwarded-For (0, the default: none). */
  trustProxyHops?: number;
  /** Production: HTTPS is assumed (Strict-Transport-Security on every response). */
  production?: boolean;
}

/**
 * The host deployment's server: static files of its browser build (precompressed variants picked
 * by Accept-Encoding), pages rendered on the server, and the API's paths forwarded to the API.
 * Every response carries the security headers (security-headers.ts).
 */
export function createHostServer(options: HostServerOptions): http.Server {
  const { hostSecret = developmentHostSecret, trustProxyHops = 0, production = false } = options;
  const link: ApiLink = { apiUrl: options.apiUrl, hostSecret, trustProxyHops };
  const pages = createPageRenderer({ ...options, hostSecret });
  const canaryViews = createCanaryViews(link);
  const files = sirv(options.distDir, {
    // Files are looked up per request, not listed once at start, so a redeploy needs no restart.
    dev: true,
    etag: true,
    brotli: true,
    gzip: true,
    setHeaders: (res, pathname) => {
      res.setHeader('Cache-Control', cacheControlFor(pathname));
      const type = EXTRA_CONTENT_TYPES[path.extname(pathname)];
      if (type) res.setHeader('Content-Type', type);
    },
  });

  return http.createServer((req, res) => {
    const https = reachedOverHttps(req, trustProxyHops);
    setSecurityHeaders(res, { https, production });
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (isApiPath(url.pathname)) return forwardToApi(req, res, link);
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method Not Allowed');
    if (url.pathname === PAGE_START_PATH) return sendPageStart(req, res);
    if (!isPagePath(url.pathname)) {
      // No such file: a browser navigating there (/1.5) gets the site's own 404 page, not plain text.
      return files(req, res, () =>
        acceptsHtml(req) && !url.pathname.startsWith('/static/')
          ? renderPage(req, res, url)
          : sendText(res, 404, 'Not Found'),
      );
    }
    renderPage(req, res, url);
  });

  function renderPage(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const cookies = parseCookies(req.headers.cookie ?? '');
    const cookie = cookies[PAGE_STATE_COOKIE];
    const pageState = cookie === undefined ? null : decodePageStateCookie(cookie);
    const browserId =
      verifiedBrowserId(cookies[BROWSER_ID_COOKIE], hostSecret) ??
      newBrowserId(res, hostSecret, reachedOverHttps(req, trustProxyHops));
    // An owner's preview token (set by the console for this marketplace's pages only).
    const previewToken = cookies[PREVIEW_COOKIE] || null;
    forPageClient(req, trustProxyHops, () => pages.render(url, pageState, browserId, previewToken)).then(
      (page) => {
        if ('location' in page) return sendRedirect(res, page.location);
        sendPage(req, res, page, previewToken !== null);
        // The API counts a canary's failures against the browsers that were sent to it.
        canaryViews.record(browserId, page.canaries);
      },
      (error: unknown) => {
        console.error(`Rendering ${url.pathname} failed.`, error);
        sendText(res, 500, 'The booking site could not be loaded. Please try again.');
      },
    );
  }
}

/**
 * Gives a browser its id, signed (see BROWSER_ID_COOKIE and browser-id.ts): for a year, on every
 * path, readable by the page. Secure when the browser reached the site over HTTPS. A cookie this
 * host did not sign (made up, or from before ids were signed) is replaced the same way.
 */
function newBrowserId(res: http.ServerResponse, hostSecret: string, https: boolean): string {
  const { id, value } = newSignedBrowserId(hostSecret);
  const secure = https ? '; Secure' : '';
  res.setHeader(
    'Set-Cookie',
    `${BROWSER_ID_COOKIE}=${value}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`,
  );
  return id;
}

/** The page-start script (see page-start.ts): named by its content, so cached for good. */
function sendPageStart(req: http.IncomingMessage, res: http.ServerResponse) {
  const body = Buffer.from(pageStartScript());
  res.writeHead(200, {
    'Content-Type': 'text/javascript; charset=utf-8',
    'Cache-Control': 'public, max-age=31536000, immutable',
    'Content-Length': body.length,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** A browser's page navigation asks for HTML; a script, image or fetch of a missing file does not. */
function acceptsHtml(req: http.IncomingMessage): boolean {
  return String(req.headers.accept ?? '').includes('text/html');
}

/** Pages are every path that does not name a file (no extension in its last segment). */
function isPagePath(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !pathname.startsWith('/static/') && !last.includes('.');
}

/** Sends a page compressed as the browser accepts, with an ETag so a repeat visit is a 304. */
function sendPage(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  { status, html, etag, contentSecurityPolicy }: PageDocument,
  /** The browser holds an owner's preview token: its page is for it alone, never a shared cache's. */
  previewing = false,
) {
  const headers: http.OutgoingHttpHeaders = {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': contentSecurityPolicy,
    'Cache-Control': previewing ? 'private, no-cache' : 'no-cache',
    ETag: etag,
    // The page shows the booking in the page-state cookie.
    Vary: 'Accept-Encoding, Cookie',
  };
  if (status === 200 && req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    return res.end();
  }
  const accepts = String(req.headers['accept-encoding'] ?? '');
  let body: Buffer = Buffer.from(html);
  if (/\bbr\b/.test(accepts)) {
    body = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    headers['Content-Encoding'] = 'br';
  } else if (/\bgzip\b/.test(accepts)) {
    body = gzipSync(body);
    headers['Content-Encoding'] = 'gzip';
  }
  headers['Content-Length'] = body.length;
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

function sendRedirect(res: http.ServerResponse, location: string) {
  res.writeHead(302, { Location: location, 'Cache-Control': 'no-cache', Vary: 'Cookie' });
  res.end();
}

function sendText(res: http.ServerResponse, status: number, text: string) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end(text);
}
