import { describe, expect, it } from 'vitest';
import { isConsolePath, isTopLevelPage, marketplacePageAt } from './marketplace-pages';

describe('the routes of the site', () => {
  it('finds the remote page of a marketplace path', () => {
    expect(marketplacePageAt('/2/services')).toEqual({
      marketplaceId: '2',
      page: expect.objectContaining({ remote: 'catalog', module: 'ServicesPage', rendersOnServer: true }),
    });
    expect(marketplacePageAt('/1/confirm')?.page).toEqual(
      expect.objectContaining({ remote: 'checkout', module: 'ConfirmPage' }),
    );
    expect(marketplacePageAt('/1/payment/authenticate')?.page).toEqual(
      expect.objectContaining({ remote: 'checkout', module: 'PaymentAuthenticationPage' }),
    );
    expect(marketplacePageAt('/1/waitlist-offer')?.page).toEqual(
      expect.objectContaining({ remote: 'checkout', module: 'WaitlistOfferPage' }),
    );
  });

  it('finds the console at /{id}/console and every path below it, rendered in the browser', () => {
    for (const path of ['/1/console', '/1/console/', '/1/console/requests', '/1/console/requests/12']) {
      expect(marketplacePageAt(path)).toEqual({
        marketplaceId: '1',
        page: { remote: 'console', module: 'ConsolePage', title: 'Console' },
      });
    }
    expect(['/1/console', '/3/console/requests'].every(isConsolePath)).toBe(true);
    expect(['/1/services', '/console', '/1/consoles', '/'].some(isConsolePath)).toBe(false);
  });

  it('renders on the server only the pages reached first, from a link', () => {
    const onServer = ['set-location', 'services', 'schedule', 'confirm', 'success', 'profile', 'memberships']
      .filter((path) => marketplacePageAt(`/1/${path}`)?.page.rendersOnServer)
      .sort();
    expect(onServer).toEqual(['schedule', 'services', 'set-location']);
  });

  it('finds nothing for the home, /resume, unknown pages or deeper paths', () => {
    for (const path of [
      '/1',
      '/1/',
      '/1/resume',
      '/1/nope',
      '/1/services/extra',
      '/1/constructor',
      '/1/payment',
    ]) {
      expect(marketplacePageAt(path)).toBeNull();
    }
  });

  it('knows the pages outside a marketplace', () => {
    expect(['/', '/confirm-email', '/auth/google/callback', '/reset-password/'].every(isTopLevelPage)).toBe(
      true,
    );
    expect(['/nope', '/auth', '/confirm-email/x'].some(isTopLevelPage)).toBe(false);
  });
});
