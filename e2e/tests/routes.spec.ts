import { expect, test } from '@playwright/test';
import { demoMarketplaces, marketplacePages } from '../support/marketplaces';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const marketplace of demoMarketplaces) {
  test.describe(`${marketplace.name} (/${marketplace.id})`, () => {
    for (const { path, title, ...pageNeeds } of marketplacePages) {
      test(`/${marketplace.id}/${path} shows "${title}" with the marketplace's branding`, async ({
        page,
      }) => {
        if ('needsCart' in pageNeeds) {
          await page.goto(`/${marketplace.id}/services`);
          // Once the marketplace has started (its first visit clears what another one stored).
          await expect(page.getByRole('heading', { level: 1, name: 'Select a Service' })).toBeVisible();
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
