import { sameDigest, sha256 } from '../secrets';

/**
 * The header in which the host's server presents HOST_SECRET on every request it sends the API (its
 * proxy and its own calls while it renders a page). Only such requests are believed about the client's
 * address (X-Forwarded-For) and may record which browsers were served a canary.
 */
export const hostSecretHeader = 'x-atrium-host-secret';

/** Whether the request came through the host's server: it carries HOST_SECRET (compared in constant time). */
export function isFromHost(request: Request, hostSecret: string): boolean {
  const presented = request.headers.get(hostSecretHeader);
  return presented !== null && sameDigest(sha256(presented), sha256(hostSecret));
}
