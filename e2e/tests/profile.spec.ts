import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { addCard } from '../support/account';
import { freshStart, glow } from '../support/booking';
import {
  agreeToPolicy,
  answerGlowQuestions,
  confirmAtGlowClinic,
  expectBookingReceived,
  fillCard,
  fillGuestDetails,
  pickFirstTimeAndContinue,
  requestAppointment,
  weekdayWeeksAhead,
} from '../support/checkout';
import {
  codeIn,
  dialog,
  mailbox,
  nextMessage,
  signInButton,
  toast,
  typeCode,
  uniqueEmail,
} from '../support/identity';
import { hostUrl } from '../support/ports';

// The Empire State Building: the gazetteer's nearest ZIP code is 10118.
const empireState = { latitude: 40.7484, longitude: -73.9857 };
test.use({ geolocation: empireState, permissions: ['geolocation'] });

const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const region = (page: Page, name: string) => page.getByRole('region', { name });
const summaryRow = (page: Page, label: string) =>
  region(page, 'Personal Information')
    .locator('dt', { hasText: label })
    .locator('xpath=following-sibling::dd[1]');
const savedCard = (page: Page, lastFour: string) =>
  page.getByRole('list', { name: 'Saved cards' }).getByRole('listitem').filter({ hasText: lastFour });

/** What a marketplace does after checkout (operator actions): confirms, then completes, every appointment. */
async function completeAppointments(page: Page, request: APIRequestContext) {
  // The browser's session (page.request shares its cookies) lists the client's appointments.
  const listed = await page.request.post(`${hostUrl}/graphql`, {
    headers: { origin: hostUrl, 'content-type': 'application/json' },
    data: { query: 'query { profileAppointments(marketplaceId: "1") { id status } }' },
  });
  const { data } = (await listed.json()) as { data: { profileAppointments: { id: string }[] } };
  expect(data.profileAppointments.length).toBeGreaterThan(0);
  for (const { id } of data.profileAppointments) {
    for (const action of ['confirmAppointment', 'completeAppointment']) {
      const response = await request.post(`${hostUrl}/graphql`, {
        headers: {
          origin: hostUrl,
          'content-type': 'application/json',
          'x-operator-key': 'atrium-development-operator-key',
        },
        data: { query: `mutation ($id: ID!) { ${action}(id: $id) { __typename } }`, variables: { id } },
      });
      expect(((await response.json()) as { errors?: unknown }).errors).toBeUndefined();
    }
  }
}

const appointmentsIn = (section: Locator) => section.getByRole('listitem');

