import { readFileSync } from 'node:fs';
import path from 'node:path';
import { marketplaceIdFromPath } from '@atrium/domain';
import {
  allowedEntries,
  entryOrigin,
  parseRuntimeConfig,
  type RemoteEntryChains,
  type RemoteName,
  type RoutePageModule,
  type RuntimeConfig,
  remoteEntryChains,
  remoteNames,
} from '@atrium/federation';
import {
  configureGraphQLClient,
  createQueryClient,
  fetchMarketplace,
  type Marketplace,
  marketplaceQueryOptions,
  type RemotePreviewView,
  type RemoteRolloutView,
} from '@atrium/graphql-client';
import {
  $browserConfig,
  $selectedDateTime,
  $selectedLocation,
  type ClientValuesSnapshot,
  marketplaceIdStorage,
  restoreClientValues,
  snapshotClientValues,
} from '@atrium/stores';
import { StyleCacheProvider } from '@atrium/ui';
import { createServerStyles } from '@atrium/ui/server';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import escapeHtml from 'escape-html';
import type { ComponentType } from 'react';
import { App } from '../app';
import { bookingPageTitle } from '../chrome/document-title';
import type { DocumentState, PagePreview } from '../document-state';
import { type LoadedRemoteModules, loadedRemoteKey } from '../federation/loaded-remotes';
import { homePage } from '../routes/home-redirect';
import { isTopLevelPage, marketplacePageAt, type RemoteRoute } from '../routes/marketplace-pages';
import { prepareTenant } from '../tenant/prepare-tenant';
import { isNoSuchMarketplace } from '../tenant/use-tenant-bootstrap';
import { hostApiFetch } from './api-proxy';
import { type ServedCanary, servedCanaries } from './canary-views';
import { developmentHostSecret } from './host-config';
import { htmlTemplate } from './html-document';
import { createRemoteManifests, type RemoteBuild } from './remote-manifests';
import { createRemoteRollouts, type PageRollouts } from './remote-rollouts';
import { createTaskQueue, renderToHtml } from './render-to-html';
import { FRAME_ANCESTORS } from './security-headers';
import { createServerRemotes } from './server-remotes';

export interface PageRendererOptions {
  /** The host's browser build (index.html, config.json). */
  distDir: string;
  /** The API's origin. */
  apiUrl: string;
  /**
   * The allow-list: origins remotes may be loaded from (REMOTE_ORIGINS), besides those of config.json's
   * own entries. Nothing else is loaded, in the browser (the Content-Security-Policy) or here.
   */
  remoteOrigins: string[];
  /** How long a marketplace read from the API is reused (ms). */
  marketplaceTtlMs?: number;
  /** The secret shared with the API (HOST_SECRET), presented on the server's own calls to it. */
  hostSecret?: string;
}

export interface PageDocument {
  status: number;
  html: string;
  etag: string;
  contentSecurityPolicy: string;
  /** The canaries the page sends this browser to first (the API counts their failures against them). */
  canaries: ServedCanary[];
}

export type RenderedDocument = PageDocument | { status: 302; location: string };

/** A remote page ready to render: the build the browser will load, and its server module if any. */
interface PageRemote {
  build: RemoteBuild | null;
  module: RoutePageModule | null;
}

/**
 * Renders the host's pages on the server: the chrome and the route's remote page as HTML, with the
 * marketplace and the page's data inlined for the browser, and preload hints for every script the
 * page needs, so the browser fetches them all at once instead of one after another.
 *
 * Anything that fails (the API, a remote, the render) leaves the page to the browser: the HTML is
 * then the plain shell, as a static host would serve it. A page is never worse than without this.
 */
