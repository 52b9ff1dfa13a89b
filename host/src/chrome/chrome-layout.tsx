import { Box, Container, Flex } from '@atrium/ui';
import type { ReactNode } from 'react';
import { useCurrentMarketplace } from '../tenant/marketplace-context';
import { Footer } from './footer';
import { Header } from './header';
import { useFavicon } from './use-document-branding';
import { useScrollToTopOnNavigate } from './use-scroll-to-top';

/** Header, page body and footer around every page of a marketplace. */
export function ChromeLayout({ children }: { children: ReactNode }) {
  const marketplace = useCurrentMarketplace();
  useScrollToTopOnNavigate();
  useFavicon(marketplace);
  return (
    <Flex direction="column" minH="100vh">
      {marketplace && <Header marketplace={marketplace} />}
      <Box as="main" flex="1">
        <Container maxW="5xl" py={{ base: '4', md: '8' }}>
          {children}
        </Container>
      </Box>
      <Footer />
    </Flex>
  );
}
