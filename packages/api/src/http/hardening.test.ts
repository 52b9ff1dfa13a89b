import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../app';
import { migratedDatabase, type TestDatabase, testDatabases } from '../test/databases';
import { postGraphQL } from '../test/graphql';
import { csrfHeaderName, queryLimits } from './hardening';

const introspection = '{ __schema { queryType { name } } }';
// One of the seed's pictures, served at /assets/catalog/….
const catalogAsset = 'nocturne-aesthetics/lip-filler.svg';

/** marketplace { categories { procedures { addOns { addOns … { name } } } } } nested `depth` deep. */
function nestedQuery(depth: number): string {
  let selection = 'name';
  for (let level = 4; level < depth; level++) selection = `addOns { ${selection} }`;
  return `{ marketplace(id: "1") { categories { procedures { ${selection} } } } }`;
}

describe.each(testDatabases)('GraphQL hardening on $name', (factory) => {
  let handle: TestDatabase;
  let development: App;
  let production: App;

  beforeAll(async () => {
    handle = await migratedDatabase(factory);
    development = createApp({ db: handle.database, config: { nodeEnv: 'development' } });
    production = createApp({ db: handle.database, config: { nodeEnv: 'production' } });
  });
  afterAll(() => handle.dispose());

  describe('CSRF prevention', () => {
    it(`refuses a GET without the ${csrfHeaderName} header with 403, and answers it with the header`, async () => {
      const url = `http://localhost/graphql?query=${encodeURIComponent('{ health }')}`;
      const refused = await production.fetch(url, { headers: { accept: 'application/json' } });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({
        errors: [{ message: 'Required CSRF header(s) not present' }],
      });
      const allowed = await production.fetch(url, {
        headers: { accept: 'application/json', [csrfHeaderName]: '1' },
      });
      expect(allowed.status).toBe(200);
      expect(await allowed.json()).toEqual({ data: { health: 'ok' } });
    });

    it('refuses a POST a form could send (text/plain, urlencoded) without the header', async () => {
      for (const contentType of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
      ]) {
        const response = await production.fetch('http://localhost/graphql', {
          method: 'POST',
          headers: { 'content-type': contentType },
          body: JSON.stringify({ query: 'mutation { logout }' }),
        });
        expect(response.status, contentType).toBe(403);
      }
    });

    it('lets a JSON POST through, which browsers never send cross-site without a preflight', async () => {
      expect((await postGraphQL(production, '{ health }')).body).toEqual({ data: { health: 'ok' } });
    });
  });

  describe('query limits', () => {
    it(`refuses a query deeper than ${queryLimits.maxDepth} before running it`, async () => {
      expect(
        (await postGraphQL(production, nestedQuery(queryLimits.maxDepth + 1))).body.errors?.[0]?.message,
      ).toBe(
        `Syntax Error: Query depth limit of ${queryLimits.maxDepth} exceeded, found ${queryLimits.maxDepth + 1}.`,
      );
      // At the limit, the query runs (and finds no marketplace in this empty database).
      const atLimit = await postGraphQL(production, nestedQuery(queryLimits.maxDepth));
      expect(atLimit.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    });

    it(`refuses more than ${queryLimits.maxAliases} aliases`, async () => {
      const aliases = Array.from({ length: queryLimits.maxAliases + 1 }, (_, i) => `a${i}: health`).join(' ');
      expect((await postGraphQL(production, `{ ${aliases} }`)).body.errors?.[0]?.message).toBe(
        `Syntax Error: Aliases limit of ${queryLimits.maxAliases} exceeded, found ${queryLimits.maxAliases + 1}.`,
      );
    });

    it(`refuses a document of more than ${queryLimits.maxTokens} tokens`, async () => {
      const fields = Array.from({ length: queryLimits.maxTokens }, () => 'health').join(' ');
      expect((await postGraphQL(production, `{ ${fields} }`)).body.errors?.[0]?.message).toBe(
        `Syntax Error: Token limit of ${queryLimits.maxTokens} exceeded.`,
      );
    });

    it(`refuses a query costing more than ${queryLimits.maxCost}`, async () => {
      // Within the depth limit, but every level asks for everything.
      const scalars = 'id name tagline description thumbnail ingredients price duration tags';
      let selection = scalars;
      for (let level = 0; level < 6; level++) selection = `${scalars} addOns { ${selection} }`;
      const fields = `categories { ${[1, 2, 3, 4, 5, 6].map((i) => `p${i}: procedures { ${selection} }`).join(' ')} }`;
      const response = await postGraphQL(production, `{ marketplace(id: "1") { ${fields} } }`);
      expect(response.body.errors?.[0]?.message).toMatch(
        new RegExp(`^Syntax Error: Query Cost limit of ${queryLimits.maxCost} exceeded, found \\d+`),
      );
    });
  });

  describe('introspection', () => {
    it('is off in production', async () => {
      const response = await postGraphQL(production, introspection);
      expect(response.body.data).toBeUndefined();
      expect(response.body.errors?.[0]?.message).toMatch(/introspection/i);
    });

    it('is on in development', async () => {
      expect((await postGraphQL(development, introspection)).body).toEqual({
        data: { __schema: { queryType: { name: 'Query' } } },
      });
    });
  });

  it('does not suggest field names in production', async () => {
    const response = await postGraphQL(production, '{ healt }');
    expect(response.body.errors?.[0]?.message).not.toMatch(/Did you mean/);
  });

  describe('security headers', () => {
    const answers: [string, string, { method?: string; headers?: Record<string, string>; body?: string }?][] =
      [
        [
          'GraphQL',
          '/graphql',
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ health }"}' },
        ],
        ['GraphQL refused (CSRF)', '/graphql?query=%7B%20health%20%7D'],
        ['the liveness probe', '/healthz'],
        ['the readiness probe', '/readyz'],
        ['an asset', `/assets/catalog/${catalogAsset}`, { headers: { accept: 'image/svg+xml' } }],
        ['a missing asset', '/assets/catalog/missing.png'],
        ['a webhook', '/webhooks/stripe', { method: 'POST', body: '{}' }],
        ["Apple's sign-in answer", '/auth/apple/form-post', { method: 'POST', body: '' }],
        ["the host's canary views", '/internal/canary-views', { method: 'POST', body: '{}' }],
        ['the dev mailbox', '/dev/mailbox'],
      ];

    it('frame nothing, sniff nothing and send no referrer, on every answer', async () => {
      const statuses: number[] = [];
      for (const [kind, path, init] of answers) {
        const response = await development.fetch(`http://localhost${path}`, init ?? {});
        statuses.push(response.status);
        expect(response.headers.get('x-frame-options'), kind).toBe('DENY');
        expect(response.headers.get('x-content-type-options'), kind).toBe('nosniff');
        expect(response.headers.get('referrer-policy'), kind).toBe('no-referrer');
        expect(response.headers.get('content-security-policy'), kind).toContain("frame-ancestors 'none'");
        expect(response.headers.get('strict-transport-security'), kind).toBeNull();
      }
      // Each answer was what its name says (the sandbox processor has no webhook: 404).
      expect(statuses).toEqual([200, 403, 200, 200, 200, 404, 404, 415, 403, 200]);
    });

    it("keep the dev mailbox's own policy, framing refused in it", async () => {
      const response = await development.fetch('http://localhost/dev/mailbox');
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      );
    });

    it('add HSTS in production', async () => {
      for (const [kind, path, init] of answers) {
        const response = await production.fetch(`http://localhost${path}`, init ?? {});
        expect(response.headers.get('strict-transport-security'), kind).toBe('max-age=31536000');
        expect(response.headers.get('x-frame-options'), kind).toBe('DENY');
      }
    });
  });
});
