import { createHash } from 'node:crypto';
import { SERVER_DIR } from '@atrium/federation';

/** What the host's server needs to know about one build of a remote, from its mf-manifest.json. */
export interface RemoteBuild {
  /** The manifest's URL (the entry the browser registers). */
  manifestUrl: string;
  /** Changes with every build: a hash of the manifest. */
  version: string;
  /** The browser's remoteEntry.js. */
  entryUrl: string;
  /** The server build's remoteEntry.js, with the version so a new build is a new container. */
  serverEntryUrl: string;
  /** The scripts the browser needs for an exposed module, besides the entry. */
  exposeScripts(module: string): string[];
}

interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { name: string; assets?: { js?: { sync?: string[] } } }[];
}

/**
 * Reads remotes' manifests, revalidating each on every use (If-None-Match: a 304 costs one short
 * request), so a redeployed remote is seen on the next page load. Pages that ask while a manifest is
 * being read share that read: under load, one request per remote at a time, not one per page.
 */
export function createRemoteManifests(timeoutMs = 2000) {
  const known = new Map<string, { etag: string | null; build: RemoteBuild }>();
  const inFlight = new Map<string, Promise<RemoteBuild>>();

  async function revalidate(manifestUrl: string): Promise<RemoteBuild> {
    const cached = known.get(manifestUrl);
    const response = await fetch(manifestUrl, {
      headers: cached?.etag ? { 'if-none-match': cached.etag } : {},
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 304 && cached) return cached.build;
    if (!response.ok) throw new Error(`${manifestUrl} answered ${response.status}.`);
    const text = await response.text();
    const build = parseManifest(manifestUrl, text);
    known.set(manifestUrl, { etag: response.headers.get('etag'), build });
    return build;
  }

  return function read(manifestUrl: string): Promise<RemoteBuild> {
    const pending = inFlight.get(manifestUrl);
    if (pending) return pending;
    const reading = revalidate(manifestUrl).finally(() => inFlight.delete(manifestUrl));
    inFlight.set(manifestUrl, reading);
    return reading;
  };
}

function parseManifest(manifestUrl: string, text: string): RemoteBuild {
  const manifest = JSON.parse(text) as Manifest;
  const entry = manifest.metaData?.remoteEntry;
  if (!entry?.name || !Array.isArray(manifest.exposes)) throw new Error(`${manifestUrl} is not a manifest.`);
  const version = createHash('sha256').update(text).digest('hex').slice(0, 16);
  const at = (file: string) => new URL(file, manifestUrl).href;
  const exposes = new Map(manifest.exposes.map((e) => [e.name, (e.assets?.js?.sync ?? []).map(at)]));
  return {
    manifestUrl,
    version,
    entryUrl: at(`${entry.path ? `${entry.path}/` : ''}${entry.name}`),
    serverEntryUrl: `${at(`${SERVER_DIR}/remoteEntry.js`)}?v=${version}`,
    exposeScripts: (module) => exposes.get(module) ?? [],
  };
}
