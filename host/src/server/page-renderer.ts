import { readFileSync } from 'node:fs';
import path from 'node:path';
import { canonicalMarketplacePath, marketplaceIdFromPath } from '@atrium/domain';
import { parseRuntimeConfig, type RuntimeConfig } from '@atrium/federation';
import {
  configureGraphQLClient,
  createQueryClient,
  type Marketplace,
  marketplaceQueryOptions,
} from '@atrium/graphql-client';
import {
  $browserConfig,
  $selectedLocation,
  type ClientValuesSnapshot,
  marketplaceIdStorage,
} from '@atrium/stores';
import type { QueryClient } from '@tanstack/react-query';
import type { PagePreview } from '../document-state';
import { homePage } from '../routes/home-redirect';
import { isTopLevelPage, marketplacePageAt } from '../routes/marketplace-pages';
import { prepareTenant } from '../tenant/prepare-tenant';
import { hostApiFetch } from './api-proxy';
import { type ClientValuesScope, createClientValuesScope } from './client-values-scope';
import { developmentHostSecret } from './host-config';
import { htmlTemplate } from './html-document';
import { createMarketplaceCache } from './marketplace-cache';
import { renderPageContent } from './page-content';
import { preparePageData } from './page-data';
import { type PageDocuments, pageDocuments, type RenderedDocument } from './page-document';
import { type PageEntries, pageEntries } from './page-entries';
import { brandingTags, preloadTags } from './page-head';
import { readPageMarketplace } from './page-marketplace';
import { createPageRemotes } from './page-remote';
import { pageSecurityPolicy } from './page-security-policy';
import { createRemoteRollouts } from './remote-rollouts';

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
  /**
   * How long a marketplace read from the API is reused (ms). By default only while the read is under
   * way: the API answers it from its cache after one indexed read of the marketplace's revision, and
   * so a change made in the console shows on the next page.
   */
  marketplaceTtlMs?: number;
  /** The secret shared with the API (HOST_SECRET), presented on the server's own calls to it. */
  hostSecret?: string;
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
  marketplaceTtlMs = 0,
  hostSecret = developmentHostSecret,
}: PageRendererOptions) {
  const template = htmlTemplate(path.join(distDir, 'index.html'));
  const marketplaces = createMarketplaceCache(marketplaceTtlMs);
  const readRollouts = createRemoteRollouts();
  const tools: MarketplacePageTools = {
    loadPageRemote: createPageRemotes(),
    // Everything that sets the stores takes turns: they are one set for the whole process.
    withClientValues: createClientValuesScope(),
  };
  // Remote code fetching on the server (page queries) uses the page's client: point it at the API,
  // as the host (its secret) on behalf of the page's client (its address).
  configureGraphQLClient({
    endpoint: new URL('/graphql', apiUrl).href,
    timeoutMs: 5000,
    fetch: hostApiFetch(hostSecret),
  });

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
    const canonical = canonicalMarketplacePath(url.pathname);
    if (canonical) return { status: 302, location: `${canonical}${url.search}` };
    const { raw, config } = readRuntimeConfig(distDir);
    const marketplaceId = marketplaceIdFromPath(url.pathname);
    // Both at once: the marketplace, and what the registry says this browser's remotes are.
    const marketplaceRead = marketplaceId ? marketplaces.get(marketplaceId) : null;
    // Its failure is handled where it is awaited, below; this only keeps it from counting as unhandled meanwhile.
    marketplaceRead?.catch(() => undefined);
    const rollouts = await readRollouts(marketplaceId, previewToken);
    const entries = pageEntries({ config, remoteOrigins, rollouts, browserId });
    const documents = pageDocuments({
      template,
      contentSecurityPolicy: pageSecurityPolicy(config, remoteOrigins),
      // The browser gets the default entries (a marketplace's own come with it), each with its fallbacks.
      config: { ...(raw as object), ...entries.runtime },
    });
    const unbranded = { canaries: entries.canaries([]) };
    if (!marketplaceId || !marketplaceRead) {
      return documents.shell(isTopLevelPage(url.pathname) ? 200 : 404, unbranded);
    }
    const read = await readPageMarketplace(marketplaceId, marketplaceRead, rollouts);
    if (!read.found) return documents.shell(read.status, unbranded);
    const request = { url, pageState, marketplaceId, marketplace: read.marketplace, preview: read.preview };
    return renderMarketplacePage(tools, request, entries, documents);
  }

  return { render };
}

