import { expect, type Locator, type Page, type Route, test } from '@playwright/test';
import { freshStart } from '../support/booking';
import {
  codeIn,
  demoClient,
  dialog,
  linkIn,
  mailbox,
  nextMessage,
  profileButton,
  providerLogin,
  registerWithPassword,
  requestCode,
  signInButton,
  signInWithPassword,
  toast,
  typeCode,
  uniqueEmail,
  uniquePhone,
} from '../support/identity';
import { hostUrl, oidcUrl } from '../support/ports';

/** Pastes text into an input as the clipboard would (a paste event carrying the text). */
const paste = (input: Locator, text: string) =>
  input.evaluate((element, pasted) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', pasted);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  }, text);

const storedUser = (page: Page) => page.evaluate(() => localStorage.getItem('user'));

test.describe('sign-in by emailed passcode', () => {
  test('checks the email, sends a code, and signs in on the sixth digit', async ({ page, request }) => {
    const email = uniqueEmail('pia');
    await freshStart(page, '/1/services');
    await signInButton(page).click();
    const signIn = dialog(page, 'Sign in');
    const emailBox = signIn.getByRole('textbox', { name: 'Email' });

    await signIn.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(signIn.getByText('Please enter your email address.')).toBeVisible();
    await emailBox.fill('pia@example');
    await signIn.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(signIn.getByText('Please enter a valid email address.')).toBeVisible();

    await emailBox.fill(email);
    await signIn.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(toast(page, 'Passcode sent successfully!')).toBeVisible();
    const codeStep = dialog(page, 'Check your email');
    const timer = codeStep.getByText(/You can request a new code in (60|59) seconds\./);
    await expect(timer).toBeVisible();
    // The toast leaves the code step readable (on a phone it shows across the top, not over the drawer).
    const [toastBox, timerBox] = [
      await toast(page, 'Passcode sent successfully!').boundingBox(),
      await timer.boundingBox(),
    ];
    if (!toastBox || !timerBox) throw new Error('The toast or the timer line has no box.');
    const overlaps =
      toastBox.x < timerBox.x + timerBox.width &&
      timerBox.x < toastBox.x + toastBox.width &&
      toastBox.y < timerBox.y + timerBox.height &&
      timerBox.y < toastBox.y + toastBox.height;
    expect(overlaps).toBe(false);
    await expect(codeStep.getByRole('button', { name: 'Request a new code' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('pass-code-token'))).toMatch(/^".+"$/);

    const code = codeIn(await nextMessage(request, email));
    await typeCode(page, code);

    await expect(toast(page, 'Login successful!')).toBeVisible();
    await expect(codeStep).toHaveCount(0);
    await expect(profileButton(page)).toBeVisible();
    expect(JSON.parse((await storedUser(page)) ?? 'null')).toMatchObject({ email, emailConfirmed: true });
    expect(await page.evaluate(() => localStorage.getItem('pass-code-token'))).toBeNull();

    // The session outlives a reload: the viewer query finds the user again.
    await page.reload();
    await expect(profileButton(page)).toBeVisible();
  });

  test('digits only, a pasted code fills all six inputs, whatever surrounds it', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('paz');
    await freshStart(page, '/1/services');
    await requestCode(page, email);
    const codeStep = dialog(page, 'Check your email');
    const first = codeStep.getByRole('textbox', { name: 'Digit 1 of 6' });
    await first.click();
    await page.keyboard.type('a');
    await expect(first).toHaveValue('');

    // Pasted as the message or a password manager gives it: the six digits are taken from the text.
    const code = codeIn(await nextMessage(request, email));
    await paste(first, 'Code: none yet');
    await expect(first).toHaveValue('');
    await paste(first, `Code: ${code.slice(0, 3)}-${code.slice(3)}`);
    await expect(toast(page, 'Login successful!')).toBeVisible();
    await expect(profileButton(page)).toBeVisible();
  });

  test("after 60 seconds offers 'Request a new code' and 'Change Email'", async ({ page, request }) => {
    const email = uniqueEmail('ria');
    await page.clock.install();
    await freshStart(page, '/1/services');
    await requestCode(page, email);
    const codeStep = dialog(page, 'Check your email');
    await expect(codeStep.getByText(/You can request a new code in/)).toBeVisible();

    await page.clock.fastForward('00:50');
    await expect(codeStep.getByText(/You can request a new code in ([1-9]|10) seconds?\./)).toBeVisible();
    await expect(codeStep.getByRole('button', { name: 'Request a new code' })).toHaveCount(0);
    await page.clock.fastForward('00:11');
    await expect(codeStep.getByText(/You can request a new code in/)).toHaveCount(0);
    await expect(codeStep.getByRole('button', { name: 'Change Email' })).toBeVisible();

    const seen = (await mailbox(request, email)).length;
    await codeStep.getByRole('button', { name: 'Request a new code' }).click();
    await expect(toast(page, 'Passcode sent successfully!').last()).toBeVisible();
    await expect(codeStep.getByText(/You can request a new code in (60|59) seconds\./)).toBeVisible();
    await nextMessage(request, email, seen);

    await page.clock.fastForward('01:01');
    await codeStep.getByRole('button', { name: 'Change Email' }).click();
    await expect(dialog(page, 'Sign in').getByRole('textbox', { name: 'Email' })).toHaveValue(email);

    // The newest code still works once the email is sent again.
    await dialog(page, 'Sign in').getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(dialog(page, 'Check your email')).toBeVisible();
    await typeCode(page, codeIn(await nextMessage(request, email, seen + 1)));
    await expect(profileButton(page)).toBeVisible();
  });

  test('five wrong codes lock the passcode, with the server messages under the inputs', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('lou');
    await freshStart(page, '/1/services');
    await requestCode(page, email);
    const code = codeIn(await nextMessage(request, email));
    const wrong = code === '000000' ? '111111' : '000000';
    const codeStep = dialog(page, 'Check your email');
    const error = codeStep.getByRole('alert');

    for (const left of [4, 3, 2, 1]) {
      await typeCode(page, wrong);
      await expect(error).toHaveText(
        `Incorrect code. You have ${left} ${left === 1 ? 'try' : 'tries'} left.`,
      );
    }
    await typeCode(page, wrong);
    await expect(error).toHaveText('Too many incorrect codes. Please request a new code.');
    await expect(codeStep.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveValue('');

    // Locked: even the right code is refused now.
    const answer = page.waitForResponse((response) =>
      Boolean(response.request().postData()?.includes('PasscodeAuthenticate')),
    );
    await typeCode(page, code);
    expect(await (await answer).text()).toContain('Too many incorrect codes. Please request a new code.');
    await expect(error).toHaveText('Too many incorrect codes. Please request a new code.');
    await expect(toast(page, 'Login successful!')).toHaveCount(0);

    // The dialog says to request a new code, so the link is there at once, countdown or not.
    await expect(codeStep.getByText(/You can request a new code in/)).toHaveCount(0);
    const seen = (await mailbox(request, email)).length;
    await codeStep.getByRole('button', { name: 'Request a new code' }).click();
    await expect(toast(page, 'Passcode sent successfully!').last()).toBeVisible();
    await expect(codeStep.getByText(/You can request a new code in (60|59) seconds\./)).toBeVisible();
    await typeCode(page, codeIn(await nextMessage(request, email, seen)));
    await expect(profileButton(page)).toBeVisible();
  });
});

test.describe('Google sign-in through the local provider', () => {
  test('an existing client signs in and returns to the page they left', async ({ page }) => {
    await freshStart(page, '/1/services');
    await signInButton(page).click();
    await dialog(page, 'Sign in').getByRole('button', { name: 'Continue with Google' }).click();

    await expect(page).toHaveURL((url) => url.href.startsWith(oidcUrl));
    await providerLogin(page, demoClient.email);

    await expect(toast(page, 'Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/1\/services$/);
    await expect(profileButton(page)).toBeVisible();
    expect(JSON.parse((await storedUser(page)) ?? 'null')).toMatchObject({ email: demoClient.email });
  });

  test('asks the provider for a code with scope openid email profile, a random state, a nonce and a PKCE challenge', async ({
    page,
  }) => {
    await freshStart(page, '/1/services');
    await signInButton(page).click();
    const leaving = page.waitForRequest((req) => req.url().startsWith(`${oidcUrl}/`));
    await dialog(page, 'Sign in').getByRole('button', { name: 'Continue with Google' }).click();
    const url = new URL((await leaving).url());
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('redirect_uri')).toBe(`${hostUrl}/auth/google/callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    for (const name of ['state', 'nonce', 'code_challenge']) {
      expect(url.searchParams.get(name)).toMatch(/^[\w-]{43}$/);
    }
    // The return path stays with the API: the state is random, not the path.
    expect(url.searchParams.get('state')).not.toContain(btoa('/1/services').replace(/=+$/, ''));
  });

  test('a tampered state is refused with a clear message; the real one still signs in', async ({ page }) => {
    await freshStart(page, '/1/services');
    // Back from the provider, the page's own redemption is held back, to tamper with the answer first.
    const holdBack = (route: Route) =>
      route.request().postData()?.includes('googleAuthenticate') ? route.abort() : route.fallback();
    await page.route('**/graphql', holdBack);
    await signInButton(page).click();
    await dialog(page, 'Sign in').getByRole('button', { name: 'Continue with Google' }).click();
    await providerLogin(page, demoClient.email);
    await page.waitForURL((url) => url.pathname === '/auth/google/callback');
    const real = new URL(page.url());
    await page.unroute('**/graphql', holdBack);

    const state = real.searchParams.get('state') ?? '';
    const tampered = new URL(real);
    tampered.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);
    await page.goto(`${tampered.pathname}${tampered.search}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Signing you in' })).toBeVisible();
    const refusal = 'This sign-in could not be verified. Please start the sign-in again.';
    await expect(page.getByRole('alert').filter({ hasText: refusal }).first()).toBeVisible();
    await expect(toast(page, 'Login successful!')).toHaveCount(0);
    await expect(signInButton(page)).toBeVisible();

    // The answer as the provider sent it, in the browser that started the sign-in, is accepted.
    await page.goto(`${real.pathname}${real.search}`);
    await expect(toast(page, 'Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/1\/services$/);
  });

  test("a new client registers through 'Confirm Information'", async ({ page, request }) => {
    const email = uniqueEmail('gina.gale');
    const phone = uniquePhone();
    await freshStart(page, '/1/services');
    await signInButton(page).click();
    await dialog(page, 'Sign in').getByRole('button', { name: 'Continue with Google' }).click();
    await providerLogin(page, email);

    const confirm = dialog(page, 'Confirm Information');
    await expect(confirm).toBeVisible();
    await expect(confirm.getByLabel('Email')).toHaveValue(email);
    await expect(confirm.getByLabel('Email')).toHaveAttribute('readonly', '');
    await expect(confirm.getByLabel('First Name')).toHaveValue('Gina');
    await expect(confirm.getByLabel('Last Name')).toHaveValue(/^Gale /);

    await confirm.getByLabel('First Name').fill('');
    await confirm.getByRole('button', { name: 'Register' }).click();
    for (const message of [
      'First Name is required',
      'Phone Number is required',
      'Date of Birth is required',
      'Address is required',
    ]) {
      await expect(confirm.getByText(message, { exact: true })).toBeVisible();
    }

    await confirm.getByLabel('First Name').fill('Gina');
    await confirm.getByLabel('Phone Number').pressSequentially(phone.slice(2));
    await expect(confirm.getByLabel('Phone Number')).toHaveValue(
      `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`,
    );
    await confirm.getByLabel('Date of Birth').pressSequentially('01311990');
    await expect(confirm.getByLabel('Date of Birth')).toHaveValue('01/31/1990');
    await confirm.getByLabel('Address').fill('350 5th Ave, New York, NY 10118');
    await confirm.getByRole('button', { name: 'Register' }).click();

    await expect(toast(page, 'Registration successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/1\/services$/);
    await expect(profileButton(page)).toBeVisible();

    // The new phone is not confirmed yet: the phone alert offers to verify it by SMS.
    const notice = page.getByRole('complementary', { name: 'Phone verification' });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Verify Phone' }).click();
    await expect(page).toHaveURL(/\/confirm-phone$/);
    const sms = await nextMessage(request, phone);
    const verify = page.getByRole('button', { name: 'Verify', exact: true });
    await verify.click();
    await expect(page.getByText('Code is required', { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'Code' }).fill('123');
    await verify.click();
    await expect(page.getByText('Please enter a valid code', { exact: true })).toBeVisible();
    // A pasted message is cut down to its code.
    await page.getByRole('textbox', { name: 'Code' }).fill(`Your code: ${codeIn(sms)}`);
    await expect(page.getByRole('textbox', { name: 'Code' })).toHaveValue(codeIn(sms));
    await verify.click();
    await expect(page).toHaveURL(/\/1\/profile$/);
    await expect(notice).toHaveCount(0);
  });
});

test.describe('Apple sign-in through the local provider', () => {
  test('an existing client signs in and lands on the root page', async ({ page }) => {
    await freshStart(page, '/1/services');
    await signInButton(page).click();
    await dialog(page, 'Sign in').getByRole('button', { name: 'Continue with Apple' }).click();
    await providerLogin(page, demoClient.email);

    await expect(toast(page, 'Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/1\/(services|set-location)$/);
    await expect(profileButton(page)).toBeVisible();
  });

  test('a new client can cancel registration, then register', async ({ page }) => {
    const email = uniqueEmail('abe.apple');
    await freshStart(page, '/1/services');
    await signInButton(page).click();
    await dialog(page, 'Sign in').getByRole('button', { name: 'Continue with Apple' }).click();
    await providerLogin(page, email);

    const confirm = dialog(page, 'Confirm Information');
    await expect(confirm.getByLabel('Email')).toHaveValue(email);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/1\/(services|set-location)$/);
    await expect(signInButton(page)).toBeVisible();

    // The provider remembers the person: the next sign-in comes straight back with a new code.
    // Closing the dialog (Escape) goes to the root page too.
    await signInButton(page).click();
    await dialog(page, 'Sign in').getByRole('button', { name: 'Continue with Apple' }).click();
    await expect(confirm).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/1\/(services|set-location)$/);
    await expect(signInButton(page)).toBeVisible();

    await signInButton(page).click();
    await dialog(page, 'Sign in').getByRole('button', { name: 'Continue with Apple' }).click();
    await expect(confirm).toBeVisible();
    await confirm.getByLabel('Phone Number').fill(uniquePhone());
    await confirm.getByLabel('Date of Birth').fill('7/4/1985');
    await confirm.getByLabel('Address').fill('1 Main St, Denver, CO 80202');
    await confirm.getByRole('button', { name: 'Register' }).click();

    await expect(toast(page, 'Registration successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/1\/(services|set-location)$/);
    await expect(profileButton(page)).toBeVisible();
  });

  test('a callback without a code explains what went wrong', async ({ page }) => {
    await freshStart(page, '/1/services');
    await page.goto('/auth/apple/callback');
    await expect(page.getByRole('heading', { level: 1, name: 'Signing you in' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('did not come back with a code');
  });
});

test.describe('passwords, email confirmation and signing out', () => {
  test('a password sign-in with an unconfirmed email, confirmed by the emailed link', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('eve');
    await registerWithPassword(request, { email, password: 'first-pass-1' });
    await freshStart(page, '/1/services');

    await signInWithPassword(page, email, 'first-pass-1');
    await expect(toast(page, 'Login successful!')).toBeVisible();
    await expect(toast(page, 'Please confirm your email address to continue.')).toBeVisible();
    const pending = dialog(page, 'Verify your email');
    await expect(pending.getByRole('button', { name: 'Logout' })).toBeVisible();

    const seen = (await mailbox(request, email)).length;
    await pending.getByRole('button', { name: 'Send Email' }).click();
    const link = linkIn(await nextMessage(request, email, seen), '/confirm-email');
    expect(new URL(link).origin).toBe(hostUrl);

    await page.goto(link);
    await expect(toast(page, 'Email confirmed successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/1\/profile$/);
    await expect(pending).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('alert-verify-email'))).toBeNull();

    // A used link is refused with a clear message.
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText('invalid or has expired');
  });

  test('a wrong password gets the server message', async ({ page }) => {
    await freshStart(page, '/1/services');
    await signInWithPassword(page, demoClient.email, 'not-the-password');
    await expect(dialog(page, 'Sign in with your password').getByRole('alert')).toHaveText(
      'Incorrect email or password.',
    );
  });

  test('a forgotten password is reset by the emailed link', async ({ page, request }) => {
    const email = uniqueEmail('ray');
    await registerWithPassword(request, { email, password: 'first-pass-1' });
    await freshStart(page, '/1/services');
    await requestCode(page, email);
    await dialog(page, 'Check your email')
      .getByRole('button', { name: 'Sign in with your password instead' })
      .click();
    const seen = (await mailbox(request, email)).length;
    await dialog(page, 'Sign in with your password')
      .getByRole('button', { name: 'Forgot password?' })
      .click();
    const link = linkIn(await nextMessage(request, email, seen), '/reset-password');

    await page.goto(link);
    const reset = dialog(page, 'Confirm Information');
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await expect(reset.getByText('Password is required', { exact: true })).toBeVisible();
    await expect(reset.getByText('Confirm Password is required', { exact: true })).toBeVisible();
    await reset.getByLabel('New Password').fill('second-pass-2');
    await reset.getByLabel('Confirm Password').fill('second-pass-3');
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await expect(reset.getByText('Passwords do not match', { exact: true })).toBeVisible();

    await reset.getByLabel('Confirm Password').fill('second-pass-2');
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await expect(toast(page, 'Password reset successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/1\/(services|set-location)$/);

    await signInWithPassword(page, email, 'second-pass-2');
    await expect(toast(page, 'Login successful!')).toBeVisible();
  });

  test('a dead /reset-password link says so, and Back to home goes to the root page', async ({ page }) => {
    await freshStart(page, '/1/services');
    await page.goto('/reset-password?token=whatever');
    await expect(
      page.getByText('This password reset link has expired or has already been used.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/1\/(services|set-location)$/);
  });

  test('signing out clears local data and returns to the root page', async ({ page, request }) => {
    const email = uniqueEmail('sol');
    await registerWithPassword(request, { email, password: 'first-pass-1' });
    await freshStart(page, '/1/services');
    await signInWithPassword(page, email, 'first-pass-1');

    await dialog(page, 'Verify your email').getByRole('button', { name: 'Logout' }).click();
    await expect(toast(page, 'Logged out successfully')).toBeVisible();
    await expect(signInButton(page)).toBeVisible();
    await expect(page).toHaveURL(/\/1\/(services|set-location)$/);
    const stored = await page.evaluate(() => Object.keys(localStorage));
    expect(stored).toContain('marketplace-id');
    for (const key of ['user', 'user-email', 'alert-verify-email', 'pass-code-token']) {
      expect(stored).not.toContain(key);
    }

    await page.reload();
    await expect(signInButton(page)).toBeVisible();
  });
});
