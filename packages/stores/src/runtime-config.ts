import { atom } from 'nanostores';

/** Browser-side settings from the host's /config.json, for remotes (not persisted). */
export interface BrowserConfig {
  googleMapsApiKey: string | null;
  stripePublishableKey: string | null;
}

export const $browserConfig = atom<BrowserConfig>({ googleMapsApiKey: null, stripePublishableKey: null });
