import type http from 'node:http';
import type { TLSSocket } from 'node:tls';

/** The entries of a request's X-Forwarded-For (one header or several), in order. */
function forwardedFor(req: http.IncomingMessage): string[] {
  const header = req.headers['x-forwarded-for'];
  return (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * The address of the client behind a request, as far as this server can tell: the socket's peer, or
 * with `trustProxyHops` proxies in front, the entry the outermost of them appended to X-Forwarded-For.
 * Entries further left are the client's own word and never count.
 */
export function clientAddress(req: http.IncomingMessage, trustProxyHops: number): string {
  const socket = (req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
  const chain = [...(trustProxyHops > 0 ? forwardedFor(req) : []), socket];
  // A shorter chain than configured was appended to by trusted proxies only: its first entry is theirs.
  return chain[chain.length - 1 - trustProxyHops] ?? (chain[0] as string);
}

/** Whether the browser reached the site over HTTPS: this server's own TLS, or what a trusted proxy says. */
export function reachedOverHttps(req: http.IncomingMessage, trustProxyHops: number): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  if (trustProxyHops === 0) return false;
  const proto = String(req.headers['x-forwarded-proto'] ?? '').split(',');
  return proto[proto.length - 1]?.trim() === 'https';
}
