import type { Marketplace } from '@atrium/graphql-client';
import { useEffect } from 'react';
import { documentTitle } from './document-title';

/** The tab's title: the page's title combined with the marketplace (spec section 2 "Chrome"). */
export function useDocumentTitle(pageTitle: string | undefined, marketplace: Marketplace | null) {
  useEffect(() => {
    document.title = documentTitle({ pageTitle, marketplaceName: marketplace?.name });
  }, [pageTitle, marketplace?.name]);
}

/** The tab's icon: the marketplace's favicon. */
export function useFavicon(marketplace: Marketplace | null) {
  useEffect(() => {
    if (!marketplace?.favicon) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    link.href = marketplace.favicon;
  }, [marketplace?.favicon]);
}
