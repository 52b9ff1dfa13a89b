import { createHash, randomUUID } from 'node:crypto';
import { createInMemoryCache, useResponseCache } from '@graphql-yoga/plugin-response-cache';
import { inArray } from 'drizzle-orm';
import { type DocumentNode, getOperationAST, Kind, parse, type ValueNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Db } from '../kernel/database/database';
import { largestId } from '../kernel/id-input';
import { marketplaces } from '../kernel/tables';

/**
 * Root fields whose answers are the same for every visitor: the marketplace (branding, clinics,
 * catalogue, checkout notes, payment settings, its own remote rollouts, membership plans and packages).
 * Not `remoteRollouts`: the host reads it on every page so a promotion shows on the next load.
 * Only an operation made of nothing but these is cached, shared by all sessions and sent with
 * `Cache-Control: public`. Whatever a field under them resolves must stay public too:
 * public-cache.test.ts lists every type reachable from them, so adding one is a reviewed change.
 */
export const publicQueryFields: ReadonlySet<string> = new Set(['marketplace']);

/**
 * How long a public answer is reused by this process. Its key holds the marketplace's revision, which
 * every console change moves on, so a console change shows at once; changes made outside the console
 * (seed, CLI) show within this time (see README, "HTTP caching").
 */
export const publicCacheTtlSeconds = 60;

/**
 * Cache-Control of a public answer to a GET (and of its 304): browsers and CDNs keep it but ask again
 * every time, with its ETag, so a console change shows on the next page load and an unchanged answer
 * costs a 304.
 */
export const publicCacheControl = 'public, max-age=0, must-revalidate';

/** Cache-Control of every other GraphQL answer: user data is never stored by a browser or a CDN. */
export const privateCacheControl = 'private, no-store';

/**
 * True when the operation to run is a query whose root selections are all public fields (and
 * `__typename`), at least one of them public.
 */
export function isPublicOperation(document: DocumentNode, operationName?: string | null): boolean {
  const operation = getOperationAST(document, operationName);
  if (operation?.operation !== 'query') return false;
  const { selections } = operation.selectionSet;
  return (
    selections.every(
      (selection) =>
        selection.kind === Kind.FIELD &&
        (publicQueryFields.has(selection.name.value) || selection.name.value === '__typename'),
    ) &&
    selections.some(
      (selection) => selection.kind === Kind.FIELD && publicQueryFields.has(selection.name.value),
    )
  );
}

