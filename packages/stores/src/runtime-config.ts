import { atom } from 'nanostores';

/** Browser-side settings from the host's /config.json, for remotes (not persisted). */
export interface BrowserConfig {
  googleMapsApiKey: string | null;
  /** The marketing-analytics service's script host and partner hash; null turns identification off. */
  marketingAnalytics: { scriptHost: string; partnerHash: string | null } | null;
}

export const $browserConfig = atom<BrowserConfig>({
  googleMapsApiKey: null,
  marketingAnalytics: null,
});
