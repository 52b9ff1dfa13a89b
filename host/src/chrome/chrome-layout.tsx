import { useLocation } from '@atrium/navigation';
import { Box, Container, Flex } from '@atrium/ui';
import { lazy, type ReactNode, Suspense } from 'react';
import { AccountAlertsSlot } from '../account/account-alerts-slot';
import { isConsolePath } from '../routes/marketplace-pages';
import { useCurrentMarketplace } from '../tenant/marketplace-context';
import { ChromeOverlays } from './chrome-overlays';
import { Footer } from './footer';
import { Header } from './header';
import { NotLiveNotice } from './not-live-notice';
import { PreviewNotice } from './preview-notice';
import { ProgressBar } from './progress-bar';
import { SkipLink } from './skip-link';
import { useFavicon } from './use-document-branding';
import { MAIN_CONTENT_ID, useFocusPageOnNavigate } from './use-focus-on-navigate';
import { useScrollToTopOnNavigate } from './use-scroll-to-top';

// Only staff open the console: its header (and the staff calls it makes) load with its pages.
const ConsoleHeader = lazy(() => import('./console-header'));

/**
 * The skip link, header, account alerts (in the flow, under the header), progress bar, page body,
 * footer and the chrome's overlays around every page.
 * A new page starts at the top with focus on its heading. `error` opens the global error modal at
 * once (the marketplace itself could not be loaded).
 * The console's pages (/{id}/console/...) have the console's header instead, with neither the cart,
 * the account alerts nor the progress bar, and a wider body.
 */
export function ChromeLayout({ children, error }: { children: ReactNode; error?: string }) {
  const marketplace = useCurrentMarketplace();
  const inConsole = isConsolePath(useLocation().pathname);
  useScrollToTopOnNavigate();
  useFocusPageOnNavigate();
  useFavicon(marketplace);
  return (
    <Flex direction="column" minH="100vh">
      <SkipLink />
      <PreviewNotice marketplaceId={marketplace?.id ?? null} />
      {marketplace &&
        (inConsole ? (
          <Suspense fallback={<Box as="header" h="16" borderBottomWidth="1px" />}>
            <ConsoleHeader marketplace={marketplace} />
          </Suspense>
        ) : (
          <Header marketplace={marketplace} />
        ))}
      {!inConsole && marketplace?.isLive === false && <NotLiveNotice />}
      {!inConsole && <AccountAlertsSlot />}
      {/* Focused by code only (skip link, route change): no focus ring on a region. */}
      <Box
        as="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        flex="1"
        outline="none"
        css={{ '& h1:focus': { outline: 'none' } }}
      >
        <Container maxW={inConsole ? '7xl' : '5xl'} py={{ base: '4', md: '8' }}>
          {marketplace && !inConsole && <ProgressBar marketplaceId={marketplace.id} />}
          {children}
        </Container>
      </Box>
      <Footer />
      <ChromeOverlays marketplaceId={marketplace?.id ?? null} error={error} />
    </Flex>
  );
}
