// The front desk's day where money and time move: a confirmed deposit refunded on cancel (the
// client's mail states it), a refused charge fixed by the client through the mailed link and then
// confirmed, and a booked appointment moved (the client mailed the new time and invitation).
import { expect, type Page, test } from '@playwright/test';
import { axeReport } from '../support/axe';
import { cards, fillCard } from '../support/checkout';
import { guestBooks, mailWithSubject, requestOf, showRequestsOn } from '../support/console';
import { dialog, toast, uniqueEmail } from '../support/identity';
import { staffSignsIn } from '../support/staff-api';

// The console is a desk's tool (1280 and 768 px, the console's own axe spec covers both); the phone
// project runs the clients' journeys.
test.skip(() => test.info().project.name === 'mobile', 'Console journeys run on the desktop project.');

const insufficientFunds = '4000 0000 0000 9995';

/** What is on the page now, checked by axe at 1280 and at 768 px (the console's two widths). */
async function scanAtBothWidths(page: Page, where: string) {
  const report = axeReport(page);
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await report.scan(`${where} at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(report.found).toEqual([]);
}
const desk = 'frontdesk@glow.example';

test('a confirmed deposit is refunded on cancel, and the client’s mail states the amount', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('console-refund');
  const { day } = await guestBooks(page, email, 7);
  const deskPage = await staffSignsIn(browser, request, '1', desk);
  await showRequestsOn(deskPage, day);
  const item = requestOf(deskPage, email);
  await expect(item).toBeVisible({ timeout: 20_000 });
  await item.getByRole('button', { name: /^Confirm request of / }).click();
  const confirmed = toast(deskPage, 'Confirmed Avery Guest');
  await expect(confirmed).toBeVisible();
  const charged = /(\$\d+\.\d{2}) charged/.exec((await confirmed.first().textContent()) ?? '')?.[1] ?? '';
  expect(charged).not.toBe('');

  await deskPage.getByLabel('Status').selectOption('BOOKED');
  const booked = requestOf(deskPage, email);
  await booked.getByRole('button', { name: /^Show details of / }).click();
  await expect(booked.getByRole('region', { name: 'Payments' })).toContainText(
    `Charge on confirmation: ${charged}`,
  );
  await scanAtBothWidths(deskPage, 'a booked request with its payments');
  await booked.getByRole('button', { name: /^Cancel appointment of / }).click();
  const cancel = dialog(deskPage, 'Cancel the appointment');
  await expect(cancel.getByText(`Refund everything collected (${charged})`)).toBeVisible();
  await scanAtBothWidths(deskPage, 'the cancel dialog with its refund');
  await cancel.getByRole('textbox', { name: /Reason/ }).fill('The nurse is ill that day.');
  await cancel.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(toast(deskPage, `${charged} refunded.`)).toBeVisible();

  const mail = await mailWithSubject(request, email, 'Glow Mobile IV: your appointment was cancelled');
  expect(mail).toContain('Reason: The nurse is ill that day.');
  expect(mail).toContain(`We refunded ${charged} to your card.`);
  await deskPage.context().close();
});

test('a refused charge is fixed by the client through the mailed link, then confirmed', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('console-refused');
  const { day } = await guestBooks(page, email, 8, insufficientFunds);
  const deskPage = await staffSignsIn(browser, request, '1', desk);
  await showRequestsOn(deskPage, day);
  const item = requestOf(deskPage, email);
  await expect(item).toBeVisible({ timeout: 20_000 });
  await item.getByRole('button', { name: /^Confirm request of / }).click();
  await expect(toast(deskPage, 'The charge failed: Your card has insufficient funds.')).toBeVisible();
  await expect(item.getByText('The last charge failed; the request stays pending.')).toBeVisible();
  await scanAtBothWidths(deskPage, 'a request whose charge failed');

  // The client follows the mail's link and adds another card.
  const mail = await mailWithSubject(request, email, 'Glow Mobile IV: your payment did not go through');
  const link = /https?:\/\/\S+\/1\/payment\/authenticate\?token=[A-Za-z0-9_-]{43}/.exec(mail)?.[0] ?? '';
  expect(link).not.toBe('');
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText('Your card has insufficient funds.')).toBeVisible();
  await fillCard(page, cards.succeeds, 'Add another card');
  await page.getByRole('button', { name: 'Use this card' }).click();
  await expect(
    page.getByText('Your new card is saved. Glow Mobile IV will confirm your appointment with it.'),
  ).toBeVisible();

  // The front desk confirms again: the new card is charged.
  await item.getByRole('button', { name: /^Confirm request of / }).click();
  await expect(toast(deskPage, 'Confirmed Avery Guest')).toBeVisible();
  await expect(item).toHaveCount(0);
  await mailWithSubject(request, email, 'Glow Mobile IV: your appointment is confirmed');
  await deskPage.context().close();
});

test('the front desk moves a booked appointment; the client is mailed the new time with the invitation', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('console-move');
  const { day } = await guestBooks(page, email, 9);
  const deskPage = await staffSignsIn(browser, request, '1', desk);
  await showRequestsOn(deskPage, day);
  const item = requestOf(deskPage, email);
  await expect(item).toBeVisible({ timeout: 20_000 });
  await item.getByRole('button', { name: /^Confirm request of / }).click();
  await expect(toast(deskPage, 'Confirmed Avery Guest')).toBeVisible();
  await deskPage.getByLabel('Status').selectOption('BOOKED');

  await requestOf(deskPage, email)
    .getByRole('button', { name: /^Move appointment of / })
    .click();
  const move = dialog(deskPage, 'Move the appointment');
  const times = move.getByRole('radiogroup', { name: /^Free times/ });
  await expect(times).toBeVisible();
  await scanAtBothWidths(deskPage, 'the move dialog');
  // Another of the day's free times than its own first one.
  await times
    .getByText(/^\d{1,2}:\d{2} (AM|PM)$/)
    .nth(1)
    .click();
  await move.getByRole('button', { name: /^Move to / }).click();
  await expect(toast(deskPage, 'The client was mailed.')).toBeVisible();

  const moved = await mailWithSubject(request, email, 'Glow Mobile IV: your appointment was moved');
  expect(moved).toContain('Glow Mobile IV moved your appointment. It is now on');
  await deskPage.context().close();
});
