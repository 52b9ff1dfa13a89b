import { Box, Container, Flex } from '@atrium/ui';
import type { ReactNode } from 'react';
import { AccountAlertsSlot } from '../account/account-alerts-slot';
import { useCurrentMarketplace } from '../tenant/marketplace-context';
import { ChromeOverlays } from './chrome-overlays';
import { Footer } from './footer';
import { Header } from './header';
import { PreviewNotice } from './preview-notice';
import { ProgressBar } from './progress-bar';
import { SkipLink } from './skip-link';
import { useFavicon } from './use-document-branding';
import { MAIN_CONTENT_ID, useFocusPageOnNavigate } from './use-focus-on-navigate';
import { useScrollToTopOnNavigate } from './use-scroll-to-top';

/**
 * The skip link, header, account alerts (in the flow, under the header), progress bar, page body,
 * footer and the chrome's overlays around every page.
 * A new page starts at the top with focus on its heading. `error` opens the global error modal at
 * once (the marketplace itself could not be loaded).
 */
export function ChromeLayout({ children, error }: { children: ReactNode; error?: string }) {
  const marketplace = useCurrentMarketplace();
  useScrollToTopOnNavigate();
  useFocusPageOnNavigate();
  useFavicon(marketplace);
  return (
    <Flex direction="column" minH="100vh">
      <SkipLink />
      <PreviewNotice marketplaceId={marketplace?.id ?? null} />
      {marketplace && <Header marketplace={marketplace} />}
      <AccountAlertsSlot />
      {/* Focused by code only (skip link, route change): no focus ring on a region. */}
      <Box
        as="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        flex="1"
        outline="none"
        css={{ '& h1:focus': { outline: 'none' } }}
      >
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
