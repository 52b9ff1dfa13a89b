import { isRemoteName, type RemoteName, remoteNames } from './contract';

/**
 * What the host reads from /config.json at start: where each remote's default entry lives and
 * the optional browser-side keys. Served beside the host, never baked into its build, so a
 * remote can move or redeploy without a host rebuild.
 */
export interface RuntimeConfig {
  /** Each remote's entry (its mf-manifest.json URL). */
  remotes: Record<RemoteName, string>;
  /**
   * Entries to try, in order, when a remote's entry fails to load: the releases before it. The
   * host's server fills them (and `remotes`) from the release registry for each page.
   */
  remoteFallbacks: Partial<Record<RemoteName, string[]>>;
  /**
   * Third-party script origins the pages may load besides the host and the remotes (Stripe.js when
   * payments go through Stripe): the host's Content-Security-Policy allows exactly these more.
   */
  scriptOrigins: string[];
  graphqlEndpoint: string;
  googleMapsApiKey: string | null;
  /** The marketing-analytics service; identification is off while null. */
  marketingAnalytics: MarketingAnalyticsSettings | null;
}

export interface MarketingAnalyticsSettings {
  /** Origin (and optional path) serving the service's script. */
  scriptHost: string;
  /** This site's partner hash at the service; its absence is reported when identifying. */
  partnerHash: string | null;
}

/** Validates untrusted JSON; throws an Error naming the first problem. */
export function parseRuntimeConfig(input: unknown): RuntimeConfig {
  if (typeof input !== 'object' || input === null) throw new Error('config.json must hold a JSON object.');
  const raw = input as Record<string, unknown>;
  const remotes = raw.remotes;
  if (typeof remotes !== 'object' || remotes === null)
    throw new Error('config.json needs a "remotes" object.');
  const entries: Partial<Record<RemoteName, string>> = {};
  for (const [name, entry] of Object.entries(remotes)) {
    if (!isRemoteName(name)) continue;
    if (typeof entry !== 'string' || !isUrlLike(entry)) {
      throw new Error(`config.json: the entry of remote "${name}" must be a URL.`);
    }
    entries[name] = entry;
  }
  for (const name of remoteNames) {
    if (!entries[name]) throw new Error(`config.json: remote "${name}" has no entry.`);
  }
  return {
    remotes: entries as Record<RemoteName, string>,
    remoteFallbacks: parseRemoteFallbacks(raw.remoteFallbacks),
    scriptOrigins: parseOrigins(raw.scriptOrigins, 'scriptOrigins'),
    graphqlEndpoint: optionalString(raw.graphqlEndpoint) ?? '/graphql',
    googleMapsApiKey: optionalString(raw.googleMapsApiKey),
    marketingAnalytics: parseMarketingAnalytics(raw.marketingAnalytics),
  };
}

/** Optional: per remote, a list of entry URLs. */
function parseRemoteFallbacks(input: unknown): Partial<Record<RemoteName, string[]>> {
  if (input === undefined || input === null) return {};
  if (typeof input !== 'object') throw new Error('config.json: "remoteFallbacks" must be an object.');
  const fallbacks: Partial<Record<RemoteName, string[]>> = {};
  for (const [name, entries] of Object.entries(input)) {
    if (!isRemoteName(name)) continue;
    if (!Array.isArray(entries) || !entries.every((entry) => typeof entry === 'string' && isUrlLike(entry))) {
      throw new Error(`config.json: the fallbacks of remote "${name}" must be a list of URLs.`);
    }
    fallbacks[name] = entries;
  }
  return fallbacks;
}

/** Optional: a list of absolute http(s) origins. */
function parseOrigins(input: unknown, field: string): string[] {
  if (input === undefined || input === null) return [];
  const origins = Array.isArray(input) ? input : [input];
  return origins.map((value) => {
    try {
      const url = new URL(String(value));
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error();
      return url.origin;
    } catch {
      throw new Error(`config.json: "${field}" must list origins such as https://js.stripe.com.`);
    }
  });
}

/** Optional: absent or null turns identification off; a script host must be a URL. */
function parseMarketingAnalytics(input: unknown): MarketingAnalyticsSettings | null {
  if (input === undefined || input === null) return null;
  const raw = typeof input === 'object' ? (input as Record<string, unknown>) : {};
  const scriptHost = optionalString(raw.scriptHost);
  if (!scriptHost || !isUrlLike(scriptHost) || scriptHost.startsWith('/')) {
    throw new Error('config.json: "marketingAnalytics" needs a "scriptHost" URL.');
  }
  return { scriptHost, partnerHash: optionalString(raw.partnerHash) };
}

function optionalString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function isUrlLike(value: string): boolean {
  if (value.startsWith('/')) return true;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}
