import { expect, type Page } from '@playwright/test';
import { dialog, providerLogin, signInButton, toast, uniquePhone } from './identity';

/**
 * A new client registers through Google on the local provider and 'Confirm Information' (name,
 * phone, birth date, address): signed in, with a profile and a confirmed email, and no saved card.
 */
export async function registerThroughGoogle(page: Page, email: string) {
  await signInButton(page).click();
  await dialog(page, 'Sign in').getByRole('button', { name: 'Continue with Google' }).click();
  await providerLogin(page, email);
  await completeConfirmInformation(page, email);
}

/** The 'Confirm Information' dialog that follows a new client's provider sign-in, filled and sent. */
export async function completeConfirmInformation(page: Page, email: string) {
  const confirm = dialog(page, 'Confirm Information');
  await expect(confirm.getByLabel('Email')).toHaveValue(email);
  await confirm.getByLabel('Phone Number').clear();
  await confirm.getByLabel('Phone Number').pressSequentially(uniquePhone().slice(2));
  await confirm.getByLabel('Date of Birth').clear();
  await confirm.getByLabel('Date of Birth').pressSequentially('01311990');
  await confirm.getByLabel('Address').fill('350 5th Ave, New York, NY 10118');
  await confirm.getByRole('button', { name: 'Register' }).click();
  await expect(toast(page, 'Registration successful!')).toBeVisible();
}

/** On the profile's Wallet tab: the Add Card dialog's sandbox card form, filled and sent. */
export async function submitNewCard(page: Page, number: string) {
  await page.getByRole('button', { name: 'Add Card' }).click();
  const add = dialog(page, 'Add Card');
  await add.getByRole('textbox', { name: 'Card number' }).fill(number);
  await add.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('11/31');
  await add.getByRole('textbox', { name: 'CVC' }).fill('321');
  await add.getByRole('textbox', { name: 'Address' }).fill('350 5th Ave');
  await add.getByRole('textbox', { name: 'City' }).fill('New York');
  await add.getByRole('textbox', { name: 'State' }).fill('NY');
  await add.getByRole('textbox', { name: 'ZIP code' }).fill('10118');
  await add.getByRole('button', { name: 'Save Card' }).click();
  return add;
}

/** On the profile's Wallet tab: a sandbox card added through the Add Card dialog. */
export async function addCard(page: Page, number: string) {
  const add = await submitNewCard(page, number);
  await expect(toast(page, 'Card added successfully').first()).toBeVisible();
  await expect(add).toBeHidden();
}
