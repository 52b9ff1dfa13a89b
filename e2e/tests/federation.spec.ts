import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { freshStart } from '../support/booking';
import { configureHost, redeploy, startDeployment, stopDeployment } from '../support/control';
import { demoClient, dialog, providerLogin, signInButton, toast } from '../support/identity';
import { startMarketplace } from '../support/marketplaces';
import { repoRoot } from '../support/stack';

// These tests take deployments down and replace them, so they run alone, one after another.
test.describe.configure({ mode: 'serial' });

/** The root of the page the catalog remote drew, marked with the edition of the build that drew it. */
const catalogPage = (page: Page) => page.locator('[data-catalog-edition]');

test('marketplace 2 gets its own build of the catalog remote (tenant override), which clients cannot tell', async ({
  page,
}) => {
  await page.goto('/2/services');
  await expect(page.getByRole('heading', { level: 1, name: 'Select a Service' })).toBeVisible();
  await expect(catalogPage(page)).toHaveAttribute('data-catalog-edition', 'spotlight');
  // An edition is an internal build label: never shown to clients.
  await expect(page.getByText(/spotlight/i)).toHaveCount(0);

  await page.goto('/1/services');
  await expect(page.getByRole('heading', { level: 1, name: 'Select a Service' })).toBeVisible();
  await expect(catalogPage(page)).toHaveAttribute('data-catalog-edition', 'standard');
});

test('an override that cannot be loaded falls back to the default build', async ({ page }) => {
  await stopDeployment('spotlight');
  try {
    await page.goto('/2/services');
    await expect(page.getByRole('heading', { level: 1, name: 'Select a Service' })).toBeVisible();
    await expect(catalogPage(page)).toHaveAttribute('data-catalog-edition', 'standard');
  } finally {
    await startDeployment('spotlight');
  }
});

test('a remote that is down shows a retry that works once it is back', async ({ page }) => {
  // /schedule needs a service in the cart (else it goes back to /services).
  await startMarketplace(page, '1');
  await page.evaluate(() => localStorage.setItem('selected-procedures', '[{"id":"1006","addOnIds":[]}]'));
  await stopDeployment('scheduling');
  try {
    await page.goto('/1/schedule');
    await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
    // The chrome stays: the failure is contained to the page body.
    await expect(page.getByText('Powered by Atrium')).toBeVisible();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  } finally {
    await startDeployment('scheduling');
  }
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Date & Time' })).toBeVisible();
});

test('a redeployed remote shows up in the running host after a reload, with no host rebuild', async ({
  page,
}) => {
  const announcement = `Now open on Sundays (${Date.now()})`;
  const staged = mkdtempSync(path.join(tmpdir(), 'atrium-catalog-'));
  const build = spawnSync(path.join(repoRoot, 'remotes/catalog/node_modules/.bin/rsbuild'), ['build'], {
    cwd: path.join(repoRoot, 'remotes/catalog'),
    env: { ...process.env, ATRIUM_DIST_DIR: staged, PUBLIC_CATALOG_ANNOUNCEMENT: announcement },
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);

  await page.goto('/1/services');
  await expect(page.getByRole('heading', { level: 1, name: 'Select a Service' })).toBeVisible();
  await expect(page.getByText(announcement)).toHaveCount(0);

  try {
    await redeploy('catalog', staged);
    await page.reload();
    await expect(page.getByText(announcement)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Select a Service' })).toBeVisible();
  } finally {
    await redeploy('catalog', path.join(repoRoot, 'remotes/catalog/dist'));
    rmSync(staged, { recursive: true, force: true });
  }
});

test('a host configured with a marketing-analytics service identifies a client signing in with Google', async ({
  page,
}) => {
  const scriptHost = 'https://analytics.test';
  await configureHost({ marketingAnalytics: { scriptHost, partnerHash: 'p4rtn3r' } });
  try {
    const scripts: string[] = [];
    await page.route(`${scriptHost}/**`, (route) => {
      scripts.push(route.request().url());
      return route.fulfill({
        contentType: 'text/javascript',
        body: 'window.marketingAnalytics = { identify: (who) => { window.identified = who; } };',
      });
    });
    await freshStart(page, '/1/services');
    await signInButton(page).click();
    await dialog(page, 'Sign in').getByRole('button', { name: 'Continue with Google' }).click();
    await providerLogin(page, demoClient.email);

    await expect(toast(page, 'Login successful!')).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => (window as { identified?: unknown }).identified))
      .toEqual({
        email: demoClient.email,
        f_name: 'Jordan',
        l_name: 'Rivera',
        phone: '+12125550142',
        source_id: 'google-oauth',
      });
    expect(scripts).toEqual([`${scriptHost}/p4rtn3r.js?marketplace_id=1`]);
  } finally {
    await configureHost({});
  }
});

test('sign-in when the account remote is down says so, and its retry works once it is back', async ({
  page,
}) => {
  await page.goto('/1/set-location');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Location' })).toBeVisible();
  const notice = page.getByRole('alertdialog', { name: 'Sign-in unavailable' });
  await stopDeployment('account');
  try {
    await page.getByRole('button', { name: 'Returning guest? Click here for a faster checkout' }).click();
    await expect(notice).toBeVisible();
    await expect(
      notice.getByText('Sign-in could not be loaded. Check your connection and try again.'),
    ).toBeVisible();
    await notice.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Sign-in unavailable' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(notice).toBeHidden();
    // The header's Sign in says so too.
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await expect(notice).toBeVisible();
  } finally {
    await startDeployment('account');
  }
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
});
