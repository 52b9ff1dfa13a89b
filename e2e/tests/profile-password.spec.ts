import { expect, type Page, test } from '@playwright/test';
import { axeReport } from '../support/axe';
import { freshStart } from '../support/booking';
import {
  dialog,
  mailbox,
  nextMessage,
  profileButton,
  signInButton,
  signInWithPasscode,
  signInWithPassword,
  toast,
  uniqueEmail,
} from '../support/identity';
import { hostUrl } from '../support/ports';

/** Gives the browser's signed-in client a name (page.request shares its session), so /profile shows. */
async function nameTheClient(page: Page) {
  const response = await page.request.post(`${hostUrl}/graphql`, {
    headers: { origin: hostUrl, 'content-type': 'application/json', 'x-atrium-marketplace': '1' },
    data: {
      query: 'mutation ($input: UpdateProfileInput!) { updateProfile(mgId: "1", input: $input) { id } }',
      variables: { input: { givenName: 'Petra', familyName: 'Passcode' } },
    },
  });
  expect(((await response.json()) as { errors?: unknown }).errors).toBeUndefined();
}

test('a client who signed up by emailed code sets a password in /profile, then signs in with it', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('petra.passcode');
  const password = `Saffron-Meadow-Quill-${Math.floor(Math.random() * 90) + 10}`;
  await freshStart(page, '/1/services');
  await signInWithPasscode(page, request, email);
  await nameTheClient(page);

  await page.goto('/1/profile');
  await page.getByRole('tab', { name: 'Profile' }).click();
  const section = page.getByRole('region', { name: 'Password' });
  await expect(section).toContainText('You have no password yet.');
  await section.getByRole('button', { name: 'Set a password' }).click();
  const form = dialog(page, 'Set a password');
  await expect(form.getByLabel('New Password')).toBeFocused();

  // Every problem is said where it is: nothing typed, then a password the API finds easy to guess.
  await form.getByRole('button', { name: 'Set password' }).click();
  await expect(form.getByText('Password is required', { exact: true })).toBeVisible();
  await expect(form.getByText('Confirm Password is required', { exact: true })).toBeVisible();
  const axe = axeReport(page);
  await axe.scan('Set a password, nothing typed');
  await form.getByLabel('New Password').fill('password123');
  await form.getByLabel('Confirm Password').fill('password123');
  await form.getByRole('button', { name: 'Set password' }).click();
  await expect(form.getByText(/^This password is too easy to guess\./)).toBeVisible();
  await expect(form.getByLabel('New Password')).toHaveAttribute('aria-invalid', 'true');
  await axe.scan('Set a password, refused by the API');

  const seen = (await mailbox(request, email)).length;
  await form.getByLabel('New Password').fill(password);
  await form.getByLabel('Confirm Password').fill(password);
  await form.getByRole('button', { name: 'Set password' }).click();
  await expect(toast(page, 'Password set successfully')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(section.getByRole('button', { name: 'Change password' })).toBeVisible();
  const notice = await nextMessage(request, email, seen);
  expect(notice.subject).toBe('Your Glow Mobile IV password was set');

  // The Change password dialog the client now has passes axe too.
  await section.getByRole('button', { name: 'Change password' }).click();
  const change = dialog(page, 'Change password');
  await expect(change.getByLabel('Current Password')).toBeVisible();
  await axe.scan('Change password');
  await change.getByRole('button', { name: 'Cancel' }).click();
  await expect(change).toBeHidden();
  expect(axe.found).toEqual([]);

  // Signed out, the password signs the client in.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged out successfully')).toBeVisible();
  await expect(signInButton(page)).toBeVisible();
  await signInWithPassword(page, email, password);
  await expect(toast(page, 'Login successful!')).toBeVisible();
  await expect(profileButton(page)).toBeVisible();
});
