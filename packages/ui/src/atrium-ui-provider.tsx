import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DEFAULT_PRIMARY_COLOR } from './theme/brand-palette';
import { tenantSystem } from './theme/create-tenant-system';

export interface AtriumUiProviderProps {
  /** The marketplace's primaryColor (`#rgb` / `#rrggbb`); anything else gives a neutral brand. */
  primaryColor?: string | null | undefined;
  children: ReactNode;
}

/** Chakra with the marketplace's system (one per colour, see tenantSystem). */
export function AtriumUiProvider({ primaryColor, children }: AtriumUiProviderProps) {
  return (
    <ChakraProvider value={tenantSystem(primaryColor ?? DEFAULT_PRIMARY_COLOR)}>{children}</ChakraProvider>
  );
}
