import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { chooseClinic, freshStart, glow } from '../support/booking';
import {
  dialog,
  linkIn,
  mailbox,
  nextMessage,
  profileButton,
  signInButton,
  signInWithPasscode,
  signInWithPassword,
  toast,
  uniqueEmail,
  uniquePhone,
} from '../support/identity';
import { hostUrl } from '../support/ports';

// Holes clients found: emailed links work on any device; one browser stays signed in to
// several marketplace groups (each demo marketplace is a group of its own); what the browser keeps
// of a signed-in client goes once the server has ended the session.

/** A password the strength rules accept. */
const strongPassword = () => `Copper-Kettle-Meadow-${Math.floor(Math.random() * 90) + 10}`;

const stored = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);

/** Registers an address with a password through the API (the browser stays signed out). */
async function registerThroughApi(
  request: APIRequestContext,
  variables: { email: string; password: string; profile?: Record<string, unknown>; marketplaceId?: string },
) {
  const response = await request.post(`${hostUrl}/graphql`, {
    headers: { origin: hostUrl, 'content-type': 'application/json' },
    data: {
      query:
        'mutation Register($marketplaceId: ID!, $email: String!, $password: String!, $profile: ProfileInput) { register(marketplaceId: $marketplaceId, email: $email, password: $password, profile: $profile) { emailConfirmed } }',
      variables: { marketplaceId: '1', ...variables },
    },
  });
  expect((await response.json()).errors).toBeUndefined();
}

/** Asks for a password reset link for marketplace 1 through the API, as the sign-in dialog does. */
async function requestResetThroughApi(request: APIRequestContext, email: string) {
  const response = await request.post(`${hostUrl}/graphql`, {
    headers: { origin: hostUrl, 'content-type': 'application/json' },
    data: {
      query:
        'mutation Reset($webOriginUrl: String!, $email: String!, $mgId: ID!, $marketplaceId: ID) { requestResetPassword(webOriginUrl: $webOriginUrl, email: $email, mgId: $mgId, marketplaceId: $marketplaceId) }',
      variables: { webOriginUrl: hostUrl, email, mgId: '1', marketplaceId: '1' },
    },
  });
  expect((await response.json()).errors).toBeUndefined();
}

/** Opens a page in a browser context of its own: another browser, another device. */
async function inAnotherBrowser<T>(browser: Browser, use: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL: hostUrl });
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/** On /reset-password: sets a new password and waits for the success toast. */
async function resetPassword(page: Page, password: string) {
  const reset = dialog(page, 'Confirm Information');
  await reset.getByLabel('New Password').fill(password);
  await reset.getByLabel('Confirm Password').fill(password);
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast(page, 'Password reset successfully')).toBeVisible();
}

test.describe('one session per marketplace group', () => {
  test('signed in on two marketplaces at once in one browser; signing out of one keeps the other', async ({
    page,
    request,
  }) => {
    const glowClient = uniqueEmail('two.glow');
    const nocturneClient = uniqueEmail('two.nocturne');
    // Clients with a name, so /profile shows their profile (and its Logout button).
    const profile = { givenName: 'Tess', familyName: 'Twofold' };
    await registerThroughApi(request, { email: glowClient, password: strongPassword(), profile });
    await registerThroughApi(request, {
      email: nocturneClient,
      password: strongPassword(),
      profile,
      marketplaceId: '2',
    });
    await freshStart(page, '/1/services');
    await signInWithPasscode(page, request, glowClient);

    await page.goto('/2/services');
    await expect(signInButton(page)).toBeVisible();
    await signInWithPasscode(page, request, nocturneClient);

    // Back on marketplace 1: still signed in, as its own client.
    await page.goto('/1/services');
    await expect(profileButton(page)).toBeVisible();
    await expect.poll(async () => JSON.parse((await stored(page, 'user')) ?? 'null')?.email).toBe(glowClient);
    await page.reload();
    await expect(profileButton(page)).toBeVisible();

    // Marketplace 2 too; signing out there leaves marketplace 1 signed in.
    await page.goto('/2/services');
    await profileButton(page).click();
    await expect(page).toHaveURL(/\/2\/profile$/);
    await expect
      .poll(async () => JSON.parse((await stored(page, 'user')) ?? 'null')?.email)
      .toBe(nocturneClient);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(toast(page, 'Logged out successfully')).toBeVisible();
    await expect(signInButton(page)).toBeVisible();

    await page.goto('/1/services');
    await expect(profileButton(page)).toBeVisible();
    await expect.poll(async () => JSON.parse((await stored(page, 'user')) ?? 'null')?.email).toBe(glowClient);
    await page.goto('/2/services');
    await expect(signInButton(page)).toBeVisible();
    await page.reload();
    await expect(signInButton(page)).toBeVisible();
  });
});

