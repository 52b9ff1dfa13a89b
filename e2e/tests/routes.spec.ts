import { expect, test } from '@playwright/test';
import { gotoLive } from '../support/live';
import { demoMarketplaces, marketplacePages, startMarketplace } from '../support/marketplaces';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const marketplace of demoMarketplaces) {
  test.describe(`${marketplace.name} (/${marketplace.id})`, () => {
    for (const { path, title, ...pageNeeds } of marketplacePages) {
      test(`/${marketplace.id}/${path} shows "${title}" with the marketplace's branding`, async ({
        page,
      }) => {
        if ('needsCart' in pageNeeds) {
          // Once the marketplace has started (its first visit clears what another one stored).
          await startMarketplace(page, marketplace.id);
          await page.evaluate(
            (id) => localStorage.setItem('selected-procedures', JSON.stringify([{ id, addOnIds: [] }])),
            marketplace.procedureId,
          );
        }
        if ('needsBooking' in pageNeeds) {
          await page.evaluate((clinic) => {
            localStorage.setItem('selected-location', JSON.stringify(clinic));
            localStorage.setItem('selected-date-time', JSON.stringify({ date: '2030-01-08', time: '10:00' }));
          }, marketplace.clinic);
        }
        await page.goto(`/${marketplace.id}/${path}`);
        if ('asksGuestsToSignIn' in pageNeeds) {
          // A guest is asked to sign in first (a modal dialog, which hides the page from the
          // accessibility tree); closing it leaves the page to look at.
          const signIn = page.getByRole('dialog', { name: 'Sign in' });
          await expect(signIn).toBeVisible();
          await page.keyboard.press('Escape');
          await expect(signIn).toBeHidden();
        }
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

        const logo = page.getByRole('banner').getByRole('img', { name: marketplace.name });
        await expect(logo).toHaveAttribute('src', new RegExp(`^${marketplace.logo}`));
        await expect(logo).toHaveJSProperty('complete', true);
        expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
        // The title also names the chosen location once there is one (marketplace 3 chooses its clinic).
        await expect(page).toHaveTitle(
          new RegExp(`^${escapeRegExp(title)} \\| (.+ \\| )?${marketplace.name}$`),
        );

        const primary = page.getByRole('banner').getByRole('button', { name: 'Sign in' });
        await expect(primary).toHaveCSS('background-color', marketplace.primaryRgb);
        await expect(page.getByText('Powered by Atrium')).toBeVisible();
      });
    }
  });
}

test('a marketplace home without a chosen location goes to set-location', async ({ page }) => {
  await page.goto('/1');
  await expect(page).toHaveURL(/\/1\/set-location$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Location' })).toBeVisible();
});

test('/ goes to the stored marketplace', async ({ page }) => {
  await page.goto('/3/services');
  await expect(page.getByRole('heading', { level: 1, name: 'Select a Service' })).toBeVisible();
  await page.goto('/');
  // Marketplace 3 has one clinic and no at-home service: it is chosen, so home goes to services.
  await expect(page).toHaveURL(/\/3\/services$/);
});

test('opening another marketplace clears what the previous one stored', async ({ page }) => {
  await page.goto('/1/services');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('selected-procedures', '[{"id":"x","addOnIds":[]}]'));
  await page.goto('/2/services');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('selected-procedures'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('marketplace-id'))).toBe('"2"');
});

for (const [path, heading] of [
  ['/confirm-email', 'Confirm Email'],
  ['/confirm-phone', 'Confirm Phone'],
  ['/reset-password', 'Reset Password'],
  ['/auth/google/callback', 'Signing you in'],
  ['/auth/apple/callback', 'Signing you in'],
] as const) {
  test(`${path} renders`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  });
}

for (const path of ['/1/no-such-page', '/not-a-marketplace', '/abc/services', '/1/services/extra/segments']) {
  test(`${path} shows 'Rut row, 404' with a link back to /`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Rut row, 404' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/($|\d+\/)/);
  });
}

