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

/** CSRF prevention, query limits (graphql-armor) and, in production, no introspection. */
export function hardeningPlugins(nodeEnv: 'development' | 'production' | 'test'): Plugin[] {
  const production = nodeEnv === 'production';
  return [
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
