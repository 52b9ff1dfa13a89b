import { expect, type Page, test } from '@playwright/test';
import { addCard, registerThroughGoogle } from '../support/account';
import { chooseClinic, freshStart, glow, solace } from '../support/booking';
import { cards, pickFirstTimeAndContinue, weekdayWeeksAhead } from '../support/checkout';
import { dialog, profileButton, toast, uniqueEmail } from '../support/identity';

const region = (page: Page, name: string) => page.getByRole('region', { name });
const tab = (page: Page, name: string) => page.getByRole('tab', { name });
/** A membership or package card, named by its heading. */
const plan = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });
const balanceBadge = (page: Page) => page.getByTestId('membership-balance');
// Dates read 'July 1, 2030', as on the profile.
const longDate = String.raw`[A-Z][a-z]+ \d{1,2}, \d{4}`;

// The demo seed (packages/api/src/db/demo/seed-memberships.ts): Glow's monthly membership and a
// package sold on its own.
const glowClub = { name: 'Glow Club', price: '$99.00 / month' };
const b12Pack = { name: 'B12 Energy 5-Pack', price: '$125.00', points: 5 };

/** Adds a service from its category on /services (its add-on dialog, if any, adds it as it is). */
async function addService(page: Page, category: string, service: string) {
  // Once the list is there: a folded category is unfolded (an open one is left open).
  // Its name is the category's followed by its description.
  const folder = page.getByRole('button', { name: new RegExp(`^${category} `) });
  await expect(folder).toBeVisible();
  if ((await folder.getAttribute('aria-expanded')) !== 'true') await folder.click();
  await expect(folder).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: `Add ${service}` }).click();
  const addFromDialog = page.getByRole('dialog').getByRole('button', { name: /^Add Service/ });
  const inCart = page.getByRole('button', { name: `Remove ${service}` });
  await expect(addFromDialog.or(inCart).first()).toBeVisible();
  if (await addFromDialog.isVisible()) await addFromDialog.click();
  await expect(inCart).toBeVisible();
}

