import type { Marketplace } from '@atrium/graphql-client';
import { $selectedDateTime, $selectedLocation } from '@atrium/stores';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { bookingPageTitle } from './document-title';

/**
 * The tab's title: the page title combined with the location name, 'Mobile Visit'
 * or 'In Clinic', the chosen date and the marketplace name.
 */
export function useDocumentTitle(pageTitle: string | undefined, marketplace: Marketplace | null) {
  const title = bookingPageTitle(
    pageTitle,
    marketplace?.name,
    useStore($selectedLocation),
    useStore($selectedDateTime),
  );
  useEffect(() => {
    document.title = title;
  }, [title]);
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
