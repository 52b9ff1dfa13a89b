import type { RemoteModules } from '@atrium/federation';

// The host's typed contract: this remote's typecheck fails when an exposed module does not fit it.
export type CatalogModules = RemoteModules<
  'catalog',
  {
    SetLocationPage: typeof import('./set-location-page');
    ServicesPage: typeof import('./services-page');
  }
>;
