import type { ExposedModule, RemoteName } from '@atrium/federation';
import { Route, Routes } from '@atrium/navigation';
import { AtriumUiProvider } from '@atrium/ui';
import { NotFoundPage } from '../chrome/not-found-page';
import { RemotePage } from '../federation/remote-page';
import { HomeRedirect } from './home-redirect';
import { MarketplaceLayout } from './marketplace-layout';
import { ResumeRedirect } from './resume-redirect';
import { RootRedirect } from './root-redirect';
import { TopLevelLayout } from './top-level-layout';

/** A route's page: a remote's exposed module, with the page title of spec section 2 "Chrome". */
function page(remote: RemoteName, module: ExposedModule, title?: string) {
  return <RemotePage remote={remote} module={module} title={title} />;
}

/** Every route of spec section 2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<RootRedirect />} />
      <Route element={<TopLevelLayout />}>
        <Route path="confirm-email" element={page('account', 'ConfirmEmailPage')} />
        <Route path="confirm-phone" element={page('account', 'ConfirmPhonePage')} />
        <Route path="reset-password" element={page('account', 'ResetPasswordPage')} />
        <Route path="auth/google/callback" element={page('account', 'GoogleCallbackPage')} />
        <Route path="auth/apple/callback" element={page('account', 'AppleCallbackPage')} />
      </Route>
      <Route path=":marketplaceId" element={<MarketplaceLayout />}>
        <Route index element={<HomeRedirect />} />
        <Route path="set-location" element={page('catalog', 'SetLocationPage', 'Choose Location')} />
        <Route path="services" element={page('catalog', 'ServicesPage', 'Select a Service')} />
        <Route path="schedule" element={page('scheduling', 'SchedulePage', 'Choose Date & Time')} />
        <Route path="confirm" element={page('checkout', 'ConfirmPage', 'Review & Confirm')} />
        <Route path="success" element={page('checkout', 'SuccessPage', 'Booking Received')} />
        <Route path="profile" element={page('account', 'ProfilePage', 'My Profile')} />
        <Route path="memberships" element={page('account', 'MembershipsPage', 'Memberships & Packages')} />
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
