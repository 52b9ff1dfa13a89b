import { expect, type Page, test } from '@playwright/test';
import { freshStart } from '../support/booking';
import {
  agreeToPolicy,
  answerGlowQuestions,
  confirmAtGlowClinic,
  expectBookingReceived,
  fillGuestDetails,
} from '../support/checkout';
import { demoClient, profileButton, signInWithPassword, toast } from '../support/identity';

/**
 * A stand-in for Safari's ApplePaySession (Chromium has none), driving Apple Pay JS's order of
 * events: begin -> onvalidatemerchant -> completeMerchantValidation -> onpaymentauthorized with a
 * sandbox Apple Pay token (Apple's shape; the card in paymentData.data, unencrypted) ->
 * completePayment. What the page asked is kept in window.applePayLog.
 */
function installApplePayStandIn(page: Page, card = '4242424242424242') {
  return page.addInitScript((number) => {
    const log = {
      requests: [] as unknown[],
      sessions: [] as unknown[],
      statuses: [] as number[],
      aborted: false,
    };
    (window as unknown as { applePayLog: typeof log }).applePayLog = log;
    class StandInApplePaySession {
      static readonly STATUS_SUCCESS = 0;
      static readonly STATUS_FAILURE = 1;
      static canMakePayments() {
        return true;
      }
      onvalidatemerchant: ((event: { validationURL: string }) => void) | null = null;
      onpaymentauthorized: ((event: { payment: unknown }) => void) | null = null;
      oncancel: ((event: unknown) => void) | null = null;
      constructor(version: number, request: unknown) {
        if (version !== 3) throw new Error('Apple Pay JS version 3 expected');
        log.requests.push(request);
      }
      begin() {
        setTimeout(() =>
          this.onvalidatemerchant?.({
            validationURL: 'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession',
          }),
        );
      }
      completeMerchantValidation(session: unknown) {
        log.sessions.push(session);
        const transactionIdentifier = crypto.randomUUID();
        const data = btoa(
          JSON.stringify({ applicationPrimaryAccountNumber: number, applicationExpirationDate: '301231' }),
        );
        setTimeout(() =>
          this.onpaymentauthorized?.({
            payment: {
              token: {
                paymentData: {
                  version: 'SANDBOX_v1',
                  data,
                  signature: 'sandbox',
                  header: { transactionId: transactionIdentifier },
                },
                paymentMethod: { displayName: `Visa ${number.slice(-4)}`, network: 'Visa', type: 'credit' },
                transactionIdentifier,
              },
              billingContact: { postalCode: '10118' },
            },
          }),
        );
      }
      completePayment(result: { status: number }) {
        log.statuses.push(result.status);
      }
      abort() {
        log.aborted = true;
      }
    }
    (window as unknown as { ApplePaySession: unknown }).ApplePaySession = StandInApplePaySession;
  }, card);
}

const applePayLog = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as {
          applePayLog: { requests: unknown[]; sessions: unknown[]; statuses: number[]; aborted: boolean };
        }
      ).applePayLog,
  );

const paymentMethod = (page: Page) => page.getByRole('region', { name: 'Payment method' });
const applePayButton = (page: Page) => paymentMethod(page).getByRole('button', { name: 'Apple Pay' });