export function createPageRenderer({
  distDir,
  apiUrl,
  remoteOrigins,
  marketplaceTtlMs = 5000,
  hostSecret = developmentHostSecret,
}: PageRendererOptions) {
  const template = htmlTemplate(path.join(distDir, 'index.html'));
  const readManifest = createRemoteManifests();
  const remotes = createServerRemotes();
  const marketplaces = createMarketplaceCache(marketplaceTtlMs);
  const readRollouts = createRemoteRollouts();
  // Everything that sets the stores takes turns: they are one set for the whole process.
  const withClientValues = createClientValuesScope();
  // Remote code fetching on the server (page queries) uses the page's client: point it at the API,
  // as the host (its secret) on behalf of the page's client (its address).
  configureGraphQLClient({
    endpoint: new URL('/graphql', apiUrl).href,
    timeoutMs: 5000,
    fetch: hostApiFetch(hostSecret),
  });

  function readConfig(): { raw: unknown; config: RuntimeConfig } {
    const raw: unknown = JSON.parse(readFileSync(path.join(distDir, 'config.json'), 'utf8'));
    const config = parseRuntimeConfig(raw);
    $browserConfig.set({
      googleMapsApiKey: config.googleMapsApiKey,
      marketingAnalytics: config.marketingAnalytics,
    });
    return { raw, config };
  }

  /** The build of the page's remote for this browser: the first of its entries that answers. */
  async function pageRemote(page: RemoteRoute, entries: string[], allowed: (entry: string) => boolean) {
    for (const entry of entries) {
      if (!entry.endsWith('.json')) continue;
      try {
        const build = await readManifest(entry);
        // Code from anywhere else only ever runs in the browser (where the CSP refuses it).
        if (!allowed(entry)) return { build, module: null };
        const module = await remotes.load(page.remote, build.serverEntryUrl, page.module).catch((error) => {
          console.warn(`Server build of ${entry} could not be loaded; the browser renders it.`, error);
          return null;
        });
        return { build, module };
      } catch (error) {
        console.warn(`Remote ${page.remote} at ${entry} is unavailable.`, error);
      }
    }
    return { build: null, module: null } satisfies PageRemote;
  }

  /**
   * Renders the page at `url` for a browser whose booking values are `pageState` (from the page-state
   * cookie), or null for a browser without that cookie (a new visitor). `previewToken`: the browser's
   * atrium-preview cookie (an owner previewing a release of a remote on this marketplace's pages).
   */
  async function render(
    url: URL,
    pageState: ClientValuesSnapshot | null,
    browserId: string | null = null,
    previewToken: string | null = null,
  ): Promise<RenderedDocument> {
    const { raw, config } = readConfig();
    const marketplaceId = marketplaceIdFromPath(url.pathname);
    // Both at once: the marketplace, and what the registry says this browser's remotes are.
    const marketplaceRead = marketplaceId ? marketplaces.get(marketplaceId) : null;
    // Its failure is handled where it is awaited, below; this only keeps it from counting as unhandled meanwhile.
    marketplaceRead?.catch(() => undefined);
    const rollouts = readRollouts(marketplaceId, previewToken);
    const allowed = allowedEntries([...remoteOrigins, ...Object.values(config.remotes)]);
    const contentSecurityPolicy = pageSecurityPolicy(config, remoteOrigins);
    const chains = (page: PageRollouts, overrides: PageRollouts['overrides'] = []) =>
      remoteEntryChains({
        configured: config.remotes,
        defaults: page.defaults,
        overrides: overrides ?? [],
        browserId,
        allowed,
      });
    const pageRollouts = await rollouts;
    // The browser gets the default entries (a marketplace's own come with it), each with its fallbacks.
    const pageConfig = { ...(raw as object), ...runtimeEntries(chains(pageRollouts)) };
    // The marketplace's own rollouts, once known: with the defaults, where this browser goes first.
    let ownRollouts: RemoteRolloutView[] = [];
    const canaries = () =>
      servedCanaries(chains(pageRollouts, ownRollouts), [...ownRollouts, ...pageRollouts.defaults]);
    // The page without its content, for the browser to render: with whatever data and hints are known.
    const shell = (status: number, queryClient?: QueryClient, head: string[] = []): RenderedDocument => ({
      status,
      contentSecurityPolicy,
      canaries: canaries(),
      ...template.render({
        title: 'Atrium',
        start: { storage: tenantStorage },
        head,
        body: '',
        state: {
          config: pageConfig,
          queries: dehydrate(queryClient ?? createQueryClient()),
          rendered: null,
          preview,
        },
      }),
    });
    let tenantStorage: { key: string; value: string } | undefined;
    let preview: PagePreview | null = null;

    if (!marketplaceId || !marketplaceRead) return shell(isTopLevelPage(url.pathname) ? 200 : 404);
    let marketplace: Marketplace;
    try {
      marketplace = await marketplaceRead;
      // Its own rollouts as the registry says now (the marketplace itself may be a few seconds old).
      const page = await rollouts;
      if (page.overrides) {
        // An owner's preview goes first for its remote, in this browser only (its token).
        marketplace = {
          ...marketplace,
          remoteOverrides: withPreview(page.overrides, page.preview, marketplaceId),
        };
        if (page.preview) {
          const { remote, version, expiresAt } = page.preview;
          preview = { marketplaceId, remote, version, expiresAt };
        }
      }
    } catch (error) {
      // No such marketplace (unknown, or not an id at all, /0): the browser shows so, unbranded.
      if (isNoSuchMarketplace(error)) return shell(404);
      console.warn(`Marketplace ${marketplaceId} could not be read; the browser will try.`, error);
      return shell(200);
    }
    ownRollouts = marketplace.remoteOverrides;
    // A new visitor's first page is often the marketplace's home, which only sends them on: the
    // server knows where for someone with nothing stored. (With stored values, the browser decides:
    // its storage, not the cookie's copy, is the truth, and it may have changed since.)
    if (pageState === null && isHomePath(url.pathname)) {
      const home = await withClientValues({}, () => {
        prepareTenant(url.pathname, marketplace);
        return homePage($selectedLocation.get());
      });
      return { status: 302, location: `/${marketplaceId}/${home}` };
    }

    const queryClient = createQueryClient();
    queryClient.setQueryData(marketplaceQueryOptions(marketplaceId).queryKey, marketplace);
    // Storage is in step with this marketplace before the page shows (spec 2's marketplace-id rule).
    tenantStorage = marketplaceIdStorage(marketplaceId);
    const match = marketplacePageAt(url.pathname);
    // Not a page of the marketplace: the browser shows the 404 page in its chrome.
    if (!match) return shell(404, queryClient);

    const entries = chains(await rollouts, marketplace.remoteOverrides)[match.page.remote];
    const { build, module } = await pageRemote(match.page, entries, allowed);
    const hints = preloadTags(build, match.page.module);
    if (!match.page.rendersOnServer || !module) return shell(200, queryClient, hints);
    // What the page renders with: the browser's booking values after the marketplace's own rules.
    const { clientValues, renders, prefetched } = await withClientValues(pageState ?? {}, () => {
      prepareTenant(url.pathname, marketplace);
      const renders = module.rendersOnServer?.() ?? true;
      return {
        clientValues: snapshotClientValues(),
        renders,
        prefetched: renders ? module.prefetch?.({ marketplaceId, queryClient }) : undefined,
      };
    });
    if (!renders) return shell(200, queryClient, hints);
    await prefetched?.catch((error: unknown) => console.warn(`Prefetching ${url.pathname} failed.`, error));

    const loaded: LoadedRemoteModules = new Map(
      module
        ? [[loadedRemoteKey(match.page.remote, match.page.module), module.default as ComponentType<never>]]
        : [],
    );
    const styles = createServerStyles();
    const rendered = await withClientValues(clientValues, async () => ({
      body: await renderToHtml(
        <StyleCacheProvider value={styles.cache}>
          <App
            queryClient={queryClient}
            url={`${url.pathname}${url.search}`}
            preparedTenant={marketplaceId}
            loadedRemotes={loaded}
          />
        </StyleCacheProvider>,
        url.pathname,
      ),
      title: bookingPageTitle(
        match.page.title,
        marketplace.name,
        $selectedLocation.get(),
        $selectedDateTime.get(),
      ),
    }));

    const state: DocumentState = {
      config: pageConfig,
      queries: dehydrate(queryClient),
      preview,
      rendered: {
        marketplaceId,
        clientValues,
        route: { remote: match.page.remote, module: match.page.module },
      },
    };
    return {
      status: 200,
      contentSecurityPolicy,
      canaries: canaries(),
      ...template.render({
        scriptsAfterPaint: true,
        start: { storage: tenantStorage, holdInteractions: true },
        title: rendered.title,
        head: [...brandingTags(marketplace), ...hints, styles.styleTags(rendered.body)],
        body: rendered.body,
        state,
      }),
    };
  }

  return { render };
}

