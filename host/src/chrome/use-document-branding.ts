import type { Marketplace } from '@atrium/graphql-client';
import { $selectedDateTime, $selectedLocation, isClinicLocation } from '@atrium/stores';
import { useStore } from '@nanostores/react';
import { format, parseISO } from 'date-fns';
import { useEffect } from 'react';
import { documentTitle } from './document-title';

/**
 * The tab's title (spec 2 "Chrome"): the page title combined with the location name, 'Mobile Visit'
 * or 'In Clinic', the chosen date and the marketplace name.
 */
export function useDocumentTitle(pageTitle: string | undefined, marketplace: Marketplace | null) {
  const location = useStore($selectedLocation);
  const dateTime = useStore($selectedDateTime);
  const clinic = isClinicLocation(location) ? location : null;
  const title = documentTitle({
    pageTitle,
    locationName: clinic?.name,
    visitKind: clinic ? 'In Clinic' : location ? 'Mobile Visit' : undefined,
    date: dateTime ? format(parseISO(dateTime.date), 'EEEE, MMMM d, yyyy') : undefined,
    marketplaceName: marketplace?.name,
  });
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
