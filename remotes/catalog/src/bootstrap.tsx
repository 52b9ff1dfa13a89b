import { mountStandalone } from '@atrium/federation/standalone';
import ServicesPage from './exposed/services-page';
import SetLocationPage from './exposed/set-location-page';

mountStandalone('catalog', [
  { path: 'set-location', element: <SetLocationPage /> },
  { path: 'services', element: <ServicesPage /> },
]);
