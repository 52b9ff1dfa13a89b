import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  request as requests,
} from '@playwright/test';
import { expectDialogStep, watchApiCalls } from './diagnostics';
import { dialog, mailbox, nextSignInCode, toast, typeCode } from './identity';
import { hostUrl } from './ports';

/** One GraphQL call on the web origin, as the app makes it; fails the test on any error. */
export async function graphql<Data>(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown>,
): Promise<Data> {
  const response = await request.post(`${hostUrl}/graphql`, {
    headers: { origin: hostUrl, 'content-type': 'application/json' },
    data: { query, variables },
  });
  const body = (await response.json()) as { data?: Data; errors?: { message: string }[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as Data;
}

// The seeded staff accounts are few, and the desktop and mobile projects run at once: a sign-in whose
// code another run's request replaced (or whose mail was another run's) asks for a new code.
const SIGN_IN_ATTEMPTS = 4;

/**
 * A cookie jar signed in as a member of a marketplace's staff (a seeded owner or front desk) by
 * emailed passcode, as the console's sign-in does; dispose it at the end.
 */
export async function staffSession(marketplaceId: string, email: string): Promise<APIRequestContext> {
  const staff = await requests.newContext();
  for (let attempt = 1; ; attempt++) {
    const seen = (await mailbox(staff, email)).length;
    const { requestPasscode } = await graphql<{ requestPasscode: { token: string } }>(
      staff,
      'mutation ($marketplaceId: ID!, $email: String!) { requestPasscode(marketplaceId: $marketplaceId, email: $email) { token } }',
      { marketplaceId, email },
    );
    const code = await nextSignInCode(staff, email, seen);
    const response = await staff.post(`${hostUrl}/graphql`, {
      headers: { origin: hostUrl, 'content-type': 'application/json' },
      data: {
        query:
          'mutation ($token: String!, $code: String!, $marketplaceId: ID!) { passcodeAuthenticate(token: $token, code: $code, marketplaceId: $marketplaceId) { __typename } }',
        variables: { token: requestPasscode.token, code, marketplaceId },
      },
    });
    const body = (await response.json()) as { errors?: { message: string }[] };
    if (!body.errors) return staff;
    if (attempt === SIGN_IN_ATTEMPTS)
      throw new Error(`${email} could not sign in: ${JSON.stringify(body.errors)}`);
  }
}

/**
 * A staff member signs in to a marketplace's console in a browser of their own, with an emailed code,
 * and lands on `landing` (Requests; a new marketplace's owner lands on Setup).
 */
export async function staffSignsIn(
  browser: Browser,
  request: APIRequestContext,
  marketplaceId: string,
  email: string,
  landing = 'Requests',
): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  watchApiCalls(page);
  await page.goto(`/${marketplaceId}/console`);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  let seen = (await mailbox(request, email)).length;
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  const signIn = dialog(page, 'Sign in');
  await signIn.getByRole('textbox', { name: 'Email' }).fill(email);
  await signIn.getByRole('button', { name: 'Continue', exact: true }).click();
  const codeDialog = dialog(page, 'Check your email');
  await expectDialogStep(page, codeDialog, 'Check your email');
  const refused = codeDialog.getByRole('alert');
  for (let attempt = 1; ; attempt++) {
    await typeCode(page, await nextSignInCode(request, email, seen));
    await expect(toast(page, 'Login successful!').or(refused)).toBeVisible();
    if (!(await refused.isVisible()) || attempt === SIGN_IN_ATTEMPTS) break;
    seen = (await mailbox(request, email)).length;
    // A replaced code offers a new one at once; a wrong one (another run's mail) after the countdown.
    const requestNew = codeDialog.getByRole('button', { name: 'Request a new code' });
    await expect(requestNew).toBeVisible({ timeout: 65_000 });
    await requestNew.click();
  }
  await expect(toast(page, 'Login successful!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: landing })).toBeVisible();
  return page;
}
