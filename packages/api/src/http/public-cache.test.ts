import {
  type GraphQLNamedType,
  type GraphQLSchema,
  type GraphQLType,
  getNamedType,
  isInputObjectType,
  isObjectType,
  isScalarType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../app';
import { developmentOperatorKey } from '../checkout';
import { demoClientPassword } from '../db/demo/demo-clients';
import trustedDocuments from '../generated/persisted-documents/persisted-documents.json';
import { seededDatabase, type TestDatabase, testDatabases } from '../test/databases';
import type { GraphQLResponse } from '../test/graphql';
import { operations, registerAndSignIn, TestBrowser } from '../test/identity';
import { csrfHeaderName } from './hardening';
import {
  namedMarketplaceIds,
  privateCacheControl,
  publicCacheControl,
  publicQueryFields,
} from './public-cache';

/** The hash (hex, as a persisted-query request names it) and text of a trusted operation. */
function trusted(kind: 'query' | 'mutation', name: string): { hash: string; document: string } {
  const entry = Object.entries(trustedDocuments).find(([, document]) =>
    new RegExp(`\\b${kind} ${name}\\b`).test(document),
  );
  if (!entry) throw new Error(`${kind} ${name} is not a trusted document`);
  return { hash: entry[0].replace(/^sha256:/, ''), document: entry[1] };
}

const marketplaceDocument = trusted('query', 'Marketplace');

/** A persisted GET, as the browser client sends it. */
function persistedUrl(hash: string, operationName: string, variables: Record<string, unknown>): string {
  const params = new URLSearchParams({
    operationName,
    variables: JSON.stringify(variables),
    extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }),
  });
  return `http://localhost/graphql?${params}`;
}

const browserHeaders = {
  accept: 'application/graphql-response+json, application/json',
  [csrfHeaderName]: '1',
};

async function read(response: Response) {
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: (text ? JSON.parse(text) : null) as GraphQLResponse | null,
  };
}

