import { expect, type Page, test } from '@playwright/test';
import { registerThroughGoogle } from '../support/account';
import { freshStart, glow } from '../support/booking';
import {
  agreeToPolicy,
  answerGlowQuestions,
  cards,
  confirmAtGlowClinic,
  expectBookingReceived,
  fillCard,
  fillGuestDetails,
  requestAppointment,
} from '../support/checkout';
import { dialog, profileButton, toast, uniqueEmail } from '../support/identity';

/** Stripe's 3-D Secure test card: its bank asks for authentication when it is saved. */
const threeDSecureCard = '4000 0025 0000 3155';
const authenticationFailed =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** The sandbox bank's challenge, as the client sees it. */
async function expectChallenge(page: Page) {
  const challenge = dialog(page, '3D Secure authentication');
  await expect(challenge).toBeVisible();
  await expect(challenge).toContainText("This is the sandbox bank's 3D Secure page");
  await expect(challenge.getByRole('button', { name: 'Complete authentication' })).toBeVisible();
  await expect(challenge.getByRole('button', { name: 'Fail authentication' })).toBeVisible();
  return challenge;
}

test.describe('3-D Secure at checkout', () => {
  test.beforeEach(async ({ page }) => {
    await freshStart(page, '/1/set-location');
  });

  test('a card whose bank asks for authentication books after the client completes it', async ({ page }) => {
    await confirmAtGlowClinic(page, 5);
    await fillGuestDetails(page);
    await answerGlowQuestions(page);
    await fillCard(page, threeDSecureCard);
    await agreeToPolicy(page);
    await requestAppointment(page);

    const challenge = await expectChallenge(page);
    await challenge.getByRole('button', { name: 'Complete authentication' }).click();
    await expectBookingReceived(page);
    await expect(page.getByText('Appointment created successfully')).toBeVisible();
  });

  test('a failed authentication is refused with everything kept, and another card then books', async ({
    page,
  }) => {
    await confirmAtGlowClinic(page, 6);
    const email = await fillGuestDetails(page);
    await answerGlowQuestions(page);
    await fillCard(page, threeDSecureCard);
    await agreeToPolicy(page);
    await requestAppointment(page);

    const challenge = await expectChallenge(page);
    await challenge.getByRole('button', { name: 'Fail authentication' }).click();
    await expect(challenge).toBeHidden();
    await expect(page.getByText(authenticationFailed)).toBeVisible();
    await expect(page).toHaveURL(/\/1\/confirm$/);
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveValue(threeDSecureCard);

    await page.getByRole('textbox', { name: 'Card number' }).fill(cards.succeeds);
    await requestAppointment(page);
    await expectBookingReceived(page);
  });
});

test("3-D Secure in the wallet's Add Card: refused after a failed authentication, saved after a completed one", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await freshStart(page, `/${glow.id}/services`);
  await registerThroughGoogle(page, uniqueEmail('tara.threeds'));
  await profileButton(page).click();
  await expect(page).toHaveURL(/\/1\/profile$/);
  await page.getByRole('tab', { name: 'Wallet' }).click();

  await page.getByRole('button', { name: 'Add Card' }).click();
  const add = dialog(page, 'Add Card');
  await add.getByRole('textbox', { name: 'Card number' }).fill(threeDSecureCard);
  await add.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('11/31');
  await add.getByRole('textbox', { name: 'CVC' }).fill('321');
  await add.getByRole('textbox', { name: 'Address' }).fill('350 5th Ave');
  await add.getByRole('textbox', { name: 'City' }).fill('New York');
  await add.getByRole('textbox', { name: 'State' }).fill('NY');
  await add.getByRole('textbox', { name: 'ZIP code' }).fill('10118');
  await add.getByRole('button', { name: 'Save Card' }).click();

  let challenge = await expectChallenge(page);
  await challenge.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(add.getByText(authenticationFailed)).toBeVisible();
  await expect(add.getByRole('textbox', { name: 'Card number' })).toHaveValue(threeDSecureCard);

  await add.getByRole('button', { name: 'Save Card' }).click();
  challenge = await expectChallenge(page);
  await challenge.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(toast(page, 'Card added successfully').first()).toBeVisible();
  await expect(add).toBeHidden();
  await expect(
    page.getByRole('list', { name: 'Saved cards' }).getByRole('listitem').filter({ hasText: '3155' }),
  ).toHaveCount(1);
});
