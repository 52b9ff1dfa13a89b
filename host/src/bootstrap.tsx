import { parseRuntimeConfig } from '@atrium/federation';
import { configureGraphQLClient, createQueryClient, marketplaceQueryOptions } from '@atrium/graphql-client';
import {
  $browserConfig,
  mirrorPageStateToCookie,
  sameClientValues,
  snapshotClientValues,
} from '@atrium/stores';
import { adoptServerStyles, tenantSystem } from '@atrium/ui';
import { hydrate, type QueryClient } from '@tanstack/react-query';
import { type ComponentType, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { announceStarted } from './chrome/early-interactions';
import { $pagePreview } from './chrome/preview-notice';
import { StartupError } from './chrome/startup-error';
import { type RenderedPage, readDocumentState } from './document-state';
import { loadedRemoteKey } from './federation/loaded-remotes';
import { providedSharedEntries } from './federation/provided-shared';
import { applyRemoteOverrides, loadExposed, registerDefaultRemotes } from './federation/remote-registry';
import { prepareTenant } from './tenant/prepare-tenant';

// Referenced so the bundler keeps the shared entries the host provides for remotes.
void providedSharedEntries;

/** config.json, for a page served without state (a plain static host, the development server). */
async function fetchRuntimeConfig(): Promise<unknown> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json answered ${response.status}.`);
  return response.json();
}

/**
 * Before hydrating a server-rendered page: the same tenant rules the server applied, then a check
 * that this browser's stored values are the ones the page shows, and the page's remote module.
 * Null when the page cannot be hydrated as it is (it is rendered afresh instead).
 */
async function prepareHydration(rendered: RenderedPage, queryClient: QueryClient) {
  const marketplace = queryClient.getQueryData(marketplaceQueryOptions(rendered.marketplaceId).queryKey);
  if (!marketplace) return null;
  // The server put the tenant's global CSS in the head: the browser need not build it again.
  adoptServerStyles(marketplace.primaryColor);
  applyRemoteOverrides(marketplace.remoteOverrides);
  prepareTenant(window.location.pathname, marketplace);
  if (!sameClientValues(snapshotClientValues(), rendered.clientValues)) return null;
  const { remote, module } = rendered.route;
  const remoteModule = loadExposed<ComponentType<never>>(remote, module);
  // The tenant's style system in a task of its own while the remote loads: the longest single step.
  await yieldToBrowser();
  tenantSystem(marketplace.primaryColor);
  try {
    return {
      marketplaceId: rendered.marketplaceId,
      loaded: new Map([[loadedRemoteKey(remote, module), await remoteModule]]),
    };
  } catch {
    return null;
  }
}

/** Lets the browser paint and handle input before the next step of start-up. */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(container: HTMLElement) {
  const state = readDocumentState();
  let config: ReturnType<typeof parseRuntimeConfig>;
  try {
    config = parseRuntimeConfig(state?.config ?? (await fetchRuntimeConfig()));
  } catch (error) {
    console.error(error);
    createRoot(container).render(<StartupError />);
    announceStarted();
    return;
  }
  registerDefaultRemotes(config);
  $browserConfig.set({
    googleMapsApiKey: config.googleMapsApiKey,
    marketingAnalytics: config.marketingAnalytics,
  });
  configureGraphQLClient({ endpoint: config.graphqlEndpoint });
  mirrorPageStateToCookie();
  const queryClient = createQueryClient();
  if (state) hydrate(queryClient, state.queries);
  $pagePreview.set(state?.preview ?? null);

  const page = state?.rendered ? await prepareHydration(state.rendered, queryClient) : null;
  if (page) {
    await yieldToBrowser();
    const app = (
      <App queryClient={queryClient} loadedRemotes={page.loaded} preparedTenant={page.marketplaceId} />
    );
    // A transition, so React hydrates in slices and the page stays responsive meanwhile.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    container.replaceChildren();
    createRoot(container).render(<App queryClient={queryClient} />);
  }
}

const container = document.getElementById('root');
if (container) void start(container);