describe.each(testDatabases)('public answers and HTTP caching on $name', (factory) => {
  let handle: TestDatabase;
  let app: App;

  beforeAll(async () => {
    handle = await seededDatabase(factory, {
      catalogOverrideEntry: 'http://localhost:3011/mf-manifest.json',
    });
  });
  // Each test gets an app of its own, so its cache starts empty.
  const freshApp = () => {
    app = createApp({ db: handle.database, config: { nodeEnv: 'production' }, logging: false });
    return app;
  };
  afterAll(() => handle.dispose());

  const getMarketplace = async (id: string, headers: Record<string, string> = {}) =>
    read(
      await app.fetch(persistedUrl(marketplaceDocument.hash, 'Marketplace', { id, procedures: null }), {
        headers: { ...browserHeaders, ...headers },
      }),
    );

  describe('the remote rollouts the host reads on every page', () => {
    it('are never cached: a promotion shows on the very next read, by GET too', async () => {
      freshApp();
      const rolloutsDocument = trusted('query', 'RemoteRollouts');
      const getRollouts = async () =>
        read(
          await app.fetch(
            persistedUrl(rolloutsDocument.hash, 'RemoteRollouts', {
              marketplaceId: '2',
              withMarketplace: true,
            }),
            {
              headers: browserHeaders,
            },
          ),
        );
      const before = await getRollouts();
      expect(before.headers.get('cache-control')).toBe(privateCacheControl);
      expect(before.body?.data?.marketplace).toMatchObject([
        { remote: 'catalog', entry: 'http://localhost:3011/mf-manifest.json' },
      ]);

      const entry = 'http://localhost:3020/catalog/0123456789ab/mf-manifest.json';
      // The operator's tools, through an API process with the development key and origins.
      const operatorApp = createApp({ db: handle.database, config: { nodeEnv: 'test' }, logging: false });
      const operator = async (query: string, variables: Record<string, unknown>) => {
        const response = await read(
          await operatorApp.fetch('http://localhost/graphql', {
            method: 'POST',
            headers: {
              ...browserHeaders,
              'content-type': 'application/json',
              'x-operator-key': developmentOperatorKey,
            },
            body: JSON.stringify({ query, variables }),
          }),
        );
        expect(response.body?.errors).toBeUndefined();
      };
      await operator(
        'mutation($input: RecordRemoteReleaseInput!) { recordRemoteRelease(input: $input) { version } }',
        {
          input: {
            remote: 'catalog',
            version: '0123456789ab',
            entry,
            checksum: `0123456789ab${'0'.repeat(52)}`,
            contractVersion: '1.0.0',
          },
        },
      );
      await operator(
        'mutation($input: PromoteRemoteReleaseInput!) { promoteRemoteRelease(input: $input) { version } }',
        { input: { remote: 'catalog', version: '0123456789ab', marketplaceId: '2' } },
      );
      const after = await getRollouts();
      expect(after.headers.get('cache-control')).toBe(privateCacheControl);
      expect(after.body?.data?.marketplace).toMatchObject([{ remote: 'catalog', entry }]);
    });
  });

  describe('a persisted GET of the marketplace query', () => {
    it('answers the same data as a POST of the document, kept by browsers and CDNs that revalidate it', async () => {
      freshApp();
      const get = await getMarketplace('1');
      expect(get.status).toBe(200);
      expect(get.headers.get('cache-control')).toBe(publicCacheControl);
      expect(get.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      expect(get.headers.get('etag')).toMatch(/^"[\w-]{43}"$/);
      expect(get.headers.get('set-cookie')).toBeNull();

      const post = await read(
        await app.fetch('http://localhost/graphql', {
          method: 'POST',
          headers: { ...browserHeaders, 'content-type': 'application/json' },
          body: JSON.stringify({ query: marketplaceDocument.document, variables: { id: '1' } }),
        }),
      );
      expect(post.body).toEqual(get.body);
      expect(post.body?.data?.marketplace).toMatchObject({ id: '1', name: 'Glow Mobile IV' });
      // A POST is never stored by HTTP caches, whatever it asked.
      expect(post.headers.get('cache-control')).toBe(privateCacheControl);
    });

    it('answers 304 without a body to a revalidation with the ETag it gave, in any process', async () => {
      freshApp();
      const etag = (await getMarketplace('1')).headers.get('etag') ?? '';
      const revalidated = await getMarketplace('1', { 'if-none-match': etag });
      expect(revalidated.status).toBe(304);
      expect(revalidated.text).toBe('');
      expect(revalidated.headers.get('etag')).toBe(etag);
      expect(revalidated.headers.get('cache-control')).toBe(publicCacheControl);
      // Another API process (an empty cache) gives the same ETag for the same data.
      freshApp();
      expect((await getMarketplace('1', { 'if-none-match': `W/${etag}` })).status).toBe(304);

      // The ETag of another marketplace's answer is no match, nor is an unknown one.
      const other = await getMarketplace('2', { 'if-none-match': etag });
      expect(other.status).toBe(200);
      expect(other.headers.get('etag')).not.toBe(etag);
      expect((await getMarketplace('1', { 'if-none-match': '"not-a-known-etag"' })).status).toBe(200);
    });

    it('is answered from the cache: a change in the database shows only once the entry expires', async () => {
      freshApp();
      const before = await getMarketplace('3');
      expect(before.body?.data?.marketplace).toMatchObject({ name: 'Solace Wellness Studio' });
      await handle.database.transaction((tx) =>
        tx.exec(`update marketplaces set name = 'Solace Renamed' where id = 3`),
      );
      try {
        expect((await getMarketplace('3')).body?.data?.marketplace).toMatchObject({
          name: 'Solace Wellness Studio',
        });
        // A new process (or the same after the TTL) reads the database again, and a revalidation
        // of the old answer gets the new one in full.
        freshApp();
        const after = await getMarketplace('3', { 'if-none-match': before.headers.get('etag') ?? '' });
        expect(after.status).toBe(200);
        expect(after.body?.data?.marketplace).toMatchObject({ name: 'Solace Renamed' });
      } finally {
        await handle.database.transaction((tx) =>
          tx.exec(`update marketplaces set name = 'Solace Wellness Studio' where id = 3`),
        );
      }
    });

    it('shows a console change on the very next request, in every process: the key holds the revision', async () => {
      freshApp();
      const otherProcess = createApp({
        db: handle.database,
        config: { nodeEnv: 'production' },
        logging: false,
      });
      const fromOtherProcess = async () =>
        read(
          await otherProcess.fetch(
            persistedUrl(marketplaceDocument.hash, 'Marketplace', { id: '3', procedures: null }),
            {
              headers: browserHeaders,
            },
          ),
        );
      // Both processes hold the answer before the change.
      expect((await fromOtherProcess()).body?.data?.marketplace).toMatchObject({
        name: 'Solace Wellness Studio',
      });
      const before = await getMarketplace('3');
      const etag = before.headers.get('etag') ?? '';
      // Unchanged: the same answer again, and a revalidation costs a 304.
      expect((await getMarketplace('3', { 'if-none-match': etag })).status).toBe(304);
      // What changeAsStaff does: the change and the revision, in one transaction.
      await handle.database.transaction((tx) =>
        tx.exec(`update marketplaces set name = 'Solace Changed', revision = revision + 1 where id = 3`),
      );
      try {
        const after = await getMarketplace('3', { 'if-none-match': etag });
        expect(after.status).toBe(200);
        expect(after.body?.data?.marketplace).toMatchObject({ name: 'Solace Changed' });
        expect(after.headers.get('etag')).not.toBe(etag);
        expect((await fromOtherProcess()).body?.data?.marketplace).toMatchObject({ name: 'Solace Changed' });
        // Another marketplace's revision leaves this one's answer where it was.
        expect((await getMarketplace('1')).status).toBe(200);
      } finally {
        await handle.database.transaction((tx) =>
          tx.exec(
            `update marketplaces set name = 'Solace Wellness Studio', revision = revision + 1 where id = 3`,
          ),
        );
      }
      expect((await getMarketplace('3')).body?.data?.marketplace).toMatchObject({
        name: 'Solace Wellness Studio',
      });
    });

    it(`is refused without the ${csrfHeaderName} header`, async () => {
      freshApp();
      const refused = await app.fetch(persistedUrl(marketplaceDocument.hash, 'Marketplace', { id: '1' }), {
        headers: { accept: 'application/json' },
      });
      expect(refused.status).toBe(403);
    });

    it('answers an unknown hash with PersistedQueryNotFound, uncached', async () => {
      freshApp();
      const response = await read(
        await app.fetch(persistedUrl('0'.repeat(64), 'Marketplace', { id: '1' }), {
          headers: browserHeaders,
        }),
      );
      expect(response.body?.errors?.[0]?.message).toBe('PersistedQueryNotFound');
      expect(response.headers.get('cache-control')).toBe(privateCacheControl);
    });
  });

  describe('user data is never cached or shared', () => {
    const mixed = /* GraphQL */ `
      query MarketplaceAndViewer {
        marketplace(id: "1") { name }
        viewer(mgId: "1") { profile { email } }
      }`;

    it('answers a query that asks for the viewer beside the marketplace per session, every time', async () => {
      freshApp();
      const demo = new TestBrowser(app);
      await demo.data(operations.authenticate, {
        marketplaceId: '1',
        email: 'demo@glow.example',
        password: demoClientPassword,
      });
      const other = new TestBrowser(app);
      await registerAndSignIn(other, 'cache-other@example.com', { password: 'another-pass-456' });

      for (let round = 0; round < 2; round++) {
        expect(await demo.data(mixed)).toEqual({
          marketplace: { name: 'Glow Mobile IV' },
          viewer: { profile: { email: 'demo@glow.example' } },
        });
        expect(await other.data(mixed)).toEqual({
          marketplace: { name: 'Glow Mobile IV' },
          viewer: { profile: { email: 'cache-other@example.com' } },
        });
        const guest = await new TestBrowser(app).post(mixed);
        expect(guest.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
        expect(JSON.stringify(guest.body)).not.toContain('@');
      }

      // The same viewer query by a persisted GET: private, no ETag, nothing kept.
      const viewer = trusted('query', 'Viewer');
      const url = persistedUrl(viewer.hash, 'Viewer', { mgId: '1' });
      const cookie = (browser: TestBrowser) =>
        [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const asDemo = await read(
        await app.fetch(url, { headers: { ...browserHeaders, cookie: cookie(demo) } }),
      );
      expect(JSON.stringify(asDemo.body)).toContain('demo@glow.example');
      expect(asDemo.headers.get('cache-control')).toBe(privateCacheControl);
      expect(asDemo.headers.get('etag')).toBeNull();
      const asOther = await read(
        await app.fetch(url, { headers: { ...browserHeaders, cookie: cookie(other) } }),
      );
      expect(JSON.stringify(asOther.body)).toContain('cache-other@example.com');
      expect(JSON.stringify(asOther.body)).not.toContain('demo@glow.example');
    });

    it('serves a signed-in visitor the same cached marketplace answer as a guest, and nothing more', async () => {
      freshApp();
      const demo = new TestBrowser(app);
      await demo.data(operations.authenticate, {
        marketplaceId: '1',
        email: 'demo@glow.example',
        password: demoClientPassword,
      });
      const cookie = [...demo.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const signedIn = await getMarketplace('1', { cookie });
      const guest = await getMarketplace('1');
      expect(guest.text).toBe(signedIn.text);
      expect(guest.headers.get('etag')).toBe(signedIn.headers.get('etag'));
      expect(signedIn.text).not.toContain('demo@glow.example');
      expect(signedIn.headers.get('set-cookie')).toBeNull();
    });

    it('never answers a mutation from the cache, even with a matching If-None-Match', async () => {
      freshApp();
      const etag = (await getMarketplace('1')).headers.get('etag') ?? '';
      const logout = await read(
        await app.fetch('http://localhost/graphql', {
          method: 'POST',
          headers: { ...browserHeaders, 'content-type': 'application/json', 'if-none-match': etag },
          body: JSON.stringify({ query: operations.logout }),
        }),
      );
      expect(logout.status).toBe(200);
      expect(logout.body).toEqual({ data: { logout: true } });
      expect(logout.headers.get('cache-control')).toBe(privateCacheControl);
    });

    it('never runs a mutation over GET, persisted or not', async () => {
      freshApp();
      const logout = trusted('mutation', 'Logout');
      const persisted = await app.fetch(persistedUrl(logout.hash, 'Logout', {}), { headers: browserHeaders });
      expect(persisted.status).toBe(405);
      const plain = await app.fetch(
        `http://localhost/graphql?query=${encodeURIComponent('mutation { logout }')}`,
        {
          headers: browserHeaders,
        },
      );
      expect(plain.status).toBe(405);
    });
  });
});

describe('the marketplaces a public operation names', () => {
  const document = 'query Marketplace($id: ID!) { marketplace(id: $id) { name } }';

  it('are read from its id arguments, literal or variable, each once, in order', () => {
    expect(namedMarketplaceIds({ documentString: document, variableValues: { id: '12' } })).toEqual([12]);
    expect(
      namedMarketplaceIds({
        documentString:
          'query { b: marketplace(id: "7") { name } a: marketplace(id: 3) { name } c: marketplace(id: "7") { id } }',
      }),
    ).toEqual([3, 7]);
  });

  it('leave out ids no marketplace can have, and documents that do not parse', () => {
    for (const id of ['0', 'abc', '2147483648', '-1', '']) {
      expect(namedMarketplaceIds({ documentString: document, variableValues: { id } })).toEqual([]);
    }
    expect(namedMarketplaceIds({ documentString: document, variableValues: {} })).toEqual([]);
    expect(namedMarketplaceIds({ documentString: 'query { marketplace(' })).toEqual([]);
  });
});

describe('the public part of the schema', () => {
  /** Every type an answer of the public root fields can hold, with the arguments' input types. */
  function reachableTypes(schema: GraphQLSchema): string[] {
    const seen = new Set<string>();
    const named = (type: GraphQLType): GraphQLNamedType => getNamedType(type);
    const visit = (type: GraphQLNamedType) => {
      if (seen.has(type.name) || isScalarType(type)) return;
      seen.add(type.name);
      if (isObjectType(type) || isInputObjectType(type)) {
        for (const field of Object.values(type.getFields())) {
          visit(named(field.type));
          for (const argument of 'args' in field ? field.args : []) visit(named(argument.type));
        }
      }
    };
    const query = schema.getQueryType();
    for (const name of publicQueryFields) {
      const field = query?.getFields()[name];
      if (!field) throw new Error(`Query.${name} does not exist`);
      visit(named(field.type));
      for (const argument of field.args) visit(named(argument.type));
    }
    return [...seen].sort();
  }

  it('holds only marketplace data the same for every visitor (review a new type before adding it)', () => {
    const schema = createApp({
      db: {
        kind: 'pglite',
        db: {} as never,
        query: () => Promise.reject(),
        transaction: () => Promise.reject(),
        close: async () => {},
      },
      config: { nodeEnv: 'test' },
      logging: false,
    }).getEnveloped().schema as GraphQLSchema;
    expect(reachableTypes(schema)).toEqual([
      'CheckoutNoteDefinition',
      'CheckoutNoteOptions',
      'CheckoutNoteType',
      'Clinic',
      // A clinic's opening hours (the Settings section): public, the same for every visitor.
      'ClinicOpeningHours',
      'CoordinatesInput',
      'Marketplace',
      'MembershipDefinition',
      'MembershipDiscount',
      'MembershipPeriod',
      'Package',
      'PackageItemDefinition',
      'PaymentCollectionMethod',
      'PaymentDepositType',
      'PaymentSettings',
      'Procedure',
      'ProcedureGroup',
      'ProceduresInput',
      'RemoteCanary',
      'RemoteCanaryRemoval',
      'RemoteName',
      'RemoteRollout',
    ]);
  });
});