/**
 * A marketplace's own rollouts with an owner's preview in front: the previewed release first for its
 * remote, then what the marketplace has (its own rollout, then the default's after it), so a preview
 * that cannot load falls back to what every client gets.
 */
export function withPreview(
  overrides: readonly RemoteRolloutView[],
  preview: RemotePreviewView | null,
  marketplaceId: string,
): RemoteRolloutView[] {
  if (!preview) return [...overrides];
  const { remote, version, entry } = preview;
  return [{ remote, marketplaceId, entry, version, fallbackEntry: null, canary: null }, ...overrides];
}

/**
 * Runs work with the stores holding a request's values, then puts them back to the defaults. The
 * stores are one set for the whole process, so such work takes turns; it never waits on the network
 * (data and modules are loaded before), so the turns are short.
 */
function createClientValuesScope() {
  const inTurn = createTaskQueue();
  return <T,>(values: ClientValuesSnapshot, work: () => T | Promise<T>): Promise<T> =>
    inTurn(async () => {
      restoreClientValues(values);
      try {
        return await work();
      } finally {
        restoreClientValues({});
      }
    });
}

/** config.json's `remotes` and `remoteFallbacks` for a page: each remote's first entry, then the rest. */
function runtimeEntries(chains: RemoteEntryChains) {
  const remotes = {} as Record<RemoteName, string>;
  const remoteFallbacks: Partial<Record<RemoteName, string[]>> = {};
  for (const remote of remoteNames) {
    const [entry, ...fallbacks] = chains[remote];
    remotes[remote] = entry as string;
    if (fallbacks.length > 0) remoteFallbacks[remote] = fallbacks;
  }
  return { remotes, remoteFallbacks };
}

