// @vitest-environment node
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteManifests } from './remote-manifests';

const manifest = JSON.stringify({
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [{ name: 'ServicesPage', assets: { js: { sync: ['static/js/services.js'] } } }],
});
let asked = 0;
let origin = '';
const server = http.createServer((req, res) => {
  asked += 1;
  // Answers a little later, as a remote's server under load does.
  setTimeout(() => {
    if (req.headers['if-none-match'] === '"v1"') return res.writeHead(304).end();
    res.writeHead(200, { 'content-type': 'application/json', etag: '"v1"' }).end(manifest);
  }, 20);
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("the host's reading of remotes' manifests", () => {
  it('shares one read among the pages that ask meanwhile, and revalidates for each later page', async () => {
    const read = createRemoteManifests();
    const url = `${origin}/mf-manifest.json`;
    const builds = await Promise.all(Array.from({ length: 5 }, () => read(url)));
    expect(asked).toBe(1);
    expect(new Set(builds).size).toBe(1);
    expect(builds[0]?.exposeScripts('ServicesPage')).toEqual([`${origin}/static/js/services.js`]);

    // A later page asks again (a 304 here), so a redeployed remote shows on the next page.
    expect(await read(url)).toBe(builds[0]);
    expect(asked).toBe(2);
  });
});
