import { isRemoteName, type RemoteName, remoteNames } from './contract';

/**
 * What the host reads from /config.json at start: where each remote's default entry lives and
 * the optional browser-side keys. Served beside the host, never baked into its build, so a
 * remote can move or redeploy without a host rebuild.
 */
export interface RuntimeConfig {
  remotes: Record<RemoteName, string>;
  graphqlEndpoint: string;
  googleMapsApiKey: string | null;
  /** The marketing-analytics service (spec 7 "Other"); identification is off while null. */
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
    graphqlEndpoint: optionalString(raw.graphqlEndpoint) ?? '/graphql',
    googleMapsApiKey: optionalString(raw.googleMapsApiKey),
    marketingAnalytics: parseMarketingAnalytics(raw.marketingAnalytics),
  };
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
