import type { Plugin } from 'graphql-yoga';

/** `GET /healthz` answers `ok` without touching the database: a liveness probe for load balancers. */
export function useHealthCheck(path = '/healthz'): Plugin {
  return {
    onRequest({ url, endResponse, fetchAPI }) {
      if (url.pathname !== path) return;
      endResponse(
        new fetchAPI.Response('ok', {
          status: 200,
          headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
        }),
      );
    },
  };
}
