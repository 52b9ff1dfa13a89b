/**
 * Shared singletons: one instance on the page, whoever loads first provides it
 * ('loaded-first', so one offline remote cannot break start-up). React context (router, query
 * client, Chakra system, stores) only works across remotes when these are single instances.
 *
 * Chakra UI and Emotion are deliberately not listed: a shared module cannot be tree-shaken, and
 * all of @chakra-ui/react is ~310 KB gzip. Apps reach Chakra only through @atrium/ui (enforced by
 * lint), which is shared, so Chakra is still one instance on the page but only the parts we use.
 * The same holds for react-router-dom behind @atrium/navigation.
 */
export const sharedSingletons = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  '@tanstack/react-query',
  'nanostores',
  '@nanostores/react',
  '@atrium/stores',
  '@atrium/graphql-client',
  '@atrium/ui',
  '@atrium/ui/overlays',
  '@atrium/ui/forms',
  '@atrium/navigation',
] as const;

/** The singletons the host renders its first page with (the others load with the parts that use them). */
export const hostStartupSingletons: readonly (typeof sharedSingletons)[number][] = sharedSingletons.filter(
  (name) => name !== '@atrium/ui/overlays' && name !== '@atrium/ui/forms',
);