test('a client buys, cancels and renews a membership and buys a package on /memberships', async ({
  page,
}) => {
  // Registration, a card, three membership changes and a package: a long journey.
  test.setTimeout(120_000);
  await freshStart(page, `/${glow.id}/services`);
  await registerThroughGoogle(page, uniqueEmail('mila.member'));

  // From the profile's membership info, with a back button to it.
  await profileButton(page).click();
  await expect(page).toHaveURL(/\/1\/profile$/);
  const membershipInfo = region(page, 'Membership');
  await expect(membershipInfo).toContainText('No Active Membership');
  await membershipInfo.getByRole('link', { name: 'Memberships & Packages' }).click();
  await expect(page).toHaveURL(/\/1\/memberships\?q=memberships&prev=profile$/);
  await expect(page).toHaveTitle(/Memberships & Packages/);
  await expect(page.getByRole('heading', { level: 1, name: 'Memberships & Packages' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to profile' })).toBeVisible();
  await expect(tab(page, 'Memberships')).toHaveAttribute('aria-selected', 'true');
  await expect(balanceBadge(page)).toHaveText('No Active Membership');
  const club = plan(page, glowClub.name);
  await expect(club).toContainText(glowClub.price);
  await expect(
    club.getByRole('list', { name: `${glowClub.name} benefits` }).getByRole('listitem'),
  ).not.toHaveCount(0);

  // No saved card yet: the purchase is refused, and the wallet is one link away.
  await club.getByRole('button', { name: `Purchase ${glowClub.name}`, exact: true }).click();
  await expect(toast(page, 'Please add a payment method to purchase a package')).toBeVisible();
  await region(page, 'Payment method needed')
    .getByRole('link', { name: 'Add a card in your wallet' })
    .click();
  await expect(page).toHaveURL(/\/1\/profile$/);
  await expect(tab(page, 'Wallet')).toHaveAttribute('aria-selected', 'true');
  await addCard(page, cards.succeeds);
  await tab(page, 'Profile').click();
  await region(page, 'Membership').getByRole('link', { name: 'Memberships & Packages' }).click();
  await expect(region(page, 'Payment method needed')).toHaveCount(0);

  // Buy: the first card is the primary one and pays.
  await club.getByRole('button', { name: `Purchase ${glowClub.name}`, exact: true }).click();
  await expect(toast(page, 'Membership purchased successfully')).toBeVisible();
  await expect(club).toContainText(new RegExp(`Renews ${longDate}`));
  await expect(balanceBadge(page)).toHaveText(/^\d{1,3}% remaining$/);
  await page.screenshot({ path: test.info().outputPath('memberships-active.png'), fullPage: true });

  // Cancel, after confirming: benefits stay until the renewal date.
  await club.getByRole('button', { name: `Cancel ${glowClub.name}` }).click();
  await dialog(page, 'Cancel membership').getByRole('button', { name: 'Cancel membership' }).click();
  await expect(toast(page, 'Membership cancelled successfully')).toBeVisible();
  await expect(club).toContainText(new RegExp(`Good until ${longDate}`));
  await expect(balanceBadge(page)).toHaveText('No Active Membership');

  // Renew.
  await club.getByRole('button', { name: `Renew ${glowClub.name}` }).click();
  await expect(toast(page, 'Membership renewed successfully')).toBeVisible();
  await expect(club).toContainText(new RegExp(`Renews ${longDate}`));
  await expect(balanceBadge(page)).toHaveText(/^\d{1,3}% remaining$/);

  // Packages: the tab is chosen by q; a package bought shows its points.
  await tab(page, 'Packages').click();
  await expect(page).toHaveURL(/[?&]q=packages/);
  await expect(page).toHaveURL(/[?&]prev=profile/);
  const pack = plan(page, b12Pack.name);
  await expect(pack).toContainText(b12Pack.price);
  await expect(pack.getByRole('list', { name: `${b12Pack.name} points` })).toContainText(
    `${b12Pack.points} points`,
  );
  await pack.getByRole('button', { name: `Purchase ${b12Pack.name}`, exact: true }).click();
  await expect(toast(page, 'Package purchased successfully')).toBeVisible();
  await expect(region(page, `Your ${b12Pack.name} points`)).toContainText(
    `${b12Pack.points} of ${b12Pack.points} points left`,
  );
  await expect(page.getByText(/^Points balance: \d+ of \d+ points left$/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('memberships-packages.png'), fullPage: true });

  // Back to the profile: the badge and the membership info follow.
  await page.getByRole('link', { name: 'Back to profile' }).click();
  await expect(page).toHaveURL(/\/1\/profile$/);
  await expect(page.getByText('Active Member', { exact: true })).toBeVisible();
  await expect(region(page, 'Membership')).toContainText(glowClub.name);
  await expect(region(page, 'Membership')).toContainText(new RegExp(`Renews ${longDate}`));

  // At checkout the membership's discount and the package's points come off the total. Without a
  // location, the profile's address becomes it first; the client then picks a clinic.
  await page.goto(`/${glow.id}/set-location`);
  await expect(page).toHaveURL(/\/1\/services$/);
  await expect(page.getByLabel('Your location')).toContainText('My Location');
  await chooseClinic(page, glow.id, glow.manhattan.name);
  // The membership's one IV point covers one drip, its 15% comes off the other; the pack's points
  // cover the shot.
  await addService(page, 'IV Therapy', glow.hydration.name);
  await addService(page, 'IV Therapy', glow.myers.name);
  await addService(page, 'Vitamin Injections', glow.b12.name);
  await page.getByRole('button', { name: 'Continue', disabled: false }).click();
  await pickFirstTimeAndContinue(page, weekdayWeeksAhead(2));
  const summary = page.getByLabel('Checkout summary');
  await expect(summary.getByText('Membership discount')).toBeVisible();
  await expect(summary.getByText('Package credit')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('memberships-checkout.png'), fullPage: true });
  await page.getByRole('link', { name: 'Memberships & Packages' }).click();
  await expect(page).toHaveURL(/\/1\/memberships\?q=memberships$/);
  await page.getByRole('link', { name: 'Back to checkout' }).click();
  await expect(page).toHaveURL(/\/1\/confirm$/);
});

test('a marketplace without memberships or packages says so, with a way back to checkout', async ({
  page,
}) => {
  await freshStart(page, `/${solace.id}/memberships`);
  await expect(page.getByRole('heading', { level: 1, name: 'Memberships & Packages' })).toBeVisible();
  await expect(page.getByText('No memberships available', { exact: true })).toBeVisible();
  // Signed out: the list stays in view, with a sign-in prompt that opens the dialog.
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog(page, 'Sign in')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page, 'Sign in')).toBeHidden();
  await expect(page.getByRole('link', { name: 'Back to checkout' })).toHaveAttribute('href', '/3/resume');

  await page.goto(`/${solace.id}/memberships?q=packages`);
  await expect(tab(page, 'Packages')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No memberships available', { exact: true })).toBeVisible();
});