// Sorts object keys, so variables given in another order make the same cache key.
const sortedKeys = (_key: string, value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : value;

interface KeyParams {
  documentString: string;
  operationName?: string | null;
  variableValues?: unknown;
}

/** The value of an `id` argument, given literally or as a variable; null when it is neither. */
function argumentText(value: ValueNode, variables: unknown): string | null {
  if (value.kind === Kind.STRING || value.kind === Kind.INT) return value.value;
  if (value.kind !== Kind.VARIABLE || !variables || typeof variables !== 'object') return null;
  const given = (variables as Record<string, unknown>)[value.name.value];
  return typeof given === 'string' || typeof given === 'number' ? String(given) : null;
}

/**
 * The marketplaces a public operation names (its public fields' `id` arguments) that can exist:
 * whole numbers in the id range. Others name no row, and their answers are errors, never cached.
 */
export function namedMarketplaceIds({ documentString, operationName, variableValues }: KeyParams): number[] {
  let document: DocumentNode;
  try {
    document = parse(documentString, { noLocation: true });
  } catch {
    return [];
  }
  const ids = new Set<number>();
  for (const selection of getOperationAST(document, operationName)?.selectionSet.selections ?? []) {
    if (selection.kind !== Kind.FIELD || !publicQueryFields.has(selection.name.value)) continue;
    const argument = selection.arguments?.find((candidate) => candidate.name.value === 'id');
    const text = argument ? argumentText(argument.value, variableValues) : null;
    if (text && /^\d{1,10}$/.test(text) && Number(text) >= 1 && Number(text) <= largestId)
      ids.add(Number(text));
  }
  return [...ids].sort((a, b) => a - b);
}

/** Each named marketplace's revision, as `id:revision` pairs (one indexed read, per request). */
async function revisionsOf(db: Db, ids: number[]): Promise<string> {
  if (ids.length === 0) return '';
  const rows = await db
    .select({ id: marketplaces.id, revision: marketplaces.revision })
    .from(marketplaces)
    .where(inArray(marketplaces.id, ids));
  return rows
    .map((row) => `${row.id}:${row.revision}`)
    .sort()
    .join(',');
}

/**
 * The cache key of a request: a SHA-256 of document, operation name, variables (no session) and the
 * current revision of each marketplace it names, read from the database so that a change made through
 * any API process gives a new key in every process; or, for a document that does not even name a
 * public field, one key that never holds an answer (`isPublicOperation` is false for it), so most
 * requests skip the hashing and the read.
 */
async function cacheKey(db: Db, params: KeyParams): Promise<string> {
  const { documentString, operationName, variableValues } = params;
  // Malformed requests are refused before this runs (malformed-requests.ts); a document that is
  // not text is never public all the same.
  if (typeof documentString !== 'string') return 'not-public';
  if (![...publicQueryFields].some((field) => documentString.includes(field))) return 'not-public';
  let revisions: string;
  try {
    revisions = await revisionsOf(db, namedMarketplaceIds(params));
  } catch {
    // The database is out of reach: a key of this request alone, so nothing cached is served for it
    // and the query answers as the database lets it (SERVICE_UNAVAILABLE meanwhile).
    return `uncached:${randomUUID()}`;
  }
  return createHash('sha256')
    .update(
      `${documentString}|${operationName ?? ''}|${JSON.stringify(variableValues ?? {}, sortedKeys)}|${revisions}`,
    )
    .digest('hex');
}

// The response cache's own mark on an answer it served (@graphql-yoga/plugin-response-cache).
const servedFromResponseCache = Symbol.for('servedFromResponseCache');

/**
 * A public answer's JSON body and its entity tag (a hash of the body, so the same in every API
 * process for the same data), made once per answer the response cache keeps.
 */
function serialize(data: object): { body: string; etag: string } {
  const body = JSON.stringify({ data });
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}

/** Whether an If-None-Match header names this entity tag (weak comparison, RFC 9110 13.1.2). */
function matchesEntityTag(ifNoneMatch: string, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * The public-answer cache: graphql-yoga's response cache (in memory, per process, shared by all
 * sessions) restricted to public operations, and the HTTP caching headers that go with it.
 *
 * - A public query's answer without errors is kept `ttlSeconds`, keyed by the document text,
 *   operation name and variables (never by session: nothing private is ever put in it). A repeat,
 *   by POST or GET, is answered from it before parsing; anything else executes as always.
 * - A GET of a public query answered without errors is `Cache-Control: public, …` with an `ETag`
 *   (a hash of the data, so every process gives the same one and a change gives a new one); a GET
 *   whose `If-None-Match` names it gets 304. Every other GraphQL answer is `private, no-store`,
 *   and so is any answer that sets a cookie.
 *
 * Goes after the CSRF check and after persisted operations (the cache key needs the document a
 * hash stands for).
 */
export function publicCachePlugins({
  graphqlEndpoint,
  db,
  ttlSeconds = publicCacheTtlSeconds,
}: {
  graphqlEndpoint: string;
  /** Where the marketplaces' revisions are read (the cache key holds them). */
  db: Db;
  ttlSeconds?: number;
}): Plugin[] {
  const seen: SeenRequests = {
    withParams: new WeakSet(),
    publicByRequest: new WeakMap(),
    publicAnswers: new WeakMap(),
    serialized: new WeakMap(),
  };
  const decideVisibility: Plugin = {
    onParams({ request }) {
      seen.withParams.add(request);
    },
    onExecute({ args }) {
      const { request } = args.contextValue as { request: Request };
      seen.publicByRequest.set(request, isPublicOperation(args.document, args.operationName));
    },
  };
  const cacheHeaders: Plugin = {
    onExecutionResult: (payload) => keepPublicAnswer(seen, payload),
    onResponse: (payload) => setCacheHeaders(seen, graphqlEndpoint, payload),
  };
  return [decideVisibility, publicResponseCache(seen, db, ttlSeconds), cacheHeaders];
}

/** What the plugins learn of each request as it goes, and of each answer the cache keeps. */
interface SeenRequests {
  /** Requests whose GraphQL parameters are read (so the cache can be looked up by its exact key). */
  withParams: WeakSet<Request>;
  /** Per request: is its operation public (decided when it is about to execute)? */
  publicByRequest: WeakMap<Request, boolean>;
  /** Per request answered publicly without errors: the answer's entity tag. */
  publicAnswers: WeakMap<Request, string>;
  /**
   * Body and entity tag per cached answer, by its data object, which every hit shares: a hit is
   * neither serialized nor hashed again. Goes with the cache entry (a WeakMap).
   */
  serialized: WeakMap<object, { body: string; etag: string }>;
}

/** graphql-yoga's response cache, holding public answers only and shared by every session. */
function publicResponseCache(seen: SeenRequests, db: Db, ttlSeconds: number): Plugin {
  return useResponseCache({
    // One cache for everyone: only public answers are ever put in it (`enabled`).
    session: () => null,
    buildResponseCacheKey: (params) => cacheKey(db, params),
    cache: createInMemoryCache({ max: 1000 }),
    ttl: ttlSeconds * 1000,
    // Mutations neither read nor invalidate it: a console change moves the revision in the key on.
    invalidateViaMutation: false,
    includeExtensionMetadata: false,
    enabled: (request) => {
      // About to execute: only a public operation's answer is cached.
      const isPublic = seen.publicByRequest.get(request);
      if (isPublic !== undefined) return isPublic;
      // Parameters read: the cache is looked up by exact key (document, operation name, variables),
      // which holds only answers of public operations. Before that (the plugin's own If-None-Match
      // check, which trusts the header without looking at the request): off, the 304 is ours below.
      return seen.withParams.has(request);
    },
  });
}

type ExecutionResultPayload = Parameters<NonNullable<Plugin['onExecutionResult']>>[0];
type ResponsePayload = Parameters<NonNullable<Plugin['onResponse']>>[0];

/** Notes a public answer without errors by its entity tag, and writes it out as serialized once. */
function keepPublicAnswer(seen: SeenRequests, { request, result, setResult }: ExecutionResultPayload): void {
  if (!result || Symbol.asyncIterator in result) return;
  const isPublic = servedFromResponseCache in result || seen.publicByRequest.get(request) === true;
  const { data } = result;
  if (!isPublic || result.errors?.length || !data || typeof data !== 'object') return;
  let answer = seen.serialized.get(data);
  if (!answer) {
    answer = serialize(data);
    seen.serialized.set(data, answer);
  }
  const { body, etag } = answer;
  seen.publicAnswers.set(request, etag);
  // graphql-yoga serializes a result with its `stringify`; it passes the result without its
  // internal `extensions.http`, so anything else in it (there is nothing else) is written out.
  setResult({
    ...result,
    stringify: (sanitized) =>
      sanitized.data === data && !sanitized.errors && !sanitized.extensions
        ? body
        : JSON.stringify(sanitized),
  });
}

/**
 * Cache-Control of a GraphQL answer: public with its entity tag for a GET answered publicly (304
 * when If-None-Match names the tag), private and untagged for every other one.
 */
function setCacheHeaders(
  seen: SeenRequests,
  graphqlEndpoint: string,
  { request, response, setResponse, fetchAPI }: ResponsePayload,
): void {
  // GraphQL requests only (their parameters were read), not /healthz or /assets.
  if (!seen.withParams.has(request) && new URL(request.url).pathname !== graphqlEndpoint) return;
  const etag = seen.publicAnswers.get(request);
  const isPublic =
    request.method === 'GET' &&
    response.status === 200 &&
    etag !== undefined &&
    !response.headers.has('set-cookie');
  if (!isPublic) {
    response.headers.set('cache-control', privateCacheControl);
    response.headers.delete('etag');
    response.headers.delete('last-modified');
    return;
  }
  response.headers.set('cache-control', publicCacheControl);
  response.headers.set('etag', etag);
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch && matchesEntityTag(ifNoneMatch, etag)) {
    const headers = new fetchAPI.Headers({ 'cache-control': publicCacheControl, etag });
    const lastModified = response.headers.get('last-modified');
    if (lastModified) headers.set('last-modified', lastModified);
    setResponse(new fetchAPI.Response(null, { status: 304, headers }));
  }
}
