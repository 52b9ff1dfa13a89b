import { entryOrigin, type RuntimeConfig } from '@atrium/federation';
import { FRAME_ANCESTORS } from './security-headers';

/**
 * The pages' Content-Security-Policy: scripts only from the host itself, the allowed remote origins
 * and the third-party services config.json turns on (Stripe.js, Google Maps, the marketing
 * analytics); no inline script and no eval. Plugins and a changed <base> are refused too, and no
 * other site may frame the page.
 */
export function pageSecurityPolicy(config: RuntimeConfig, remoteOrigins: readonly string[]): string {
  const thirdParty = [
    ...config.scriptOrigins,
    ...(config.googleMapsApiKey ? ['https://maps.googleapis.com', 'https://maps.gstatic.com'] : []),
    ...(config.marketingAnalytics ? [config.marketingAnalytics.scriptHost] : []),
  ];
  const origins = [...remoteOrigins, ...Object.values(config.remotes), ...thirdParty]
    .map((value) => entryOrigin(value))
    .filter((origin): origin is string => origin !== null);
  return [
    `script-src 'self' ${[...new Set(origins)].join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    FRAME_ANCESTORS,
  ].join('; ');
}
