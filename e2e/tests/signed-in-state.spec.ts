import { type BrowserContext, expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { chooseClinic, freshStart, glow } from '../support/booking';
import {
  demoClient,
  dialog,
  header,
  profileButton,
  registerWithPassword,
  signInButton,
  signInWithPasscode,
  toast,
  uniqueEmail,
  uniquePhone,
} from '../support/identity';
import { hostUrl } from '../support/ports';

// Whether the app shows a client as signed in follows the server's session, not what the browser
// remembered: a session the browser still holds is found on any page (after another marketplace
// cleared what was remembered, or in a browser that holds nothing else), and a session the server
// ended shows as signed out as soon as the app next asks, without a reload.

/** The demo client's name, the heading of their profile. */
const demoName = 'Jordan Rivera';
const profileName = (page: Page) => page.getByRole('heading', { level: 2, name: demoName });

/** The session cookie of marketplace 1's group (`atrium_session_{mgId}`) the browser holds. */
async function sessionCookie(context: BrowserContext) {
  const cookies = await context.cookies(hostUrl);
  const session = cookies.filter((cookie) => cookie.name.startsWith('atrium_session_'));
  expect(session).toHaveLength(1);
  return session[0] as (typeof session)[number];
}

/** /1/profile shows the demo client's profile, and no sign-in dialog over it. */
async function expectProfileWithoutSignIn(page: Page) {
  await expect(profileName(page)).toBeVisible();
  await expect(profileButton(page)).toBeVisible();
  // Nothing is left to arrive: the session check and the profile have answered.
  await page.waitForLoadState('networkidle');
  await expect(dialog(page, 'Sign in')).toHaveCount(0);
  await expect(page.getByText('Sign in to see your profile')).toHaveCount(0);
}

test.describe('a session the browser holds shows as signed in', () => {
  test('signed in on /1, then /2, then /1/profile shows the profile with no sign-in dialog, 20 times over', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    await freshStart(page, '/1/services');
    await signInWithPasscode(page, request, demoClient.email);
    for (let round = 1; round <= 20; round++) {
      await test.step(`round ${round}`, async () => {
        // Marketplace 2 clears what the browser remembered of marketplace 1 (the marketplace-id rule).
        await page.goto('/2/services');
        await expect(page.getByRole('heading', { level: 1, name: 'Select a Service' })).toBeVisible();
        await expect(signInButton(page)).toBeVisible();
        await page.goto('/1/profile');
        await expectProfileWithoutSignIn(page);
      });
    }
  });

  test('a fresh browser holding only the session cookie opens /1/profile signed in, every time', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    await freshStart(page, '/1/services');
    await signInWithPasscode(page, request, demoClient.email);
    const session = await sessionCookie(page.context());
    for (let round = 1; round <= 8; round++) {
      await test.step(`fresh browser ${round}`, async () => {
        const context = await browser.newContext({ baseURL: hostUrl });
        try {
          await context.addCookies([session]);
          const fresh = await context.newPage();
          await fresh.goto('/1/profile');
          await expectProfileWithoutSignIn(fresh);
        } finally {
          await context.close();
        }
      });
    }
  });
});

test.describe('a session ended elsewhere shows as signed out at once', () => {
  /**
   * Signs a new client with an unconfirmed phone in on /1/services with a clinic chosen (the phone
   * notice shows), then ends their session from elsewhere: another client holding the same session
   * signs it out.
   */
  async function signInThenEndElsewhere(page: Page, request: Parameters<typeof signInWithPasscode>[1]) {
    const email = uniqueEmail('ended.elsewhere');
    await registerWithPassword(request, {
      email,
      password: `Copper-Kettle-Meadow-${Math.floor(Math.random() * 90) + 10}`,
      profile: { givenName: 'Enid', familyName: 'Elsewhere', phone: uniquePhone() },
    });
    await freshStart(page, '/1/services');
    await chooseClinic(page, glow.id, glow.manhattan.name);
    await signInWithPasscode(page, request, email);
    const notice = page.getByRole('complementary', { name: 'Phone verification' });
    await expect(notice).toBeVisible();

    const session = await sessionCookie(page.context());
    const elsewhere = await playwrightRequest.newContext({
      extraHTTPHeaders: {
        origin: hostUrl,
        cookie: `${session.name}=${session.value}`,
        'x-atrium-marketplace': glow.id,
      },
    });
    try {
      const response = await elsewhere.post(`${hostUrl}/graphql`, {
        data: { query: 'mutation { logout }' },
      });
      expect(await response.json()).toEqual({ data: { logout: true } });
    } finally {
      await elsewhere.dispose();
    }
    // The same page throughout: nothing below reloads it.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    return notice;
  }

  const samePage = (page: Page) => page.evaluate(() => (window as { samePage?: boolean }).samePage === true);

  test('the next in-app navigation shows Sign in and drops the phone notice, with no reload', async ({
    page,
    request,
  }) => {
    const notice = await signInThenEndElsewhere(page, request);
    await expect(profileButton(page)).toBeVisible();

    // Home, in the app: back to the services, which ask nothing of the session.
    await header(page).getByRole('link', { name: 'Glow Mobile IV' }).click();
    await expect(page).toHaveURL(/\/1\/services$/);
    await expect(signInButton(page)).toBeVisible();
    await expect(notice).toHaveCount(0);
    expect(await samePage(page)).toBe(true);
  });

  test('a call the server refuses for want of a session (Verify Phone) shows signed out at once', async ({
    page,
    request,
  }) => {
    const notice = await signInThenEndElsewhere(page, request);
    await notice.getByRole('button', { name: 'Verify Phone' }).click();
    await expect(toast(page, 'Please sign in to continue.')).toBeVisible();
    await expect(signInButton(page)).toBeVisible();
    await expect(notice).toHaveCount(0);
    expect(await samePage(page)).toBe(true);
  });

  test('My Profile, still shown, opens a profile that asks to sign in', async ({ page, request }) => {
    const notice = await signInThenEndElsewhere(page, request);
    await profileButton(page).click();
    await expect(page).toHaveURL(/\/1\/profile$/);
    await expect(dialog(page, 'Sign in')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByText('Sign in to see your profile')).toBeVisible();
    await expect(signInButton(page)).toBeVisible();
    await expect(notice).toHaveCount(0);
    expect(await samePage(page)).toBe(true);
  });
});
