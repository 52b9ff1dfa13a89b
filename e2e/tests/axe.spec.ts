import { expect, type Page, test } from '@playwright/test';
import { completeConfirmInformation } from '../support/account';
import { axeReport } from '../support/axe';
import { cartButton } from '../support/booking';
import {
  agreeToPolicy,
  answerGlowQuestions,
  confirmAtGlowClinic,
  expectBookingReceived,
  fillCard,
  fillGuestDetails,
  requestAppointment,
} from '../support/checkout';
import {
  codeIn,
  dialog,
  mailbox,
  nextMessage,
  providerLogin,
  signInButton,
  typeCode,
  uniqueEmail,
} from '../support/identity';
import {
  type DemoMarketplace,
  demoMarketplaces,
  startMarketplace,
  storeBooking,
} from '../support/marketplaces';

/**
 * Axe-core finds no critical or serious violation on any route or open dialog, on every
 * demo marketplace, on a phone and on a desktop, forms included while they show their errors.
 * The viewports are set here, so this spec runs in the desktop project only.
 */
const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

type Marketplace = DemoMarketplace;

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Every page and dialog a guest reaches, with the forms' errors shown. */
async function scanAsGuest(page: Page, marketplace: Marketplace, scan: (where: string) => Promise<void>) {
  const at = (path: string) => `/${marketplace.id}/${path}`;

  await page.goto(at('set-location'));
  await expect(heading(page, 'Choose Location').or(heading(page, 'Select a Service'))).toBeVisible();
  await scan(page.url());
  const address = page.getByRole('combobox', { name: 'Service address' });
  if (await address.isVisible()) {
    await address.fill('350 5th');
    await expect(page.getByRole('option').first()).toBeVisible();
    await scan(`${at('set-location')} with address suggestions`);
  }

  await storeBooking(page, marketplace);
  await page.goto(at('services'));
  await expect(heading(page, 'Select a Service')).toBeVisible();
  await scan(at('services'));
  await page.goto(`${at('services')}?procedure=${marketplace.procedureId}`);
  await expect(page.getByRole('dialog')).toBeVisible();
  await scan(`${at('services')} service dialog`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await cartButton(page).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await scan(`${at('services')} cart`);
  await page.keyboard.press('Escape');

  await page.goto(at('schedule'));
  await expect(heading(page, 'Choose Date & Time')).toBeVisible();
  await scan(at('schedule'));
  const join = page
    .getByRole('region', { name: 'Waitlist' })
    .getByRole('button', { name: 'Join our Waitlist' });
  if (await join.isVisible()) {
    await join.click();
    const availability = dialog(page, 'Your Availability');
    await availability.getByRole('button', { name: 'Set Availability' }).click();
    await expect(availability.getByRole('alert')).toBeVisible();
    await scan(`${at('schedule')} waitlist dialog with its error`);
    await page.keyboard.press('Escape');
  }

  await page.goto(at('confirm'));
  await expect(heading(page, 'Review & Confirm')).toBeVisible();
  await scan(at('confirm'));
  await page.getByRole('button', { name: 'Request Appointment' }).click();
  await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveAttribute('aria-invalid', 'true');
  await scan(`${at('confirm')} with its errors`);

  for (const [path, title] of [
    ['success', 'Booking Received'],
    ['memberships', 'Memberships & Packages'],
    ['payment/authenticate', 'Authenticate Payment'],
    ['no-such-page', 'Rut row, 404'],
  ] as const) {
    await page.goto(at(path));
    await expect(heading(page, title)).toBeVisible();
    await scan(at(path));
  }

  // /profile asks a guest to sign in; the sign-in dialogs, empty and with their errors.
  await page.goto(at('profile'));
  const signIn = dialog(page, 'Sign in');
  await expect(signIn).toBeVisible();
  await scan(`${at('profile')} sign-in dialog`);
  await signIn.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(signIn.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
  await scan(`${at('profile')} sign-in dialog with its error`);
  await signIn.getByRole('textbox', { name: 'Email' }).fill('someone@example.com');
  await signIn.getByRole('button', { name: 'Sign in with a password' }).click();
  const password = dialog(page, 'Sign in with your password');
  await password.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(password.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await scan(`${at('profile')} password dialog with its error`);
  await page.keyboard.press('Escape');
}

/** A new client's pages: registration, the profile's tabs, its forms with their errors, the wallet. */
async function scanAsClient(page: Page, marketplace: Marketplace, scan: (where: string) => Promise<void>) {
  const at = (path: string) => `/${marketplace.id}/${path}`;
  await startMarketplace(page, marketplace.id);
  await signInButton(page).click();
  await dialog(page, 'Sign in').getByRole('button', { name: 'Continue with Google' }).click();
  const email = uniqueEmail('axe');
  await providerLogin(page, email);
  const confirm = dialog(page, 'Confirm Information');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Register' }).click();
  await expect(confirm.getByLabel('Phone Number')).toHaveAttribute('aria-invalid', 'true');
  await scan(`${at('')} Confirm Information with its errors`);
  await completeConfirmInformation(page, email);
  await page.goto(at('profile'));
  await expect(heading(page, 'My Profile')).toBeVisible();
  for (const name of ['Appointments', 'Profile', 'Wallet']) {
    const tab = page.getByRole('tab', { name });
    if (!(await tab.isVisible())) continue;
    await tab.click();
    await scan(`${at('profile')} ${name} tab`);
  }
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page.getByRole('region', { name: 'Personal Information' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByRole('form', { name: 'Edit Profile' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Edit Profile' });
  // An empty field keeps its value; an impossible date is an error.
  const birthDate = form.getByRole('textbox', { name: 'Date of Birth' });
  await birthDate.fill('02/30/1990');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(birthDate).toHaveAttribute('aria-invalid', 'true');
  await scan(`${at('profile')} Edit Profile with its errors`);
  await form.getByRole('button', { name: 'Autofill Address' }).click();
  await expect(dialog(page, 'Auto Fill Address')).toBeVisible();
  await scan(`${at('profile')} Auto Fill Address`);
  // A search that finds nothing says so without an empty listbox.
  await dialog(page, 'Auto Fill Address').getByRole('combobox').fill('Zzqxv');
  await expect(dialog(page, 'Auto Fill Address').getByText('No matching places')).toBeVisible();
  await scan(`${at('profile')} Auto Fill Address, nothing found`);
  await page.keyboard.press('Escape');

  const wallet = page.getByRole('tab', { name: 'Wallet' });
  if (await wallet.isVisible()) {
    await wallet.click();
    await page.getByRole('button', { name: 'Add Card' }).click();
    const add = dialog(page, 'Add Card');
    const cardNumber = add.getByRole('textbox', { name: 'Card number' });
    // The card form loads on its own; a Save before it has mounted only says it is not ready yet.
    await expect(cardNumber).toBeEditable();
    await add.getByRole('button', { name: 'Save Card' }).click();
    await expect(cardNumber).toHaveAttribute('aria-invalid', 'true');
    await scan(`${at('profile')} Add Card with its errors`);
    await page.keyboard.press('Escape');
  }

  await page.goto(at('memberships'));
  await expect(heading(page, 'Memberships & Packages')).toBeVisible();
  await scan(`${at('memberships')} signed in`);
}

for (const viewport of viewports) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const marketplace of demoMarketplaces) {
      test(`${marketplace.name}: every guest page and dialog has no critical or serious violation`, async ({
        page,
      }) => {
        test.setTimeout(180_000);
        const report = axeReport(page);
        await scanAsGuest(page, marketplace, report.scan);
        expect(report.found).toEqual([]);
      });

      test(`${marketplace.name}: every signed-in page and dialog has no critical or serious violation`, async ({
        page,
      }) => {
        test.setTimeout(180_000);
        const report = axeReport(page);
        await scanAsClient(page, marketplace, report.scan);
        expect(report.found).toEqual([]);
      });
    }

    test('a booking through to the signed-in profile (Glow)', async ({ page, request }) => {
      test.setTimeout(180_000);
      const report = axeReport(page);
      const email = uniqueEmail('axe');
      await confirmAtGlowClinic(page, 8);
      await fillGuestDetails(page, email);
      await answerGlowQuestions(page);
      await fillCard(page);
      await agreeToPolicy(page);
      await requestAppointment(page);
      await expectBookingReceived(page);
      await report.scan('/1/success after a booking');
      const seen = (await mailbox(request, email)).length;
      await page
        .getByRole('button', { name: 'Verify your email to check the status of your appointment' })
        .click();
      await dialog(page, 'Sign in').getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(dialog(page, 'Check your email')).toBeVisible();
      await report.scan('/1/success passcode dialog');
      await typeCode(page, codeIn(await nextMessage(request, email, seen)));
      await expect(page).toHaveURL(/\/1\/profile$/);
      await expect(
        page.getByRole('region', { name: 'Upcoming' }).getByRole('listitem').first(),
      ).toBeVisible();
      await report.scan('/1/profile with an upcoming appointment');
      expect(report.found).toEqual([]);
    });
  });
}

test('the pages outside a marketplace have no critical or serious violation', async ({ page }) => {
  const report = axeReport(page);
  for (const [path, title] of [
    ['/11', 'Marketplace not found'],
    ['/no-such-page', 'Rut row, 404'],
    ['/reset-password', null],
    ['/confirm-email', null],
  ] as const) {
    await page.goto(path);
    if (title) await expect(heading(page, title)).toBeVisible();
    else await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await report.scan(path);
  }
  expect(report.found).toEqual([]);
});
