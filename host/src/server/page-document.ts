import { createQueryClient } from '@atrium/graphql-client';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { PagePreview, RenderedPage } from '../document-state';
import type { ServedCanary } from './canary-views';
import type { HtmlTemplate } from './html-document';

export interface PageDocument {
  status: number;
  html: string;
  etag: string;
  contentSecurityPolicy: string;
  /** The canaries the page sends this browser to first (the API counts their failures against them). */
  canaries: ServedCanary[];
}

export type RenderedDocument = PageDocument | { status: 302; location: string };

/** What every page of one request shares, whatever it shows. */
export interface PageFrame {
  template: HtmlTemplate;
  contentSecurityPolicy: string;
  /** config.json as this browser gets it (its remotes' entries for this page). */
  config: unknown;
}

/** What a page knows about its marketplace and this browser, to hand over with it. */
export interface PageParts {
  canaries: ServedCanary[];
  /** The page's data so far (the marketplace, the page's own queries). */
  queryClient?: QueryClient;
  /** Extra elements for the head (preloads, icon, styles), already HTML. */
  head?: string[];
  /** The marketplace's id as the browser's storage keeps it, set before anything on the page shows. */
  storage?: { key: string; value: string };
  preview?: PagePreview | null;
}

/** A page with its content rendered on the server. */
export interface ContentParts extends PageParts {
  queryClient: QueryClient;
  title: string;
  head: string[];
  body: string;
  rendered: RenderedPage;
}

/** Builds a request's documents: a shell for the browser to render, or a page with its content. */
export function pageDocuments({ template, contentSecurityPolicy, config }: PageFrame) {
  return {
    /** The page without its content, for the browser to render: with whatever data and hints are known. */
    shell(
      status: number,
      { canaries, queryClient, head = [], storage, preview = null }: PageParts,
    ): PageDocument {
      return {
        status,
        contentSecurityPolicy,
        canaries,
        ...template.render({
          title: 'Atrium',
          start: { storage },
          head,
          body: '',
          state: { config, queries: dehydrate(queryClient ?? createQueryClient()), rendered: null, preview },
        }),
      };
    },

    /**
     * The page with its content: the host's scripts load once it has painted, and taps and typing
     * before the app has started are held, then replayed.
     */
    rendered({
      canaries,
      queryClient,
      title,
      head,
      body,
      storage,
      preview = null,
      rendered,
    }: ContentParts): PageDocument {
      return {
        status: 200,
        contentSecurityPolicy,
        canaries,
        ...template.render({
          scriptsAfterPaint: true,
          start: { storage, holdInteractions: true },
          title,
          head,
          body,
          state: { config, queries: dehydrate(queryClient), preview, rendered },
        }),
      };
    },
  };
}

export type PageDocuments = ReturnType<typeof pageDocuments>;
