import { expect, type Page, test } from '@playwright/test';
import { demoMarketplaces, marketplacePages, storeBooking } from '../support/marketplaces';

/** No route may scroll sideways on a phone or a tablet. */
const widths = [320, 390, 768] as const;

/** How far the page lays out past the window's width (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

// One test per marketplace and width: each walks every route, which takes a while on a busy machine.
for (const marketplace of demoMarketplaces) {
  for (const width of widths) {
    test(`${marketplace.name}: no route scrolls sideways at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await storeBooking(page, marketplace);
      await page.setViewportSize({ width, height: 844 });
      const tooWide: string[] = [];
      for (const { path, title, ...needs } of marketplacePages) {
        await page.goto(`/${marketplace.id}/${path}`);
        if ('asksGuestsToSignIn' in needs) {
          // The sign-in dialog must fit too; then the page under it.
          await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
          if ((await overflow(page)) > 0) tooWide.push(`/${path} with sign-in at ${width} px`);
          await page.keyboard.press('Escape');
        }
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        // Late content (prices, the payment form, images) has its say before measuring.
        await page.waitForLoadState('networkidle');
        const by = await overflow(page);
        if (by > 0) tooWide.push(`/${marketplace.id}/${path} at ${width} px (${by} px too wide)`);
      }
      expect(tooWide).toEqual([]);
    });
  }
}

test('the pages outside a marketplace fit a 320 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  for (const [path, heading] of [
    ['/11', 'Marketplace not found'],
    ['/1/no-such-page', 'Rut row, 404'],
    ['/no-such-page', 'Rut row, 404'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await overflow(page), `${path} at 320 px`).toBeLessThanOrEqual(0);
  }
});
