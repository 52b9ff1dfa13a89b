import { expect, test } from '@playwright/test';
import { chooseClinic, freshStart, glow } from '../support/booking';

// The accessibility basics, on a phone and on a desktop: the page's language, its icon, the
// skip link, and focus after a route change.
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test.describe(`page basics at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('every page says its language and the site has an icon', async ({ page }) => {
      await freshStart(page, '/1/services');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      // The server-rendered page and the build's own HTML both carry it.
      expect(await (await page.request.get('/1/services')).text()).toMatch(
        /^<!doctype html><html lang="en">/i,
      );
      expect(await (await page.request.get('/index.html')).text()).toContain('<html lang="en">');

      const icon = await page.request.get('/favicon.ico');
      expect(icon.status()).toBe(200);
      expect(icon.headers()['content-type']).toMatch(/icon/);
    });

    test("the first Tab reaches 'Skip to main content', which moves focus to the page body", async ({
      page,
    }) => {
      await freshStart(page, '/1/services');
      await expect(page.getByRole('heading', { level: 1, name: 'Select a Service' })).toBeVisible();
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await expect(skip).not.toBeInViewport();
      await page.keyboard.press('Tab');
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
      await expect(page).toHaveURL(/\/1\/services$/);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
    });

    test("after a route change focus is on the new page's heading, not <body>", async ({ page }) => {
      await freshStart(page, '/1/set-location');
      await chooseClinic(page, glow.id, glow.manhattan.name);
      await expect(page.getByRole('heading', { level: 1, name: 'Select a Service' })).toBeFocused();

      await page.getByRole('link', { name: 'Change location' }).press('Enter');
      await expect(page).toHaveURL(/\/1\/set-location$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Choose Location' })).toBeFocused();
    });
  });
}
