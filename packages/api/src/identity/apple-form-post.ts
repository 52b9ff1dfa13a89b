import type { Plugin } from 'graphql-yoga';
import type { Db } from '../kernel/database/database';
import { hasControlCharacters } from '../kernel/http/control-characters';
import { readAtMost } from '../kernel/http/read-body';
import { appleFormPostPath, callbackPath } from './third-party';
import { namePart, rememberAppleName } from './third-party-sign-ins';

/** Apple's answer is a few hundred bytes; anything much larger is not Apple's. */
export const appleFormPostMaxBytes = 16 * 1024;

/** The answer fields passed on to the callback page, each with the longest value kept. */
const passedOn = { code: 2048, state: 512, iss: 2048, error: 256 } as const;

/**
 * POST /auth/apple/form-post, the redirect URI of Apple sign-in, reached on the web origin (the host
 * proxies it to the API). Apple answers by form_post when the scope asks for name or email: the
 * browser posts `code`, `state` and, on the person's first sign-in only, `user` (JSON with
 * name.firstName, name.lastName and email). The name is kept with the started sign-in for the
 * registration form; then the browser is sent on (303) to the callback page,
 * /auth/apple/callback?code=...&state=..., where appleAuthenticate checks the state.
 *
 * Nothing is decided here: this cross-site POST carries no SameSite=Lax cookie, so the browser binding
 * can only be checked on the page's own request that follows. Bodies that are not form-encoded or
 * larger than 16 KiB are refused; values with control characters are dropped (PostgreSQL refuses NUL).
 */
export function useAppleFormPost(ports: { db: Db; clock: () => Date }): Plugin {
  return {
    async onRequest({ request, url, endResponse, fetchAPI }) {
      if (url.pathname !== appleFormPostPath) return;
      const answer = (status: number, body: string | null, headers: Record<string, string> = {}) =>
        endResponse(
          new fetchAPI.Response(body, {
            status,
            headers: {
              'cache-control': 'no-store',
              'referrer-policy': 'no-referrer',
              ...(body === null ? {} : { 'content-type': 'text/plain; charset=utf-8' }),
              ...headers,
            },
          }),
        );

      if (request.method !== 'POST') {
        answer(405, 'Method not allowed', { allow: 'POST' });
        return;
      }
      const mediaType = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
      if (mediaType !== 'application/x-www-form-urlencoded') {
        answer(415, 'Expected an application/x-www-form-urlencoded form.');
        return;
      }
      const body = await readAtMost(request, appleFormPostMaxBytes);
      if (body === null) {
        answer(413, 'The form is too large.');
        return;
      }
      const form = new URLSearchParams(body);
      const field = (name: keyof typeof passedOn) => {
        const value = form.get(name);
        return value && value.length <= passedOn[name] && !hasControlCharacters(value) ? value : null;
      };

      const state = field('state');
      const name = appleName(form.get('user'));
      if (state && name) {
        await rememberAppleName(ports.db, { state, ...name, now: ports.clock() });
      }

      const next = new URLSearchParams();
      for (const key of Object.keys(passedOn) as (keyof typeof passedOn)[]) {
        const value = field(key);
        if (value !== null) next.set(key, value);
      }
      // Relative: the browser posted to the web origin, which is where the callback page is.
      answer(303, null, { location: `${callbackPath('apple')}?${next}` });
    },
  };
}

/** The name in Apple's `user` JSON, or null. */
function appleName(json: string | null): { givenName: string | null; familyName: string | null } | null {
  if (!json || json.length > 4096) return null;
  let user: unknown;
  try {
    user = JSON.parse(json);
  } catch {
    return null;
  }
  const name = (user as { name?: { firstName?: unknown; lastName?: unknown } } | null)?.name;
  if (!name || typeof name !== 'object') return null;
  const givenName = namePart(name.firstName);
  const familyName = namePart(name.lastName);
  return givenName === null && familyName === null ? null : { givenName, familyName };
}