test('an unknown marketplace id gets a clear message, not a blank page', async ({ page }) => {
  await page.goto('/999999/services');
  await expect(page.getByRole('heading', { name: 'Marketplace not found' })).toBeVisible();
  await expect(page.getByText('Marketplace 999999 was not found.')).toBeVisible();
});

test('a corrupt stored value is ignored instead of breaking the page', async ({ page }) => {
  await page.goto('/1/services');
  await page.evaluate(() => {
    localStorage.setItem('selected-location', '{not json');
    localStorage.setItem('selected-procedures', '"a string, not a list"');
  });
  await page.goto('/1');
  await expect(page).toHaveURL(/\/1\/set-location$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Location' })).toBeVisible();
});

test.describe('an address that names no marketplace', () => {
  for (const [path, what] of [
    ['/11', 'an unknown id'],
    ['/0', 'an id that is no marketplace id'],
  ] as const) {
    test(`${path} (${what}) keeps the last marketplace's cart and links back to it`, async ({ page }) => {
      await startMarketplace(page, '1');
      await page.evaluate(() => localStorage.setItem('selected-procedures', '[{"id":"1006","addOnIds":[]}]'));

      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Marketplace not found' })).toBeVisible();
      // Unbranded: no marketplace's header or sign-in.
      await expect(page.getByRole('banner')).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('marketplace-id'))).toBe('"1"');
      expect(await page.evaluate(() => localStorage.getItem('selected-procedures'))).toContain('1006');

      await page.getByRole('link', { name: 'Back to Glow Mobile IV' }).click();
      await expect(page).toHaveURL(/\/1\/set-location$/);
      await expect(page.getByRole('button', { name: 'Cart, 1 selected service' })).toBeVisible();
    });
  }

  test("/0 says its marketplace was not found, not the API's rule; /01 is /1's own address", async ({
    page,
  }) => {
    await page.goto('/0');
    await expect(page.getByText('Marketplace 0 was not found.')).toBeVisible();
    await expect(page.getByText('positive whole number')).toHaveCount(0);
    const response = await page.goto('/01/services?procedure=1001');
    expect(response?.url()).toMatch(/\/1\/services\?procedure=1001$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Select a Service' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('marketplace-id'))).toBe('"1"');
  });

  test('without a marketplace used before, the way back is home', async ({ page }) => {
    await page.goto('/11');
    await expect(page.getByRole('heading', { level: 1, name: 'Marketplace not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Book your next treatment' })).toBeVisible();
  });

  test("/1.5 is the site's 404 page, not the file server's", async ({ page }) => {
    const response = await page.goto('/1.5');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Rut row, 404' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
    // A missing file that is no page (a script, an image) stays a plain 404.
    const file = await page.request.get('/missing.js');
    expect(file.status()).toBe(404);
    expect(await file.text()).toBe('Not Found');
  });
});

test('a marketplace that cannot be loaded shows the global error modal, and Reload Page recovers', async ({
  page,
}) => {
  // Once the app runs the page: the server-rendered HTML shows before the router listens.
  await gotoLive(page, '/1/services');
  await expect(page.getByRole('heading', { level: 1, name: 'Select a Service' })).toBeVisible();
  // The page came with its marketplace; moving to another one in the page asks the API, now down.
  const graphql = /\/graphql(\?|$)/;
  await page.route(graphql, (route) => route.abort('connectionrefused'));
  await page.evaluate(() => {
    history.pushState(null, '', '/2/services');
    dispatchEvent(new PopStateEvent('popstate'));
  });

  const modal = page.getByRole('alertdialog', { name: 'Error' });
  await expect(modal).toBeVisible();
  await expect(modal.getByText('There was an issue with retrieving the marketplace data')).toBeVisible();
  // Not the router's error page.
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);

  // Marketplace 1's cart is still there for when the client goes back.
  expect(await page.evaluate(() => localStorage.getItem('marketplace-id'))).toBe('"1"');

  await page.unroute(graphql);
  await modal.getByRole('button', { name: 'Reload Page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Select a Service' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('img', { name: 'Nocturne Aesthetics' })).toBeVisible();
});
