import type { Marketplace } from '@atrium/graphql-client';
import escapeHtml from 'escape-html';
import type { RemoteBuild } from './remote-manifests';

/** The marketplace's own icon in the tab, in place of the host's. */
export function brandingTags(marketplace: Pick<Marketplace, 'favicon'>): string[] {
  return marketplace.favicon ? [`<link rel="icon" href="${escapeHtml(marketplace.favicon)}">`] : [];
}

/**
 * Hints that start every download the page's remote needs while the host's own scripts load: its
 * manifest (fetched by the federation runtime, hence `fetch` with CORS), its entry and the module's
 * scripts (injected as plain script elements, hence no `crossorigin`).
 */
export function preloadTags(build: RemoteBuild | null, module: string): string[] {
  if (!build) return [];
  return [
    `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(build.manifestUrl)}">`,
    ...[build.entryUrl, ...build.exposeScripts(module)].map(
      (src) => `<link rel="preload" as="script" href="${escapeHtml(src)}">`,
    ),
  ];
}
