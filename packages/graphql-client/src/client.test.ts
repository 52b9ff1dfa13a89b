import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGraphQLClient, persistedQueryUrl } from './client';
import { LogoutDocument, MarketplaceDocument } from './generated/graphql';
import trustedDocuments from './generated/persisted-documents.json';
import { GraphQLResponseError, HttpError, RequestTimeoutError } from './request-errors';
import { fakeFetch, hangingFetch, jsonResponse } from './test-fetch';

afterEach(() => {
  vi.useRealTimers();
});

describe('createGraphQLClient (one endpoint, POST, credentials included)', () => {
  it('POSTs a JSON body of query, variables and operationName to /graphql with credentials and the CSRF header', async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse({ data: { marketplace: { id: '1' } } }));
    const client = createGraphQLClient({ fetch });

    await client.execute(MarketplaceDocument, { id: '1', procedures: { organizationId: '4' } });

    expect(calls).toHaveLength(1);
    const [{ url, init }] = calls as [(typeof calls)[number]];
    expect([url, init.method, init.credentials]).toEqual(['/graphql', 'POST', 'include']);
    expect(init.headers).toEqual({
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      'x-graphql-yoga-csrf': '1',
    });
    expect(JSON.parse(String(init.body))).toEqual({
      query: MarketplaceDocument.toString(),
      variables: { id: '1', procedures: { organizationId: '4' } },
      operationName: 'Marketplace',
    });
  });

  it('returns the response data', async () => {
    const { fetch } = fakeFetch(() => jsonResponse({ data: { marketplace: { id: '1', name: 'Glow' } } }));
    const data = await createGraphQLClient({ fetch }).execute(MarketplaceDocument, { id: '1' });
    expect(data).toEqual({ marketplace: { id: '1', name: 'Glow' } });
  });

  it('uses a configured endpoint and extra headers', async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse({ data: { marketplace: null } }, 200));
    const client = createGraphQLClient({ fetch, endpoint: '/api/graphql', headers: { 'x-tenant': '2' } });
    await client.execute(MarketplaceDocument, { id: '2' }).catch(() => undefined);
    expect(calls[0]?.url).toBe('/api/graphql');
    expect(calls[0]?.init.headers).toMatchObject({ 'x-tenant': '2' });
  });

  it("names the page's marketplace in X-Atrium-Marketplace, read at each request, so the API picks that group's session", async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse({ data: { logout: true } }));
    let marketplace: string | null = '1';
    const client = createGraphQLClient({ fetch, marketplaceId: () => marketplace });
    await client.execute(LogoutDocument, {});
    marketplace = '2';
    await client.execute(LogoutDocument, {});
    marketplace = null;
    await client.execute(LogoutDocument, {});
    expect(
      calls.map((call) => (call.init.headers as Record<string, string>)['x-atrium-marketplace']),
    ).toEqual(['1', '2', undefined]);
  });

  it('raises the server errors as a GraphQLResponseError carrying the first message', async () => {
    const errors = [{ message: 'Marketplace 99 not found', extensions: { code: 'NOT_FOUND' } }];
    const { fetch } = fakeFetch(() => jsonResponse({ data: null, errors }));
    const failure = createGraphQLClient({ fetch }).execute(MarketplaceDocument, { id: '99' });
    await expect(failure).rejects.toBeInstanceOf(GraphQLResponseError);
    await expect(failure).rejects.toMatchObject({ message: 'Marketplace 99 not found', errors, status: 200 });
  });

  it('raises GraphQL errors of a 400 answer as a GraphQLResponseError too', async () => {
    const { fetch } = fakeFetch(() =>
      jsonResponse({ errors: [{ message: 'Variable "$id" is invalid' }] }, 400),
    );
    const failure = createGraphQLClient({ fetch }).execute(MarketplaceDocument, { id: 'x' });
    await expect(failure).rejects.toMatchObject({ message: 'Variable "$id" is invalid', status: 400 });
  });

  it('raises an HttpError for a non-JSON error page', async () => {
    const { fetch } = fakeFetch(() => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    const failure = createGraphQLClient({ fetch }).execute(MarketplaceDocument, { id: '1' });
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toThrow('Request failed with status 502');
  });

  it('fails with "Request timed out after 15000 ms" and aborts the fetch when the timeout passes', async () => {
    vi.useFakeTimers();
    const { fetch, signals } = hangingFetch();
    const failure = createGraphQLClient({ fetch, timeoutMs: 15000 }).execute(MarketplaceDocument, {
      id: '1',
    });
    const settled = failure.catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(14999);
    expect(signals[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    const error = await settled;
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect([(error as Error).message, signals[0]?.aborted]).toEqual([
      'Request timed out after 15000 ms',
      true,
    ]);
  });

  it('times out even when the fetch ignores its abort signal', async () => {
    vi.useFakeTimers();
    const neverSettles = (() => new Promise<Response>(() => undefined)) as typeof fetch;
    const failure = createGraphQLClient({ fetch: neverSettles }).execute(
      MarketplaceDocument,
      { id: '1' },
      { timeoutMs: 250 },
    );
    const settled = failure.catch((error: unknown) => (error as Error).message);
    await vi.advanceTimersByTimeAsync(250);
    expect(await settled).toBe('Request timed out after 250 ms');
  });

  it('passes a caller abort on to the fetch', async () => {
    const { fetch, signals } = hangingFetch();
    const caller = new AbortController();
    const failure = createGraphQLClient({ fetch }).execute(
      MarketplaceDocument,
      { id: '1' },
      { signal: caller.signal },
    );
    caller.abort();
    await expect(failure).rejects.toMatchObject({ name: 'AbortError' });
    expect(signals[0]?.aborted).toBe(true);
  });
});

describe('persisted GET (public queries a browser or CDN may cache)', () => {
  const marketplaceHash = (MarketplaceDocument as unknown as { __meta__: { hash: string } }).__meta__.hash;

  it('uses the SHA-256 codegen computed at build time, which names the document in the trusted list', () => {
    expect(marketplaceHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect((trustedDocuments as Record<string, string>)[marketplaceHash]).toMatch(/\bquery Marketplace\b/);
  });

  it('GETs the hash and variables, with credentials and the CSRF header and no body', async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse({ data: { marketplace: { id: '1' } } }));
    const client = createGraphQLClient({ fetch, headers: { 'x-tenant': '1' } });

    const data = await client.execute(
      MarketplaceDocument,
      { id: '1', procedures: null },
      { persistedGet: true },
    );

    expect(data).toEqual({ marketplace: { id: '1' } });
    const [{ url, init }] = calls as [(typeof calls)[number]];
    expect([init.method, init.credentials, init.body]).toEqual(['GET', 'include', undefined]);
    expect(init.headers).toEqual({
      accept: 'application/graphql-response+json, application/json',
      'x-graphql-yoga-csrf': '1',
      'x-tenant': '1',
    });
    const query = new URL(url, 'http://localhost').searchParams;
    expect(url.startsWith('/graphql?')).toBe(true);
    expect(Object.fromEntries(query)).toEqual({
      operationName: 'Marketplace',
      variables: '{"id":"1","procedures":null}',
      extensions: JSON.stringify({
        persistedQuery: { version: 1, sha256Hash: marketplaceHash.replace('sha256:', '') },
      }),
    });
    // The same call is the same URL: a stable key for HTTP caches.
    expect(persistedQueryUrl('/graphql', MarketplaceDocument, { id: '1', procedures: null })).toBe(url);
  });

  it('asks again by POST when the API does not know the hash', async () => {
    const { fetch, calls } = fakeFetch(
      () => jsonResponse({ errors: [{ message: 'PersistedQueryNotFound' }] }),
      () => jsonResponse({ data: { marketplace: { id: '1' } } }),
    );
    const data = await createGraphQLClient({ fetch }).execute(
      MarketplaceDocument,
      { id: '1' },
      { persistedGet: true },
    );
    expect(data).toEqual({ marketplace: { id: '1' } });
    expect(calls.map((call) => call.init.method)).toEqual(['GET', 'POST']);
    expect(JSON.parse(String(calls[1]?.init.body)).query).toBe(MarketplaceDocument.toString());
  });

  it('raises other errors of a GET as usual', async () => {
    const { fetch } = fakeFetch(() => new Response('<h1>Forbidden</h1>', { status: 403 }));
    const failure = createGraphQLClient({ fetch }).execute(
      MarketplaceDocument,
      { id: '1' },
      { persistedGet: true },
    );
    await expect(failure).rejects.toBeInstanceOf(HttpError);
  });

  it('never sends a mutation by GET', async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse({ data: { logout: true } }));
    await createGraphQLClient({ fetch }).execute(LogoutDocument, {}, { persistedGet: true });
    expect(calls[0]?.init.method).toBe('POST');
    expect(persistedQueryUrl('/graphql', LogoutDocument, {})).toBeUndefined();
  });

  it('times out a GET like a POST', async () => {
    vi.useFakeTimers();
    const { fetch, signals } = hangingFetch();
    const failure = createGraphQLClient({ fetch, timeoutMs: 500 }).execute(
      MarketplaceDocument,
      { id: '1' },
      { persistedGet: true },
    );
    const settled = failure.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(500);
    expect(await settled).toBeInstanceOf(RequestTimeoutError);
    expect(signals[0]?.aborted).toBe(true);
  });
});
