// Identification of a client who signed in with Google or Apple to the marketing-analytics service.
// The service's script loads from a configured host by partner hash and marketplace
// id; it is off unless configured, and any failure is only logged: signing in never waits on it.

/** Give up on the script after 10 s, looking for it every 100 ms. */
export const ANALYTICS_LOAD_TIMEOUT_MS = 10_000;
export const ANALYTICS_POLL_INTERVAL_MS = 100;

/** From the host's /config.json (`marketingAnalytics`). */
export interface MarketingAnalyticsConfig {
  /** Origin (and optional path) serving the script, e.g. https://analytics.example.com. */
  scriptHost: string;
  /** The partner hash of this site at the service. */
  partnerHash: string | null;
}

/** What identification sends. */
export interface MarketingIdentity {
  email: string;
  f_name: string;
  l_name: string;
  phone: string;
  source_id: 'apple-oauth' | 'google-oauth';
}

interface AnalyticsApi {
  identify(identity: MarketingIdentity): unknown;
}

/** What the loader needs of the browser window (a fake one in tests). */
export interface AnalyticsWindow {
  document: {
    createElement(tag: 'script'): HTMLScriptElement;
    head: { appendChild(node: HTMLScriptElement): unknown };
  };
  setInterval(handler: () => void, ms: number): ReturnType<typeof setInterval>;
  clearInterval(id: ReturnType<typeof setInterval>): void;
}

/** The failures the loader reports. */
export type MarketingAnalyticsFailure =
  | 'load timeout'
  | 'missing partner hash'
  | 'missing marketplace id'
  | 'failed to load';

export class MarketingAnalyticsError extends Error {
  override readonly name = 'MarketingAnalyticsError';
  constructor(readonly reason: MarketingAnalyticsFailure) {
    super(`Marketing analytics: ${reason}`);
  }
}

/** The global the service's script defines, holding identify(). */
const API_GLOBAL = 'marketingAnalytics';

function apiOf(win: AnalyticsWindow): AnalyticsApi | null {
  const candidate = (win as unknown as Record<string, unknown>)[API_GLOBAL];
  return typeof candidate === 'object' &&
    candidate !== null &&
    typeof (candidate as { identify?: unknown }).identify === 'function'
    ? (candidate as AnalyticsApi)
    : null;
}

/** The script's address: the partner's script, told which marketplace it runs for. */
export function analyticsScriptUrl(config: MarketingAnalyticsConfig, marketplaceId: string): string {
  const url = new URL(
    `${config.scriptHost.replace(/\/+$/, '')}/${encodeURIComponent(config.partnerHash ?? '')}.js`,
  );
  url.searchParams.set('marketplace_id', marketplaceId);
  return url.toString();
}

/**
 * Loads the service's script (once: a loaded script is reused) and resolves with its API. Rejects
 * with a MarketingAnalyticsError for a missing partner hash or marketplace id, a script that fails
 * to load, or one that has not defined its API after the timeout.
 */
export function loadMarketingAnalytics(
  config: MarketingAnalyticsConfig,
  marketplaceId: string | null,
  win: AnalyticsWindow,
  { timeoutMs = ANALYTICS_LOAD_TIMEOUT_MS, pollMs = ANALYTICS_POLL_INTERVAL_MS } = {},
): Promise<AnalyticsApi> {
  if (!config.partnerHash) return Promise.reject(new MarketingAnalyticsError('missing partner hash'));
  if (!marketplaceId) return Promise.reject(new MarketingAnalyticsError('missing marketplace id'));
  const loaded = apiOf(win);
  if (loaded) return Promise.resolve(loaded);

  return new Promise((resolve, reject) => {
    const script = win.document.createElement('script');
    let waited = 0;
    const timer = win.setInterval(() => {
      const api = apiOf(win);
      if (api) {
        win.clearInterval(timer);
        resolve(api);
        return;
      }
      waited += pollMs;
      if (waited >= timeoutMs) {
        win.clearInterval(timer);
        reject(new MarketingAnalyticsError('load timeout'));
      }
    }, pollMs);
    script.async = true;
    script.src = analyticsScriptUrl(config, marketplaceId);
    script.onerror = () => {
      win.clearInterval(timer);
      reject(new MarketingAnalyticsError('failed to load'));
    };
    win.document.head.appendChild(script);
  });
}

export interface IdentifyOptions {
  /** null: not configured, so nothing happens. */
  config: MarketingAnalyticsConfig | null;
  marketplaceId: string | null;
  win?: AnalyticsWindow;
  logger?: Pick<Console, 'error'>;
  timeoutMs?: number;
  pollMs?: number;
}

/**
 * Identifies the client to the service. Never rejects: without configuration it does nothing, and
 * every failure (loading or identifying) is logged to the console only.
 */
export async function identifyMarketingUser(
  identity: MarketingIdentity,
  { config, marketplaceId, win = window, logger = console, ...timing }: IdentifyOptions,
): Promise<void> {
  if (!config) return;
  try {
    const api = await loadMarketingAnalytics(config, marketplaceId, win, timing);
    await api.identify(identity);
  } catch (error) {
    logger.error(
      error instanceof MarketingAnalyticsError ? error.message : 'Marketing analytics: identify failed',
      error,
    );
  }
}

/** The identification of a client signed in by Google or Apple. */
export function thirdPartyIdentity(
  profile: { email: string; givenName?: string | null; familyName?: string | null; phone?: string | null },
  provider: 'GOOGLE' | 'APPLE',
): MarketingIdentity {
  return {
    email: profile.email,
    f_name: profile.givenName ?? '',
    l_name: profile.familyName ?? '',
    phone: profile.phone ?? '',
    source_id: provider === 'GOOGLE' ? 'google-oauth' : 'apple-oauth',
  };
}
