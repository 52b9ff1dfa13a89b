import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import type { Plugin } from 'graphql-yoga';

const contentTypes: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
};

/**
 * Serves tenant and catalogue images from `dir` under `prefix` (GET and HEAD). Only known image types
 * are served, and nothing outside `dir`.
 */
export function useStaticAssets(dir: string, prefix = '/assets/'): Plugin {
  const root = resolve(dir);
  return {
    async onRequest({ request, url, endResponse, fetchAPI }) {
      if (!url.pathname.startsWith(prefix)) return;
      const respond = (status: number, body: BodyInit | null, headers: Record<string, string> = {}) =>
        endResponse(new fetchAPI.Response(body, { status, headers }));

      if (request.method !== 'GET' && request.method !== 'HEAD') {
        respond(405, null, { allow: 'GET, HEAD' });
        return;
      }
      const file = resolveInside(root, url.pathname.slice(prefix.length));
      const contentType = file ? contentTypes[extname(file).toLowerCase()] : undefined;
      if (!file || !contentType || !(await isFile(file))) {
        respond(404, 'Not found', { 'content-type': 'text/plain; charset=utf-8' });
        return;
      }
      const body = await readFile(file);
      respond(200, request.method === 'HEAD' ? null : new Uint8Array(body), {
        'content-type': contentType,
        'content-length': String(body.byteLength),
        'cache-control': 'public, max-age=3600',
        'x-content-type-options': 'nosniff',
        // An SVG opened directly must not run script.
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      });
    },
  };
}

function resolveInside(root: string, encodedPath: string): string | null {
  let relative: string;
  try {
    relative = decodeURIComponent(encodedPath);
  } catch {
    return null;
  }
  if (relative.includes('\0')) return null;
  const file = resolve(root, relative);
  return file.startsWith(root + sep) ? file : null;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
