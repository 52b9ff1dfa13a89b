import type { ExposedModule, RemoteName, RemotePreviewNotice } from '@atrium/federation';
import type { ClientValuesSnapshot } from '@atrium/stores';
import type { DehydratedState } from '@tanstack/react-query';

/** Id of the `<script type="application/json">` holding the state the server hands to the browser. */
export const DOCUMENT_STATE_ID = 'atrium-state';

/** A page's HTML as rendered on the server, and what it was rendered with. */
export interface RenderedPage {
  marketplaceId: string;
  /** The client-kept values the HTML shows; the browser hydrates only if its storage matches. */
  clientValues: ClientValuesSnapshot;
  /** The remote page in the HTML, which the browser loads before hydrating. */
  route: { remote: RemoteName; module: ExposedModule };
}

/** What the server hands to the browser with a page: no second request is needed to start. */
export interface DocumentState {
  /** The runtime config (what /config.json holds). */
  config: unknown;
  /** The query cache the page was rendered from (the marketplace and the page's own data). */
  queries: DehydratedState;
  /** Null when the server sent the page without its content (the browser renders it). */
  rendered: RenderedPage | null;
  /**
   * The owner's preview of a remote release this page loads (their browser's atrium-preview token),
   * for the notice that says so; absent for every other browser.
   */
  preview?: PagePreview | null;
}

/** A preview in force on a marketplace's page. */
export interface PagePreview extends RemotePreviewNotice {
  marketplaceId: string;
}

/** JSON safe inside a script element: no `<` can close it. */
export function serializeDocumentState(state: DocumentState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c');
}

/** The state in the page, or null when the page came without one (a plain static host). */
export function readDocumentState(doc: Document = document): DocumentState | null {
  const text = doc.getElementById(DOCUMENT_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as Partial<DocumentState> | null;
    if (!state || typeof state !== 'object' || !state.queries || state.config === undefined) return null;
    return {
      config: state.config,
      queries: state.queries,
      rendered: state.rendered ?? null,
      preview: isPagePreview(state.preview) ? state.preview : null,
    };
  } catch {
    return null;
  }
}

function isPagePreview(value: unknown): value is PagePreview {
  if (!value || typeof value !== 'object') return false;
  const { marketplaceId, remote, version, expiresAt } = value as Record<string, unknown>;
  return [marketplaceId, remote, version, expiresAt].every((field) => typeof field === 'string');
}
