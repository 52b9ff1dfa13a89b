// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { HOST_SECRET_HEADER, hostApiFetch } from './api-proxy';
import { closingApi } from './test-support';

const apis: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(apis.splice(0).map((api) => api.close()));
});

/** The server's own call, as the page's GraphQL client makes it (Node's fetch, kept-alive). */
const ask = (origin: string, query: string) =>
  hostApiFetch('s'.repeat(40))(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });

describe("the host's own calls to the API while rendering", () => {
  it('are answered when the API closes a kept-alive connection as it is reused', async () => {
    const api = await closingApi(2);
    apis.push(api);
    const answers = [await ask(api.origin, '{ one }'), await ask(api.origin, '{ two }')];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(api.answered).toEqual(['{"query":"{ one }"}', '{"query":"{ two }"}']);
  });

  it('ask once more when the connection was closed under them, and fail if it is again', async () => {
    const api = await closingApi(1);
    apis.push(api);
    await expect(ask(api.origin, '{ one }')).rejects.toThrow('fetch failed');
    expect(api.received()).toBe(2);
  });

  it('present the host secret', async () => {
    const seen: Headers[] = [];
    const fetchImpl = (async (_input: unknown, init?: RequestInit) => {
      seen.push(new Headers(init?.headers));
      return new Response('{}');
    }) as typeof fetch;
    await hostApiFetch('s'.repeat(40), fetchImpl)('http://api.test/graphql', {});
    expect(seen[0]?.get(HOST_SECRET_HEADER)).toBe('s'.repeat(40));
  });
});
