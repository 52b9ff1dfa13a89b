import { describe, expect, it } from 'vitest';
import { brandingTags, preloadTags } from './page-head';
import type { RemoteBuild } from './remote-manifests';

const build: RemoteBuild = {
  manifestUrl: 'https://cdn.example/catalog/mf-manifest.json',
  version: 'abc',
  entryUrl: 'https://cdn.example/catalog/remoteEntry.js',
  serverEntryUrl: 'https://cdn.example/catalog/server/remoteEntry.js?v=abc',
  exposeScripts: (module) =>
    module === 'ServicesPage' ? ['https://cdn.example/catalog/static/js/services.js?a=1&b=2'] : [],
};

describe("the page's head", () => {
  it("preloads the remote's manifest (as a CORS fetch), its entry and the module's scripts", () => {
    expect(preloadTags(build, 'ServicesPage')).toEqual([
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="https://cdn.example/catalog/mf-manifest.json">',
      '<link rel="preload" as="script" href="https://cdn.example/catalog/remoteEntry.js">',
      '<link rel="preload" as="script" href="https://cdn.example/catalog/static/js/services.js?a=1&amp;b=2">',
    ]);
  });

  it('preloads nothing when no build of the remote answered', () => {
    expect(preloadTags(null, 'ServicesPage')).toEqual([]);
  });

  it("shows the marketplace's favicon, escaped, and keeps the host's when it has none", () => {
    expect(brandingTags({ favicon: '/assets/glow "icon".svg' })).toEqual([
      '<link rel="icon" href="/assets/glow &quot;icon&quot;.svg">',
    ]);
    expect(brandingTags({ favicon: null })).toEqual([]);
  });
});