/**
 * The pages' Content-Security-Policy: scripts only from the host itself, the allowed remote origins
 * and the third-party services config.json turns on (Stripe.js, Google Maps, the marketing
 * analytics); no inline script and no eval. Plugins and a changed <base> are refused too, and no
 * other site may frame the page.
 */
export function pageSecurityPolicy(config: RuntimeConfig, remoteOrigins: readonly string[]): string {
  const thirdParty = [
    ...config.scriptOrigins,
    ...(config.googleMapsApiKey ? ['https://maps.googleapis.com', 'https://maps.gstatic.com'] : []),
    ...(config.marketingAnalytics ? [config.marketingAnalytics.scriptHost] : []),
  ];
  const origins = [...remoteOrigins, ...Object.values(config.remotes), ...thirdParty]
    .map((value) => entryOrigin(value))
    .filter((origin): origin is string => origin !== null);
  return [
    `script-src 'self' ${[...new Set(origins)].join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    FRAME_ANCESTORS,
  ].join('; ');
}

/** /{id} or /{id}/: the marketplace's home. */
function isHomePath(pathname: string): boolean {
  return pathname.split('/').filter(Boolean).length === 1;
}

function brandingTags(marketplace: Marketplace): string[] {
  return marketplace.favicon ? [`<link rel="icon" href="${escapeHtml(marketplace.favicon)}">`] : [];
}

/**
 * Hints that start every download the page's remote needs while the host's own scripts load: its
 * manifest (fetched by the federation runtime, hence `fetch` with CORS), its entry and the module's
 * scripts (injected as plain script elements, hence no `crossorigin`).
 */
function preloadTags(build: RemoteBuild | null, module: string): string[] {
  if (!build) return [];
  return [
    `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(build.manifestUrl)}">`,
    ...[build.entryUrl, ...build.exposeScripts(module)].map(
      (src) => `<link rel="preload" as="script" href="${escapeHtml(src)}">`,
    ),
  ];
}

/** Marketplaces read from the API, each reused for `ttlMs`; one request at a time per marketplace. */
function createMarketplaceCache(ttlMs: number) {
  const entries = new Map<string, { at: number; marketplace: Promise<Marketplace> }>();
  return {
    get(id: string): Promise<Marketplace> {
      const entry = entries.get(id);
      if (entry && Date.now() - entry.at < ttlMs) return entry.marketplace;
      const marketplace = fetchMarketplace(id);
      entries.set(id, { at: Date.now(), marketplace });
      // Only marketplaces that exist are kept: ids in URLs are anyone's to make up.
      marketplace.catch(() => entries.delete(id));
      return marketplace;
    },
  };
}
