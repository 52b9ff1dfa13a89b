import { expect, test } from '@playwright/test';
import { measureFirstVisit } from '../support/first-visit';
import { demoMarketplaces } from '../support/marketplaces';
import { hostUrl } from '../support/ports';

// A client's first visit from a link, usually on a phone: the services list must paint within three
// sequential round trips (the HTML, then everything it names at once), without the layout jumping.
// Figures (times, bytes, Lighthouse scores) are measured by `pnpm bench`, never asserted here.

for (const marketplace of demoMarketplaces) {
  test(`/${marketplace.id}/services paints its services within 3 round trips and does not shift`, async ({
    browser,
  }) => {
    const visit = await measureFirstVisit(browser, `${hostUrl}/${marketplace.id}/services`, 'services');
    expect(visit.roundTrips, visit.chain.join(' -> ')).toBeLessThanOrEqual(3);
    expect(visit.layoutShift).toBeLessThan(0.01);
  });
}

for (const marketplace of demoMarketplaces) {
  test(`/${marketplace.id}/set-location paints the location choice within 3 round trips`, async ({
    browser,
  }) => {
    const visit = await measureFirstVisit(
      browser,
      `${hostUrl}/${marketplace.id}/set-location`,
      'set-location',
    );
    expect(visit.roundTrips, visit.chain.join(' -> ')).toBeLessThanOrEqual(3);
    expect(visit.layoutShift).toBeLessThan(0.01);
  });
}

test('a returning client with a service in the cart sees the times on /schedule within 3 round trips', async ({
  browser,
}) => {
  const glow = demoMarketplaces[0];
  const visit = await measureFirstVisit(browser, `${hostUrl}/1/schedule`, 'schedule', {
    storage: {
      'marketplace-id': JSON.stringify(glow.id),
      'selected-location': JSON.stringify(glow.clinic),
      'selected-procedures': JSON.stringify([{ id: glow.procedureId, addOnIds: [] }]),
    },
  });
  expect(visit.roundTrips, visit.chain.join(' -> ')).toBeLessThanOrEqual(3);
});

test('the desktop layout does not shift on /1/services either', async ({ browser }) => {
  const visit = await measureFirstVisit(browser, `${hostUrl}/1/services`, 'services', {
    viewport: { width: 1280, height: 900 },
  });
  expect(visit.layoutShift).toBeLessThan(0.01);
});

test('a new visitor following the marketplace link is sent straight to where to begin', async ({
  request,
}) => {
  const response = await request.get('/3', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe('/3/services');
  const glow = await request.get('/1', { maxRedirects: 0 });
  expect(glow.headers().location).toBe('/1/set-location');
});

test('pages and scripts are sent compressed, and a repeat visit gets the page from its cache', async ({
  request,
}) => {
  const page = await request.get('/1/services', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(page.headers()['content-encoding']).toBe('br');
  const html = await page.text();
  // The host's own scripts (the remotes' are on their own origins).
  const script = /(\/static\/js\/[^"&]+\.js)/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const asset = await request.get(script as string, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(asset.headers()['content-encoding']).toBe('br');
  expect(asset.headers()['cache-control']).toContain('immutable');

  const etag = page.headers().etag;
  expect(etag).toBeTruthy();
  const again = await request.get('/1/services', { headers: { 'if-none-match': etag as string } });
  expect(again.status()).toBe(304);
});

test('the first pages arrive rendered, with the marketplace inline, before any script runs', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${hostUrl}/2/services`);
  await expect(page.getByRole('heading', { level: 1, name: 'Select a Service' })).toBeVisible();
  await expect(page.getByRole('button', { name: /, details$/ }).first()).toBeVisible();
  await expect(page).toHaveTitle('Select a Service | Nocturne Aesthetics');
  // Twelve clinics: a long page, still sent whole (no part left to a script).
  await page.goto(`${hostUrl}/2/set-location`);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Location' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose Nocturne SoHo' })).toBeVisible();
  await expect(page.getByText('Loading…')).toHaveCount(0);
  await context.close();
});
