import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DEFAULT_PRIMARY_COLOR } from './theme/brand-palette';
import { tenantSystem } from './theme/create-tenant-system';

export interface AtriumUiProviderProps {
  /** The marketplace's primaryColor (`#rgb` / `#rrggbb`); anything else gives a neutral brand. */
  primaryColor?: string | null | undefined;
  children: ReactNode;
}

// Colours whose global CSS (reset, global styles, token variables) the page already holds, sent by
// the server in its head. Building that CSS is the larger half of building a system.
const globalCssInPage = new Set<string>();
const withoutGlobalCss = new WeakMap<SystemContext, SystemContext>();

/**
 * Tells the provider that the page's head already holds the global CSS of the tenant with this
 * colour (a page rendered on the server): it is then not built again in the browser.
 */
export function adoptServerStyles(primaryColor: string | null | undefined) {
  globalCssInPage.add(primaryColor ?? DEFAULT_PRIMARY_COLOR);
}

function systemFor(primaryColor: string): SystemContext {
  const system = tenantSystem(primaryColor);
  if (!globalCssInPage.has(primaryColor)) return system;
  let adopted = withoutGlobalCss.get(system);
  if (!adopted) {
    // The same system, with nothing for Chakra to insert as global CSS (the page has it already).
    adopted = Object.create(system, { _global: { value: [] } }) as SystemContext;
    withoutGlobalCss.set(system, adopted);
  }
  return adopted;
}

/** Chakra with the marketplace's system (one per colour, see tenantSystem). */
export function AtriumUiProvider({ primaryColor, children }: AtriumUiProviderProps) {
  return <ChakraProvider value={systemFor(primaryColor ?? DEFAULT_PRIMARY_COLOR)}>{children}</ChakraProvider>;
}
