import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import type { Plugin } from 'graphql-yoga';
// The trusted documents of @atrium/graphql-client ("sha256:<hex>" -> document), written by this
// package's codegen with the client preset (codegen.ts) and bundled into the server.
import trustedDocuments from '../generated/persisted-documents/persisted-documents.json';

const documents = new Map<string, string>(Object.entries(trustedDocuments));

/** The document a persisted-operation hash stands for (hex, with or without `sha256:`), if trusted. */
export function persistedDocument(hash: string): string | null {
  return documents.get(hash.startsWith('sha256:') ? hash : `sha256:${hash}`) ?? null;
}

/**
 * Persisted operations: a request may name a trusted document by its SHA-256 instead of sending it,
 * `extensions: {"persistedQuery":{"version":1,"sha256Hash":"<hex>"}}` (in the query string of a
 * GET), so a public query is a short, stable URL that browsers and CDNs can cache. Full documents
 * are still accepted (every POST of the browser client sends one). An unknown hash is answered
 * 'PersistedQueryNotFound', on which the client falls back to a POST. GET never runs a mutation
 * (graphql-yoga refuses it with 405) and still needs the CSRF header.
 */
export function usePersistedDocuments(): Plugin {
  return usePersistedOperations({
    allowArbitraryOperations: true,
    getPersistedOperation: persistedDocument,
  });
}