test.describe('emailed links open in any browser', () => {
  test('a confirm-email link opened in a fresh browser confirms and lands on its marketplace', async ({
    browser,
    request,
  }) => {
    const email = uniqueEmail('link.confirm');
    await registerThroughApi(request, { email, password: strongPassword() });
    const link = linkIn(await nextMessage(request, email), '/confirm-email');
    expect(new URL(link).searchParams.get('marketplace')).toBe('1');

    await inAnotherBrowser(browser, async (phone) => {
      await phone.goto(link);
      await expect(toast(phone, 'Email confirmed successfully!')).toBeVisible();
      await expect(phone).toHaveURL(/\/1\/(services|set-location)$/);
      // A visitor who is not signed in: the marketplace, not a sign-in wall or an error.
      await expect(signInButton(phone)).toBeVisible();
      expect(await stored(phone, 'marketplace-id')).toBe('"1"');

      // The link is used up.
      await phone.goto(link);
      await expect(phone.getByRole('alert')).toContainText('invalid or has expired');
    });
  });

  test('a reset-password link asked for on one browser works in another', async ({
    page,
    browser,
    request,
  }) => {
    const email = uniqueEmail('link.reset');
    await registerThroughApi(request, { email, password: strongPassword() });
    await freshStart(page, '/1/services');

    // Asked for from the sign-in dialog on the desktop…
    await signInButton(page).click();
    await dialog(page, 'Sign in').getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog(page, 'Sign in').getByRole('button', { name: 'Sign in with a password' }).click();
    const seen = (await mailbox(request, email)).length;
    await dialog(page, 'Sign in with your password')
      .getByRole('button', { name: 'Forgot password?' })
      .click();
    const link = linkIn(await nextMessage(request, email, seen), '/reset-password');
    expect(new URL(link).searchParams.get('marketplace')).toBe('1');

    // …opened on a phone.
    const password = strongPassword();
    await inAnotherBrowser(browser, async (phone) => {
      await phone.goto(link);
      await resetPassword(phone, password);
      await expect(phone).toHaveURL(/\/1\/(services|set-location)$/);
      await signInWithPassword(phone, email, password);
      await expect(toast(phone, 'Login successful!')).toBeVisible();
    });

    // The used link, opened again, says so before anything is typed, and a new one is a click away.
    const again = (await mailbox(request, email)).length;
    await page.goto(link);
    await expect(
      page.getByText('This password reset link has expired or has already been used.'),
    ).toBeVisible();
    await expect(page.getByLabel('New Password')).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Email me a new link' }).click();
    await expect(
      page.getByText(`If ${email} has an account, a link to reset its password is on its way.`),
    ).toBeVisible();
    expect(linkIn(await nextMessage(request, email, again), '/reset-password')).not.toBe(link);
  });
});

test.describe('what the browser keeps of a client goes with the session', () => {
  test('after a password reset elsewhere, a signed-out visitor no longer sees the phone notice', async ({
    page,
    browser,
    request,
  }) => {
    const email = uniqueEmail('ended');
    await registerThroughApi(request, {
      email,
      password: strongPassword(),
      profile: { givenName: 'Enid', familyName: 'Ended', phone: uniquePhone() },
    });
    await freshStart(page, '/1/services');
    await chooseClinic(page, glow.id, glow.manhattan.name);
    await signInWithPasscode(page, request, email);
    const notice = page.getByRole('complementary', { name: 'Phone verification' });
    await expect(notice).toBeVisible();
    const location = await stored(page, 'selected-location');
    expect(location).toContain(glow.manhattan.id);

    // Elsewhere, the password is reset: every session of the account ends.
    const seen = (await mailbox(request, email)).length;
    await requestResetThroughApi(request, email);
    const link = linkIn(await nextMessage(request, email, seen), '/reset-password');
    await inAnotherBrowser(browser, async (other) => {
      await other.goto(link);
      await resetPassword(other, strongPassword());
    });

    // Here, the next page load learns the session is gone.
    await page.reload();
    await expect(signInButton(page)).toBeVisible();
    await expect(notice).toHaveCount(0);
    // The server's page already shows a guest; the app clears what it kept once it learns the same.
    for (const key of ['user', 'user-email', 'alert-verify-phone', 'alert-verify-email']) {
      await expect.poll(() => stored(page, key), { message: key }).toBeNull();
    }
    // The marketplace's cart is not the session's: the chosen clinic stays.
    expect(await stored(page, 'selected-location')).toBe(location);
    await page.reload();
    await expect(notice).toHaveCount(0);
  });
});