test('a new client manages profile, wallet and appointments on /profile', async ({ page, request }) => {
  // A whole guest checkout, the profile, the wallet, a completed visit booked again: a long journey.
  test.setTimeout(240_000);
  const email = uniqueEmail('paz');

  // A guest books (and is registered by checkout), then signs in from /success by emailed code.
  await freshStart(page, '/1/set-location');
  await confirmAtGlowClinic(page, 3);
  await fillGuestDetails(page, email);
  await answerGlowQuestions(page);
  await fillCard(page);
  await agreeToPolicy(page);
  await requestAppointment(page);
  await expectBookingReceived(page);
  const seen = (await mailbox(request, email)).length;
  await page
    .getByRole('button', { name: 'Verify your email to check the status of your appointment' })
    .click();
  const signIn = dialog(page, 'Sign in');
  await expect(signIn.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await signIn.getByRole('button', { name: 'Continue', exact: true }).click();
  await typeCode(page, codeIn(await nextMessage(request, email, seen)));
  await expect(toast(page, 'Login successful!')).toBeVisible();

  // /profile: the name, the badge, and the appointments tab that the booking chose.
  await expect(page).toHaveURL(/\/1\/profile$/);
  await expect(page).toHaveTitle(/My Profile/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Avery Guest' })).toBeVisible();
  await expect(page.getByText('No Active Membership', { exact: true })).toBeVisible();
  await expect(tab(page, 'Appointments')).toHaveAttribute('aria-selected', 'true');
  const upcoming = region(page, 'Upcoming');
  await expect(appointmentsIn(upcoming)).toHaveCount(1);
  await expect(upcoming.getByText('Pending', { exact: true })).toBeVisible();
  await expect(upcoming).toContainText(glow.b12.name);
  await expect(upcoming).toContainText(glow.manhattan.name);
  await expect(upcoming.getByRole('link', { name: 'Call to Update' })).toHaveAttribute(
    'href',
    /^tel:\+1\d{10}$/,
  );
  await expect(region(page, 'Past').getByText('No past appointments.')).toBeVisible();

  // Profile tab: checkout asked no address; it is filled from the current location.
  await tab(page, 'Profile').click();
  await expect(summaryRow(page, 'Address')).toHaveText('Not provided');
  await expect(summaryRow(page, 'Name')).toHaveText('Avery Guest');
  await expect(summaryRow(page, 'Email')).toHaveText(email);
  await expect(summaryRow(page, 'Phone')).toHaveText('(212) 555-0148');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const form = page.getByRole('form', { name: 'Edit Profile' });
  // The phone shows and formats nationally as typed, as in the registration dialog.
  const phone = form.getByRole('textbox', { name: 'Phone Number' });
  await expect(phone).toHaveValue('(212) 555-0148');
  await phone.fill('');
  await phone.pressSequentially('2125550148');
  await expect(phone).toHaveValue('(212) 555-0148');
  await expect(form.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly', '');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Address is required')).toBeVisible();
  await form.getByRole('button', { name: 'Autofill Address' }).click();
  const autofill = dialog(page, 'Auto Fill Address');
  const search = autofill.getByPlaceholder('Search for a place');
  await expect(search).toBeVisible();
  // The suggestions open in the flow under the search: 'Use current location' stays uncovered, and
  // a click on it while they are open lands (the list closes only after it).
  const useLocation = autofill.getByRole('button', { name: 'Use current location' });
  await search.fill('350 5th Ave, New York');
  const suggestions = autofill.getByRole('listbox', { name: 'Place' });
  await expect(suggestions.getByRole('option').first()).toBeVisible();
  const [list, button] = [await suggestions.boundingBox(), await useLocation.boundingBox()];
  expect(button && list && button.y + button.height <= list.y).toBe(true);
  // The gazetteer knows the point's city and ZIP code only: the client is told, and adds the street.
  await useLocation.click();
  await expect(suggestions).toBeHidden();
  await expect(autofill.getByText('New York, NY 10118')).toBeVisible();
  await expect(
    autofill.getByText(
      'We found your city and ZIP code but not your street. Add your street address to complete it.',
    ),
  ).toBeVisible();
  const select = autofill.getByRole('button', { name: 'Select Address' });
  await expect(select).toBeDisabled();
  await autofill.getByRole('textbox', { name: 'Street address' }).fill('350 5th Ave');
  await page.screenshot({ path: test.info().outputPath('profile-autofill.png') });
  await select.click();
  await expect(toast(page, 'Location autofilled successfully')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Address' })).toHaveValue('350 5th Ave, New York, NY 10118');
  // The birth date is typed the common US way (M/D/YYYY), as in checkout and registration.
  const dob = form.getByRole('textbox', { name: 'Date of Birth' });
  await dob.fill('');
  await dob.pressSequentially('4/2/1990');
  await expect(dob).toHaveValue('4/2/1990');
  // An emptied field keeps the existing value.
  await form.getByRole('textbox', { name: 'First Name' }).fill('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();
  await expect(summaryRow(page, 'Address')).toHaveText('350 5th Ave, New York, NY 10118');
  await expect(summaryRow(page, 'Name')).toHaveText('Avery Guest');
  await expect(summaryRow(page, 'Birthdate')).toHaveText('April 2, 1990');

  // Wallet: two sandbox cards added, the second made the default, the first deleted.
  await tab(page, 'Wallet').click();
  await addCard(page, '4242 4242 4242 4242');
  await addCard(page, '5555 5555 5555 4444');
  await expect(savedCard(page, '4444')).toContainText('Mastercard');
  await page.getByRole('button', { name: 'Set as default: Mastercard ending in 4444' }).click();
  await expect(toast(page, 'Card set as default successfully')).toBeVisible();
  await expect(savedCard(page, '4444').getByText('Default', { exact: true })).toBeVisible();
  const visas = page.getByRole('button', { name: 'Delete Visa ending in 4242' });
  const visaCount = await visas.count();
  await visas.first().click();
  const confirmDelete = dialog(page, 'Delete card');
  await confirmDelete.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, 'Card deleted successfully')).toBeVisible();
  await expect(visas).toHaveCount(visaCount - 1);
  await page.screenshot({ path: test.info().outputPath('profile-wallet.png'), fullPage: true });
  await tab(page, 'Profile').click();
  await expect(region(page, 'Payment Method')).toContainText('Mastercard ending in 4444');

  // The marketplace completes the visit: it moves to Past, where it can be booked again.
  await completeAppointments(page, request);
  await page.reload();
  await tab(page, 'Appointments').click();
  const past = region(page, 'Past');
  await expect(appointmentsIn(past)).toHaveCount(1);
  await expect(past.getByText('Complete', { exact: true })).toBeVisible();
  await expect(past.getByRole('link', { name: 'Call to Update' })).toHaveCount(0);
  await expect(region(page, 'Upcoming').getByText('No upcoming appointments.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('profile-appointments-past.png'), fullPage: true });
  await past.getByRole('button', { name: 'Book Again' }).click();

  // Book Again: same clinic and service, straight to the calendar; checkout pays with the default card.
  await expect(page).toHaveURL(/\/1\/schedule$/);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await pickFirstTimeAndContinue(page, weekdayWeeksAhead(4));
  await expect(page.getByRole('radio', { name: /^Mastercard ending in 4444/ })).toBeChecked();
  await answerGlowQuestions(page);
  await agreeToPolicy(page);
  await requestAppointment(page);
  await expect(page.getByText('Your booking request has been received!')).toBeVisible();
  await page.getByRole('link', { name: 'View Appointment Status' }).click();
  await expect(tab(page, 'Appointments')).toHaveAttribute('aria-selected', 'true');
  await expect(appointmentsIn(region(page, 'Upcoming'))).toHaveCount(1);
  await expect(appointmentsIn(region(page, 'Past'))).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('profile-appointments.png'), fullPage: true });

  // Logout: toast, local data cleared, back to the marketplace.
  await tab(page, 'Profile').click();
  await page.screenshot({ path: test.info().outputPath('profile.png'), fullPage: true });
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged out successfully')).toBeVisible();
  await expect(page).not.toHaveURL(/\/profile$/);
  await expect(signInButton(page)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});

test('a signed-out visitor of /profile is asked to sign in', async ({ page }) => {
  await freshStart(page, '/1/profile');
  // The dialog is modal: the page behind it is read once it is closed.
  await expect(dialog(page, 'Sign in')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page, 'Sign in')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByText('Sign in to see your profile, saved cards and appointments.')).toBeVisible();
});
