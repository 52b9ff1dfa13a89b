import { availableParallelism } from 'node:os';
import path from 'node:path';

/** The host's server's settings, read from its environment (see main.ts). */
export interface HostServerConfig {
  port: number;
  /** The address to listen on (HOST): 127.0.0.1 by default, as a proxy in front serves the world. */
  bindAddress: string;
  /** How many server processes share the port (HOST_PROCESSES: a number, or 'auto' for one per core). */
  processes: number;
  /** The API's origin; pages read marketplaces from it and its paths are forwarded to it. */
  apiUrl: string;
  distDir: string;
  /** The allow-list: origins remotes may be loaded from, besides config.json's own entries'. */
  remoteOrigins: string[];
  /**
   * The secret shared with the API (HOST_SECRET): presented on every request sent to the API (so
   * the client address it forwards is believed) and the key that signs browser ids.
   */
  hostSecret: string;
  /** How many reverse proxies in front of this server append to X-Forwarded-For (0: browsers connect to it). */
  trustProxyHops: number;
  /** NODE_ENV=production: HTTPS is assumed (HSTS) and the development defaults are refused. */
  production: boolean;
}

// The API has the same default (packages/api/src/identity-config.ts), so both agree unconfigured.
export const developmentHostSecret = 'atrium-development-host-secret-shared-by-host-and-api';

function origins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => new URL(origin).origin);
}

/**
 * Reads the settings; throws naming every problem, one line each. In production HOST_SECRET and
 * TRUST_PROXY_HOPS must be set explicitly, as the API requires of its own.
 */
export function loadHostServerConfig(
  env: Record<string, string | undefined>,
  defaultDistDir: string,
): HostServerConfig {
  const problems: string[] = [];
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT || 3000);
  if (!Number.isInteger(port) || port <= 0 || port > 65_535)
    problems.push(`PORT: must be a port number, not "${env.PORT}"`);
  const bindAddress = env.HOST?.trim() || '127.0.0.1';
  const processes = processCount(env.HOST_PROCESSES, problems);
  const hops = env.TRUST_PROXY_HOPS?.trim();
  const trustProxyHops = Number(hops || 0);
  if (!Number.isInteger(trustProxyHops) || trustProxyHops < 0)
    problems.push(`TRUST_PROXY_HOPS: must be a whole number (0 or more), not "${hops}"`);
  else if (production && !hops)
    problems.push(
      'TRUST_PROXY_HOPS: set it to the number of proxies in front of the host that append to X-Forwarded-For (0 for none); production needs it explicitly',
    );
  const hostSecret = env.HOST_SECRET || developmentHostSecret;
  if (hostSecret.length < 32) problems.push('HOST_SECRET: must be at least 32 characters');
  else if (production && hostSecret === developmentHostSecret)
    problems.push(
      "HOST_SECRET: set it to the API's HOST_SECRET (a random secret of at least 32 characters); production refuses the development secret",
    );
  if (problems.length > 0) throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  return {
    port,
    bindAddress,
    processes,
    apiUrl: new URL(env.API_URL || 'http://127.0.0.1:4000').origin,
    distDir: path.resolve(env.HOST_DIST_DIR || defaultDistDir),
    remoteOrigins: origins(env.REMOTE_ORIGINS),
    hostSecret,
    trustProxyHops,
    production,
  };
}

/** HOST_PROCESSES: 1 by default; 'auto' is one per core the machine offers this process. */
function processCount(value: string | undefined, problems: string[]): number {
  const text = value?.trim() || '1';
  if (text === 'auto') return availableParallelism();
  const count = Number(text);
  if (Number.isInteger(count) && count >= 1 && count <= 64) return count;
  problems.push(`HOST_PROCESSES: must be a whole number from 1 to 64, or auto, not "${value}"`);
  return 1;
}
