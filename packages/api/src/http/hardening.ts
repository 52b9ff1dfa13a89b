import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import type { Plugin } from 'graphql-yoga';

/**
 * Header a browser must send with GraphQL requests that could be "simple" (GET, or a POST with a form
 * or text/plain body): such requests are refused without it, so no other site can forge them. A POST
 * with `content-type: application/json` is preflighted by browsers and passes anyway.
 */
export const csrfHeaderName = 'x-graphql-yoga-csrf';

/**
 * Limits on what one GraphQL document may ask, generous for the product's own operations (the full
 * marketplace query has depth 4 and costs about 175): past them a document is refused before it runs.
 */
export const queryLimits = {
  maxDepth: 10,
  maxAliases: 15,
  maxCost: 5_000,
  maxTokens: 2_000,
  maxDirectives: 50,
} as const;

/**
 * Headers on every answer of the API, whatever answered it (GraphQL, the probes, assets, webhooks,
 * the dev mailbox): no site may frame it (frame-ancestors, X-Frame-Options), no browser guesses a
 * type (nosniff), its pages send no referrer (the dev mailbox links carry tokens), and in production
 * browsers keep to HTTPS (HSTS). A page's own Content-Security-Policy is kept, framing refused in it.
 */
export function useSecurityHeaders(production: boolean): Plugin {
  return {
    onResponse({ response }) {
      const { headers } = response;
      try {
        headers.set('x-frame-options', 'DENY');
        headers.set('x-content-type-options', 'nosniff');
        headers.set('referrer-policy', 'no-referrer');
        const policy = headers.get('content-security-policy');
        if (!policy) headers.set('content-security-policy', "frame-ancestors 'none'");
        else if (!/\bframe-ancestors\b/.test(policy))
          headers.set('content-security-policy', `${policy}; frame-ancestors 'none'`);
        if (production) headers.set('strict-transport-security', 'max-age=31536000');
      } catch {
        // A response with immutable headers (Response.error()) goes out as it is.
      }
    },
  };
}

/**
 * The security headers, CSRF prevention, query limits (graphql-armor) and, in production, no
 * introspection.
 */
export function hardeningPlugins(nodeEnv: 'development' | 'production' | 'test'): Plugin[] {
  const production = nodeEnv === 'production';
  return [
    useSecurityHeaders(production),
    useCSRFPrevention({ requestHeaders: [csrfHeaderName] }),
    EnvelopArmorPlugin({
      maxDepth: { n: queryLimits.maxDepth },
      maxAliases: { n: queryLimits.maxAliases },
      costLimit: { maxCost: queryLimits.maxCost },
      maxTokens: { n: queryLimits.maxTokens },
      maxDirectives: { n: queryLimits.maxDirectives },
      // Field suggestions ('Did you mean …?') would map the schema for whoever cannot introspect it.
      blockFieldSuggestion: { enabled: production },
    }) as Plugin,
    ...(production ? [useDisableIntrospection() as Plugin] : []),
  ];
}
