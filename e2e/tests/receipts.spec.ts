import { expect, type Page, test } from '@playwright/test';
import { axeReport } from '../support/axe';
import { freshStart } from '../support/booking';
import {
  agreeToPolicy,
  answerGlowQuestions,
  confirmAtGlowClinic,
  fillCard,
  requestAppointment,
} from '../support/checkout';
import { mailWithSubject } from '../support/console';
import { registerWithPassword, signInWithPasscode, uniqueEmail, uniquePhone } from '../support/identity';
import { dollars } from '../support/money';
import { graphql, staffSession } from '../support/staff-api';

// This file books in week 12 (the mobile project in week 24), which no other spec books in: two specs
// run at once, and two bookings taking the same day's first free time would race for it.
const week = 12;

/** Cents as the app writes them: 700 -> '$7.00'. */

/** The signed-in client books Glow's B12 shot at its Manhattan clinic; returns the request's id. */
async function clientBooksAtGlow(page: Page): Promise<string> {
  await confirmAtGlowClinic(page, week);
  await answerGlowQuestions(page);
  await fillCard(page);
  await agreeToPolicy(page);
  const submitted = page.waitForResponse((response) =>
    Boolean(response.request().postData()?.includes('createAppointmentRequest')),
  );
  await requestAppointment(page);
  const { data } = (await (await submitted).json()) as { data: { createAppointmentRequest: { id: string } } };
  await expect(page).toHaveURL(/\/success$/);
  return data.createAppointmentRequest.id;
}

/** Glow's front desk (through the API) confirms it, charging the deposit; returns the cents charged. */
async function deskConfirms(id: string): Promise<number> {
  const desk = await staffSession('1', 'frontdesk@glow.example');
  try {
    const { staffConfirmAppointment } = await graphql<{
      staffConfirmAppointment: { status: string; charged: number };
    }>(
      desk,
      'mutation ($m: ID!, $id: ID!) { staffConfirmAppointment(marketplaceId: $m, id: $id) { status charged } }',
      { m: '1', id },
    );
    expect(staffConfirmAppointment.status).toBe('BOOKED');
    return staffConfirmAppointment.charged;
  } finally {
    await desk.dispose();
  }
}

test('a deposit charged on confirmation is followed by its receipt mail, and /profile lists the payment', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('rory.receipts');
  await registerWithPassword(request, {
    email,
    password: `Quartz-Meadow-Lantern-${Math.floor(Math.random() * 90) + 10}`,
    marketplaceId: '1',
    profile: { givenName: 'Rory', familyName: 'Receipts', phone: uniquePhone(), dob: '1990-04-12' },
  });
  await freshStart(page, '/1/services');
  await signInWithPasscode(page, request, email);
  const id = await clientBooksAtGlow(page);

  // Glow takes a 20 % deposit of the $35.00 shot when the front desk confirms.
  const charged = await deskConfirms(id);
  expect(charged).toBe(700);
  const amount = dollars(charged);

  // The receipt: the amount, the card's brand and last four, what it paid for, the marketplace.
  const receipt = await mailWithSubject(
    request,
    email,
    `Glow Mobile IV: receipt for your payment of ${amount}`,
  );
  const lines = receipt.split('\n');
  expect(lines).toContain(`Amount: ${amount}`);
  expect(lines).toContain('Card: Visa ending in 4242');
  expect(lines.find((line) => line.startsWith('For: '))).toMatch(/^For: Deposit for B12 Energy Shot on /);
  expect(lines).toContain('Paid to: Glow Mobile IV');
  // The confirmation says what was charged too.
  const confirmed = await mailWithSubject(request, email, 'Glow Mobile IV: your appointment is confirmed');
  expect(confirmed).toContain(
    `We charged ${amount} to your Visa ending in 4242; your receipt follows in a separate email.`,
  );

  // /profile, Wallet: the payment history lists it.
  await page.goto('/1/profile');
  await page.getByRole('tab', { name: 'Wallet' }).click();
  const history = page.getByRole('region', { name: 'Payment history' });
  const payments = history.getByRole('list', { name: 'Payment history' }).getByRole('listitem');
  await expect(payments).toHaveCount(1);
  await expect(payments.first()).toContainText(`Payment of ${amount}`);
  await expect(payments.first()).toContainText(/Deposit for B12 Energy Shot on /);
  await expect(payments.first()).toContainText('Visa ending in 4242');
  await expect(payments.first().getByText('Paid', { exact: true })).toBeVisible();

  const axe = axeReport(page);
  await axe.scan('payment history');
  await page.screenshot({ path: test.info().outputPath('payment-history.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(axe.found).toEqual([]);
});
