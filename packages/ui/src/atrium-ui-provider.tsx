import { ChakraProvider } from '@chakra-ui/react';
import { type ReactNode, useMemo } from 'react';
import { DEFAULT_PRIMARY_COLOR } from './theme/brand-palette';
import { createTenantSystem } from './theme/create-tenant-system';

export interface AtriumUiProviderProps {
  /** The marketplace's primaryColor (`#rgb` / `#rrggbb`); anything else gives a neutral brand. */
  primaryColor?: string | null | undefined;
  children: ReactNode;
}

/** Chakra with the marketplace's system; rebuilt only when the primary colour changes. */
export function AtriumUiProvider({ primaryColor, children }: AtriumUiProviderProps) {
  const system = useMemo(() => createTenantSystem(primaryColor ?? DEFAULT_PRIMARY_COLOR), [primaryColor]);
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