/** config.json as built (handed to the browser) and parsed; the stores' browser config is set from it. */
function readRuntimeConfig(distDir: string): { raw: unknown; config: RuntimeConfig } {
  const raw: unknown = JSON.parse(readFileSync(path.join(distDir, 'config.json'), 'utf8'));
  const config = parseRuntimeConfig(raw);
  $browserConfig.set({
    googleMapsApiKey: config.googleMapsApiKey,
    marketingAnalytics: config.marketingAnalytics,
  });
  return { raw, config };
}

interface MarketplacePageTools {
  loadPageRemote: ReturnType<typeof createPageRemotes>;
  withClientValues: ClientValuesScope;
}

/** A request for a page of a marketplace that was found. */
interface MarketplacePageRequest {
  url: URL;
  pageState: ClientValuesSnapshot | null;
  marketplaceId: string;
  marketplace: Marketplace;
  preview: PagePreview | null;
}

/**
 * A page of a marketplace: its remote page rendered into the HTML when the route renders on the
 * server and its server module loads, else the shell with the marketplace and preload hints.
 */
async function renderMarketplacePage(
  tools: MarketplacePageTools,
  request: MarketplacePageRequest,
  entries: PageEntries,
  documents: PageDocuments,
): Promise<RenderedDocument> {
  const { url, pageState } = request;
  if (pageState === null && isHomePath(url.pathname)) return newVisitorHome(tools.withClientValues, request);
  const queryClient = createQueryClient();
  try {
    return await renderWithQueries(tools, request, entries, documents, queryClient);
  } finally {
    // The page holds its data (dehydrated): emptied now, the client's queries and their five-minute
    // gc timers no longer keep every page rendered in the last five minutes in memory.
    queryClient.clear();
  }
}

/** The page of `renderMarketplacePage`, with the request's own query client. */
async function renderWithQueries(
  { loadPageRemote, withClientValues }: MarketplacePageTools,
  { url, pageState, marketplaceId, marketplace, preview }: MarketplacePageRequest,
  entries: PageEntries,
  documents: PageDocuments,
  queryClient: QueryClient,
): Promise<RenderedDocument> {
  queryClient.setQueryData(marketplaceQueryOptions(marketplaceId).queryKey, marketplace);
  const known = {
    canaries: entries.canaries(marketplace.remoteOverrides),
    queryClient,
    // Storage is in step with this marketplace before the page shows: another marketplace's values
    // are cleared, as the browser's own rule for marketplace ids does.
    storage: marketplaceIdStorage(marketplaceId),
    preview,
  };
  const match = marketplacePageAt(url.pathname);
  // Not a page of the marketplace: the browser shows the 404 page in its chrome.
  if (!match) return documents.shell(404, known);
  const { page } = match;
  const chain = entries.chains(marketplace.remoteOverrides)[page.remote];
  const { build, module } = await loadPageRemote(page, chain, entries.allowed);
  const hints = preloadTags(build, page.module);
  if (!page.rendersOnServer || !module) return documents.shell(200, { ...known, head: hints });
  const context = { withClientValues, queryClient, marketplaceId, marketplace, module };
  const clientValues = await preparePageData({ ...context, pageState, pathname: url.pathname });
  if (!clientValues) return documents.shell(200, { ...known, head: hints });
  const content = await renderPageContent({ ...context, clientValues, url, page });
  return documents.rendered({
    ...known,
    title: content.title,
    head: [...brandingTags(marketplace), ...hints, content.styleTags],
    body: content.body,
    rendered: { marketplaceId, clientValues, route: { remote: page.remote, module: page.module } },
  });
}

/**
 * A new visitor's first page is often the marketplace's home, which only sends them on: the server
 * knows where for someone with nothing stored. (With stored values, the browser decides: its
 * storage, not the cookie's copy, is the truth, and it may have changed since.)
 */
async function newVisitorHome(
  withClientValues: ClientValuesScope,
  { url, marketplaceId, marketplace }: MarketplacePageRequest,
): Promise<RenderedDocument> {
  const home = await withClientValues({}, () => {
    prepareTenant(url.pathname, marketplace);
    return homePage($selectedLocation.get());
  });
  return { status: 302, location: `/${marketplaceId}/${home}` };
}

/** /{id} or /{id}/: the marketplace's home. */
function isHomePath(pathname: string): boolean {
  return pathname.split('/').filter(Boolean).length === 1;
}
