import { expect, type Locator, type Page, test } from '@playwright/test';
import { freshStart } from '../support/booking';
import { confirmAtGlowClinic, summaryTotal } from '../support/checkout';
import {
  header,
  registerWithPassword,
  signInWithPasscode,
  uniqueEmail,
  uniquePhone,
} from '../support/identity';
import { demoMarketplaces } from '../support/marketplaces';

// The chrome on a phone — the header's brand fits, the phone notice covers nothing, and
// no internal build label shows.

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} has no box`);
  return found;
};

/** Whether the element drawn at the centre of `locator` is it (or inside it): nothing covers it. */
const uncovered = (locator: Locator) =>
  locator.evaluate((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    const top = document.elementFromPoint(x + width / 2, y + height / 2);
    return top !== null && element.contains(top);
  });

for (const marketplace of demoMarketplaces) {
  test(`${marketplace.name}: the header's logo fits whole beside the buttons at 320, 390 and 1280 px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await freshStart(page, `/${marketplace.id}/services`);
    const brand = header(page).getByRole('link', { name: marketplace.name, exact: true });
    const logo = brand.getByRole('img', { name: marketplace.name });
    const cart = header(page).getByRole('button', { name: /^Cart, / });
    await expect(logo).toHaveAttribute('src', marketplace.logo);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      const [image, link, cartBox] = [await box(logo), await box(brand), await box(cart)];
      // Inside the window, inside its link (nothing clipped), clear of the cart button.
      expect(image.x, `left edge at ${width} px`).toBeGreaterThanOrEqual(0);
      expect(image.x + image.width, `right edge at ${width} px`).toBeLessThanOrEqual(cartBox.x);
      expect(image.x + image.width).toBeLessThanOrEqual(link.x + link.width + 0.5);
      expect(image.height).toBeLessThanOrEqual(40);
      // The whole logo is drawn: scaled down to the box it is given, never cut to it.
      const drawn = await logo.evaluate((img: HTMLImageElement) => {
        const scale = Math.min(img.clientWidth / img.naturalWidth, img.clientHeight / img.naturalHeight);
        return {
          fit: getComputedStyle(img).objectFit,
          width: img.naturalWidth * scale,
          height: img.naturalHeight * scale,
        };
      });
      expect(drawn.fit).toBe('contain');
      // Full size (40 px high) where there is room, still legible on the smallest phone.
      if (width > 400) expect(drawn.height, `logo height at ${width} px`).toBeCloseTo(40, 0);
      else expect(drawn.width, `logo width at ${width} px`).toBeGreaterThan(100);
      await header(page).screenshot({ path: test.info().outputPath(`header-${width}.png`) });
    }
  });
}

test('marketplace 2 shows clients no internal edition label', async ({ page }) => {
  await page.goto('/2/services');
  await expect(page.getByRole('heading', { level: 1, name: 'Select a Service' })).toBeVisible();
  await expect(page.locator('[data-catalog-edition]')).toHaveCount(1);
  await expect(page.getByText(/edition/i)).toHaveCount(0);
  await page.goto('/2/set-location');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Location' })).toBeVisible();
  await expect(page.getByText(/edition/i)).toHaveCount(0);
});

/** A new client with an unconfirmed phone, signed in on /1/services at 390 px. */
async function signedInWithUnconfirmedPhone(page: Page, request: Parameters<typeof registerWithPassword>[0]) {
  const email = uniqueEmail('unverified.phone');
  await registerWithPassword(request, {
    email,
    password: `Copper-Kettle-Meadow-${Math.floor(Math.random() * 90) + 10}`,
    profile: { givenName: 'Pat', familyName: 'Phone', phone: uniquePhone() },
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await freshStart(page, '/1/services');
  await signInWithPasscode(page, request, email);
}

test('on a phone the phone-verification notice takes its own room under the header and covers nothing', async ({
  page,
  request,
}) => {
  await signedInWithUnconfirmedPhone(page, request);
  const notice = page.getByRole('complementary', { name: 'Phone verification' });
  await expect(notice).toBeVisible();
  await expect(notice.getByText('Verify your phone number')).toBeVisible();
  await expect(notice.getByText("We'll text you a 6-digit code to confirm it.")).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Verify Phone' })).toBeVisible();

  // Between the header and the page's heading, overlapping neither.
  const heading = page.getByRole('heading', { level: 1, name: 'Select a Service' });
  const [bar, noticeBox, headingBox] = [await box(header(page)), await box(notice), await box(heading)];
  expect(noticeBox.y).toBeGreaterThanOrEqual(bar.y + bar.height - 0.5);
  expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(headingBox.y);
  expect(noticeBox.width).toBeLessThanOrEqual(390);
  expect(await uncovered(heading)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('phone-notice-390.png') });

  // Not fixed over the page: it scrolls away with the page, leaving the bottom of the screen free.
  await page.getByText('Powered by Atrium').scrollIntoViewIfNeeded();
  await expect.poll(async () => (await box(notice)).y + (await box(notice)).height).toBeLessThanOrEqual(0);

  // Dismissed, it stays away for the session (the next page load too).
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(heading).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('on a phone /confirm keeps the total and Request Appointment in reach, and covers nothing with them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await freshStart(page, '/1/set-location');
  await confirmAtGlowClinic(page);
  const bar = page.getByTestId('submit-bar');
  const request = bar.getByRole('button', { name: 'Request Appointment' });
  // At the top of the page, with every form still to fill, the action and the total are on screen.
  await expect(summaryTotal(page)).toHaveText(/^\$\d/);
  await expect(request).toBeInViewport();
  expect(await uncovered(request)).toBe(true);
  await expect(bar).toContainText(`Total ${await summaryTotal(page).textContent()}`);
  await expect(bar).toHaveCSS('position', 'fixed');
  // A control scrolled into view by focus stays clear of the bar, and the page ends above it.
  const memberships = page.getByRole('link', { name: 'Memberships & Packages' });
  await page.evaluate(() => window.scrollTo(0, 0));
  await memberships.focus();
  await expect(memberships).toBeInViewport();
  expect(await uncovered(memberships)).toBe(true);
  const footer = page.getByText('Powered by Atrium');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await uncovered(footer)).toBe(true);

  // On a wide screen the action is back in the summary, and the page has no room kept for a bar.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(bar).toHaveCSS('position', 'static');
  await expect(bar.getByText(/^Total /)).toBeHidden();
  expect(await page.evaluate(() => document.body.style.paddingBottom)).toBe('');
});
