import { expect, type Page } from '@playwright/test';

const watched = new WeakSet<Page>();

/**
 * Opens a page and waits until the app runs it, not merely until the server's HTML shows: the host
 * announces `atrium:started` once the page has rendered (or hydrated) and the marketplace's rules
 * have run on local storage (the marketplace-id rule, the only clinic of a clinic-only marketplace
 * chosen, which empties the cart), so what a test stores from then on stays.
 */
export async function gotoLive(page: Page, url: string) {
  if (!watched.has(page)) {
    watched.add(page);
    await page.addInitScript(() =>
      document.addEventListener('atrium:started', () =>
        document.documentElement.setAttribute('data-live', ''),
      ),
    );
  }
  await page.goto(url);
  await expect(page.locator('html[data-live]')).toBeAttached();
}