test.describe('Apple Pay', () => {
  test('a guest pays with Apple Pay at checkout and the appointment is booked', async ({ page }) => {
    await installApplePayStandIn(page);
    await freshStart(page, '/1/set-location');
    await confirmAtGlowClinic(page, 4);
    await fillGuestDetails(page);
    await answerGlowQuestions(page);
    await agreeToPolicy(page);
    await expect(applePayButton(page)).toBeVisible();
    await paymentMethod(page).screenshot({ path: test.info().outputPath('apple-pay-checkout.png') });
    await applePayButton(page).click();

    // The toast hides itself after 4 s, so it is looked for first, while the success page loads.
    await expect(page.getByText('Appointment created successfully')).toBeVisible();
    await expectBookingReceived(page);
    const log = await applePayLog(page).catch(() => null);
    // The page has moved on to /success in the same document: the stand-in's log is still there.
    expect(log?.statuses).toEqual([0]);
    expect(log?.sessions).toEqual([expect.objectContaining({ sandbox: true, domainName: 'localhost' })]);
    // Glow collects a 20% deposit of $35.00 when the appointment is confirmed: the sheet asks $7.00.
    expect(log?.requests).toEqual([
      expect.objectContaining({
        total: { label: 'Glow Mobile IV', amount: '7.00', type: 'final' },
        currencyCode: 'USD',
      }),
    ]);
  });

  test('a signed-in client books with Apple Pay and finds the card in the wallet', async ({ page }) => {
    await installApplePayStandIn(page, '378282246310005');
    await freshStart(page, '/1/set-location');
    await signInWithPassword(page, demoClient.email, demoClient.password);
    await expect(profileButton(page)).toBeVisible();
    // Signed in on /set-location, the client is sent on with their profile's address once:
    // that happens before a clinic is chosen, however busy the machine.
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('profile-address-tried') !== null), {
        timeout: 30_000,
      })
      .toBe(true);
    // Weeks no other journey of the demo client books: a client cannot hold two visits at one time.
    await confirmAtGlowClinic(page, 9);
    await answerGlowQuestions(page);
    await agreeToPolicy(page);
    await applePayButton(page).click();
    await expect(page.getByText('Your booking request has been received!')).toBeVisible();
    expect((await applePayLog(page)).statuses).toEqual([0]);
    // The booking kept the Apple Pay card in the client's wallet, as it keeps a typed card.
    await page.goto('/1/profile');
    await page.getByRole('tab', { name: 'Wallet' }).click();
    await expect(page.getByRole('button', { name: /^Delete .* ending in 0005$/ }).first()).toBeVisible();
  });

  test('a signed-in client adds an Apple Pay card to the wallet', async ({ page }) => {
    // Discover: a brand no other journey saves for the demo client, counted before and after; a
    // number of each project's own, as the desktop and mobile projects run this test at once.
    const discover = test.info().project.name === 'mobile' ? '6011000990139424' : '6011111111111117';
    await installApplePayStandIn(page, discover);
    await freshStart(page, '/1/set-location');
    await signInWithPassword(page, demoClient.email, demoClient.password);
    await expect(profileButton(page)).toBeVisible();
    await page.goto('/1/profile');
    await page.getByRole('tab', { name: 'Wallet' }).click();
    const discovers = page.getByRole('button', { name: `Delete Discover ending in ${discover.slice(-4)}` });
    await expect(page.getByRole('heading', { name: 'Saved Cards' })).toBeVisible();
    const before = await discovers.count();
    await page.getByRole('button', { name: 'Apple Pay' }).click();
    await expect(toast(page, 'Card added successfully')).toBeVisible();
    await expect(discovers).toHaveCount(before + 1);
    await page.screenshot({ path: test.info().outputPath('apple-pay-wallet.png'), fullPage: true });
  });

  test('without ApplePaySession there is no Apple Pay button', async ({ page }) => {
    await freshStart(page, '/1/set-location');
    await confirmAtGlowClinic(page, 5);
    await expect(paymentMethod(page).getByRole('textbox', { name: 'Card number' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apple Pay' })).toHaveCount(0);
  });

  test('a merchant validation that fails says so with the spec’s text and books nothing', async ({
    page,
  }) => {
    await installApplePayStandIn(page);
    // The session call fails without a message from the server (the network drops it).
    await page.route('**/graphql*', (route) =>
      route.request().postData()?.includes('createApplePaySession')
        ? route.abort('failed')
        : route.fallback(),
    );
    await freshStart(page, '/1/set-location');
    await confirmAtGlowClinic(page, 5);
    await fillGuestDetails(page);
    await answerGlowQuestions(page);
    await agreeToPolicy(page);
    await applePayButton(page).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'There was an issue with creating the Apple session' }),
    ).toBeVisible();
    expect((await applePayLog(page)).aborted).toBe(true);
    await expect(page).toHaveURL(/\/confirm$/);
  });
});
