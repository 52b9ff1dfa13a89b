import { Route, Routes } from '@atrium/navigation';
import { AtriumUiProvider } from '@atrium/ui';
import { NotFoundPage } from '../chrome/not-found-page';
import { RemotePage } from '../federation/remote-page';
import { HomeRedirect } from './home-redirect';
import { MarketplaceLayout } from './marketplace-layout';
import {
  CONSOLE_PATH,
  consolePage,
  type MarketplacePagePath,
  marketplacePages,
  type RemoteRoute,
  type TopLevelPagePath,
  topLevelPages,
} from './marketplace-pages';
import { ResumeRedirect } from './resume-redirect';
import { RootRedirect } from './root-redirect';
import { TopLevelLayout } from './top-level-layout';

function page({ remote, module, title }: RemoteRoute) {
  return <RemotePage remote={remote} module={module} title={title} />;
}

/** Every route of the site: a marketplace's pages and console, the pages reached from emails, the redirects. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<RootRedirect />} />
      <Route element={<TopLevelLayout />}>
        {(Object.keys(topLevelPages) as TopLevelPagePath[]).map((path) => (
          <Route key={path} path={path} element={page(topLevelPages[path])} />
        ))}
      </Route>
      <Route path=":marketplaceId" element={<MarketplaceLayout />}>
        <Route index element={<HomeRedirect />} />
        {(Object.keys(marketplacePages) as MarketplacePagePath[]).map((path) => (
          <Route key={path} path={path} element={page(marketplacePages[path])} />
        ))}
        <Route path={`${CONSOLE_PATH}/*`} element={page(consolePage)} />
        <Route path="resume" element={<ResumeRedirect />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route
        path="*"
        element={
          <AtriumUiProvider>
            <NotFoundPage />
          </AtriumUiProvider>
        }
      />
    </Routes>
  );
}
