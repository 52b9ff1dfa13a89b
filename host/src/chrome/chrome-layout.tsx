import { Box, Container, Flex } from '@atrium/ui';
import type { ReactNode } from 'react';
import { useCurrentMarketplace } from '../tenant/marketplace-context';
import { ChromeOverlays } from './chrome-overlays';
import { Footer } from './footer';
import { Header } from './header';
import { ProgressBar } from './progress-bar';
import { useFavicon } from './use-document-branding';
import { useScrollToTopOnNavigate } from './use-scroll-to-top';

/**
 * Header, progress bar, page body, footer and the chrome's overlays around every page. `error`
 * opens the global error modal at once (the marketplace itself could not be loaded).
 */
export function ChromeLayout({ children, error }: { children: ReactNode; error?: string }) {
  const marketplace = useCurrentMarketplace();
  useScrollToTopOnNavigate();
  useFavicon(marketplace);
  return (
    <Flex direction="column" minH="100vh">
      {marketplace && <Header marketplace={marketplace} />}
      <Box as="main" flex="1">
        <Container maxW="5xl" py={{ base: '4', md: '8' }}>
          {marketplace && <ProgressBar marketplaceId={marketplace.id} />}
          {children}
        </Container>
      </Box>
      <Footer />
      <ChromeOverlays marketplaceId={marketplace?.id ?? null} error={error} />
    </Flex>
  );
}
