import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { registerThroughGoogle, submitNewCard } from '../support/account';
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
import { dialog, mailbox, profileButton, toast, uniqueEmail } from '../support/identity';
import { hostUrl } from '../support/ports';

/** Stripe's 3-D Secure test cards: the bank asks when the card is saved; and on every charge too. */
// This file books in week 10, which no other spec books in: two specs run at once, and two bookings
// taking the same day's first free time would race for it.
const threeDSecureCard = '4000 0025 0000 3155';
const alwaysAuthenticateCard = '4000 0027 6000 3184';
const authenticationFailed =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** The sandbox bank's challenge, as the client sees it. */
async function expectChallenge(page: Page) {
  const challenge = dialog(page, '3D Secure authentication');
  await expect(challenge).toBeVisible();
  // A step that needs an answer: an alertdialog on a phone's drawer as on a desktop's modal.
  await expect(page.getByRole('alertdialog', { name: '3D Secure authentication' })).toBeVisible();
  await expect(challenge).toContainText("This is the sandbox bank's 3D Secure page");
  await expect(challenge.getByRole('button', { name: 'Complete authentication' })).toBeVisible();
  await expect(challenge.getByRole('button', { name: 'Fail authentication' })).toBeVisible();
  return challenge;
}

/** The marketplace confirms the appointment (operator action), as it would from its own tools. */
async function confirmAppointment(request: APIRequestContext, id: string) {
  const response = await request.post(`${hostUrl}/graphql`, {
    headers: {
      origin: hostUrl,
      'content-type': 'application/json',
      'x-operator-key': 'atrium-development-operator-key',
    },
    data: {
      query: 'mutation ($id: ID!) { confirmAppointment(id: $id) { status failureReason } }',
      variables: { id },
    },
  });
  return (
    (await response.json()) as { data: { confirmAppointment: { status: string; failureReason: string } } }
  ).data.confirmAppointment;
}

test.describe('3-D Secure at checkout', () => {
  test.beforeEach(async ({ page }) => {
    await freshStart(page, '/1/set-location');
  });

  test('a card whose bank asks for authentication books after the client completes it', async ({ page }) => {
    await confirmAtGlowClinic(page, 10);
    await fillGuestDetails(page);
    await answerGlowQuestions(page);
    await fillCard(page, threeDSecureCard);
    await agreeToPolicy(page);
    await requestAppointment(page);

    const challenge = await expectChallenge(page);
    await challenge.getByRole('button', { name: 'Complete authentication' }).click();
    // The toast hides itself after 4 s, so it is looked for first, while the success page loads.
    await expect(page.getByText('Appointment created successfully')).toBeVisible();
    await expectBookingReceived(page);
  });

  test('a failed authentication is refused with everything kept, and another card then books', async ({
    page,
  }) => {
    await confirmAtGlowClinic(page, 10);
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

  const add = await submitNewCard(page, threeDSecureCard);

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

test('a charge the bank holds at confirmation: the client authenticates it from the emailed link, and it is booked', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await freshStart(page, '/1/set-location');
  await confirmAtGlowClinic(page, 10);
  const email = await fillGuestDetails(page);
  await answerGlowQuestions(page);
  await fillCard(page, alwaysAuthenticateCard);
  await agreeToPolicy(page);
  const booked = page.waitForResponse(
    async (response) =>
      response.url().endsWith('/graphql') &&
      ((await response.text()).includes('"createAppointmentRequest":{') ?? false),
  );
  await requestAppointment(page);
  await (await expectChallenge(page)).getByRole('button', { name: 'Complete authentication' }).click();
  const { data } = (await (await booked).json()) as { data: { createAppointmentRequest: { id: string } } };
  await expectBookingReceived(page);

  expect(await confirmAppointment(request, data.createAppointmentRequest.id)).toEqual({
    status: 'PENDING',
    failureReason: "The client's bank asks them to authenticate this payment; we emailed them a link.",
  });
  const [mail] = (await mailbox(request, email)).filter((message) =>
    message.subject?.endsWith('please authenticate your payment'),
  );
  const link = mail?.links.find((href) => href.includes('/payment/authenticate?token='));
  expect(link).toBeDefined();

  await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
  await expect(page.getByRole('heading', { level: 1, name: 'Authenticate Payment' })).toBeVisible();
  await expect(page.getByText(/Your bank asks you to authenticate the payment of \$\d+\.\d\d/)).toBeVisible();
  await page.getByRole('button', { name: 'Authenticate payment' }).click();
  await (await expectChallenge(page)).getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByText('Payment authenticated. Your appointment is booked.')).toBeVisible();
  await expect
    .poll(
      async () =>
        (await mailbox(request, email)).filter((m) => m.subject?.endsWith('your appointment is confirmed'))
          .length,
    )
    .toBe(1);
});
