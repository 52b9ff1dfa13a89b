import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from './app';
import { seededDatabase, type TestDatabase, testDatabases } from './test/databases';
import { postGraphQL } from './test/graphql';

describe.each(testDatabases)('HTTP app on $name', (factory) => {
  let handle: TestDatabase;
  let app: App;

  beforeAll(async () => {
    handle = await seededDatabase(factory, {
      catalogOverrideEntry: 'http://localhost:3011/mf-manifest.json',
    });
    app = createApp({ db: handle.database, config: { nodeEnv: 'production' } });
  });
  afterAll(() => handle.dispose());

  it('answers GET /healthz with 200 ok', async () => {
    const response = await app.fetch('http://localhost/healthz');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ok');
  });

  it('answers the health query', async () => {
    const { status, body } = await postGraphQL(app, '{ health }');
    expect(status).toBe(200);
    expect(body).toEqual({ data: { health: 'ok' } });
  });

  it('serves a marketplace logo as SVG', async () => {
    const response = await app.fetch('http://localhost/assets/marketplaces/glow-mobile-iv/logo.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toMatch(/^<svg /);
  });

  it('answers HEAD for an asset with headers and no body', async () => {
    const response = await app.fetch('http://localhost/assets/marketplaces/glow-mobile-iv/favicon.svg', {
      method: 'HEAD',
    });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await response.text()).toBe('');
  });

  it('serves every image the demo marketplaces name, except the one that is missing on purpose', async () => {
    const query = `query ($id: ID!) { marketplace(id: $id) { logo favicon
      categories { thumbnail banner procedures { thumbnail addOns { thumbnail } } } } }`;
    const urls = new Set<string>();
    for (const id of ['1', '2', '3']) {
      const { body } = await postGraphQL<{ marketplace: Record<string, unknown> }>(app, query, { id });
      JSON.stringify(body.data, (_key, value) => {
        if (typeof value === 'string' && value.startsWith('/assets/')) urls.add(value);
        return value;
      });
    }
    const statuses = new Map<string, number>();
    for (const url of urls) statuses.set(url, (await app.fetch(`http://localhost${url}`)).status);
    const notFound = [...statuses]
      .filter(([, status]) => status !== 200)
      .map(([url, status]) => `${status} ${url}`);
    expect(urls.size).toBeGreaterThan(40);
    expect(notFound).toEqual(['404 /assets/catalog/missing-thumbnail.svg']);
  });

  it('never serves files outside assets/, whatever the encoding', async () => {
    for (const path of [
      '/assets/%2e%2e/package.json',
      '/assets/..%2fpackage.json',
      '/assets/%2e%2e%2fsrc%2fapp.ts',
    ]) {
      expect((await app.fetch(`http://localhost${path}`)).status, path).toBe(404);
    }
  });

  it('serves only image types', async () => {
    expect((await app.fetch('http://localhost/assets/marketplaces')).status).toBe(404);
  });

  it('refuses to write to assets', async () => {
    const response = await app.fetch('http://localhost/assets/marketplaces/glow-mobile-iv/logo.svg', {
      method: 'POST',
      body: '<svg/>',
    });
    expect(response.status).toBe(405);
  });
});
