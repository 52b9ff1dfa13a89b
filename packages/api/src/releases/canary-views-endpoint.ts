import type { Plugin } from 'graphql-yoga';
import { z } from 'zod';
import { isFromHost } from '../kernel/http/host-secret';
import { readAtMost } from '../kernel/http/read-body';
import { type CanaryView, maxCanariesPerView, recordCanaryViews } from './canary-views';
import type { ReleasePorts } from './ports';
import { remoteNames } from './tables';

/** Where the host's server says which browsers it sent to a canary (host/src/server/canary-views.ts). */
export const canaryViewsPath = '/internal/canary-views';

const viewsBody = z.object({
  // The id the host signed (a UUID), without its signature: the host checked it.
  browserId: z.uuid(),
  canaries: z
    .array(z.object({ remote: z.enum(remoteNames), entry: z.string().max(2000) }))
    .max(maxCanariesPerView),
});

/**
 * POST /internal/canary-views, from the host's server only (it presents HOST_SECRET; the host does
 * not forward this path, so no browser reaches it): `{ browserId, canaries: [{ remote, entry }] }`,
 * the canaries a page sent that browser to first. 204 when recorded, 403 without the host's
 * secret, 400 for anything else.
 */
export function useCanaryViews(ports: Pick<ReleasePorts, 'db' | 'clock'>, hostSecret: string): Plugin {
  return {
    async onRequest({ request, url, endResponse, fetchAPI }) {
      if (url.pathname !== canaryViewsPath) return;
      const answer = (status: number, body: string | null = null, headers: Record<string, string> = {}) =>
        endResponse(
          new fetchAPI.Response(body, {
            status,
            headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers },
          }),
        );
      if (request.method !== 'POST') return answer(405, 'Method not allowed', { allow: 'POST' });
      if (!isFromHost(request, hostSecret)) return answer(403, "Only the host's server records views.");
      const text = await readAtMost(request, 16 * 1024);
      let parsed: ReturnType<typeof viewsBody.safeParse> | null = null;
      try {
        parsed = text === null ? null : viewsBody.safeParse(JSON.parse(text));
      } catch {
        // Not JSON: answered below.
      }
      if (!parsed?.success) return answer(400, 'Expected { browserId, canaries: [{ remote, entry }] }.');
      await recordCanaryViews(ports, parsed.data.browserId, parsed.data.canaries as CanaryView[]);
      return answer(204);
    },
  };
}
