import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { expectDialogStep, watchApiCalls } from './diagnostics';
import { hostUrl } from './ports';

/** A demo client of marketplace 1 (seeded: email and phone confirmed, full profile). */
export const demoClient = { email: 'demo@glow.example', password: 'demo-pass-123' };

let counter = 0;
/** An address no other test uses: `${name}.${unique}@example.com` (the local provider names it Name Unique). */
export function uniqueEmail(name: string): string {
  counter += 1;
  return `${name}.${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}@example.com`;
}

/** New York area codes: with the desktop and phone projects both registering, 10,000 numbers were few. */
const areaCodes = ['212', '646', '917', '718', '347'];

/** A US number no other test uses (+1 <New York area code> 555 xxxx: 50,000 of them). */
export function uniquePhone(): string {
  const areaCode = areaCodes[Math.floor(Math.random() * areaCodes.length)];
  return `+1${areaCode}555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
}

export interface MailboxMessage {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  links: string[];
}

/** The dev mailbox's messages to an email address or phone, newest first. */
export async function mailbox(request: APIRequestContext, to: string): Promise<MailboxMessage[]> {
  const response = await request.get(`${hostUrl}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { messages: MailboxMessage[] }).messages;
}

/** Waits for a message newer than the `seen` ones and returns it. */
export async function nextMessage(request: APIRequestContext, to: string, seen = 0): Promise<MailboxMessage> {
  let messages: MailboxMessage[] = [];
  await expect
    .poll(
      async () => {
        messages = await mailbox(request, to);
        return messages.length;
      },
      { message: `a message to ${to}` },
    )
    .toBeGreaterThan(seen);
  const [newest] = messages;
  if (!newest) throw new Error(`No message to ${to}`);
  return newest;
}

/**
 * The code of the newest sign-in code mail newer than the `seen` ones: a staff member's mailbox also
 * gets the new-request mails, which may arrive between the request for a code and the code.
 */
export async function nextSignInCode(request: APIRequestContext, to: string, seen = 0): Promise<string> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const messages = await mailbox(request, to);
        found = messages
          .slice(0, Math.max(0, messages.length - seen))
          .find((message) => message.subject?.endsWith('sign-in code'));
        return found !== undefined;
      },
      { message: `a sign-in code mailed to ${to}` },
    )
    .toBe(true);
  return codeIn(found as MailboxMessage);
}

/** The 6-digit code of a passcode email or a phone-verification SMS. */
export function codeIn(message: MailboxMessage): string {
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`No code in: ${message.text}`);
  return code;
}

/** The link of a message that goes to `path` on the web app (e.g. /reset-password). */
export function linkIn(message: MailboxMessage, path: string): string {
  const link = message.links.find((candidate) => new URL(candidate).pathname === path);
  if (!link) throw new Error(`No ${path} link in: ${message.text}`);
  return link;
}

/**
 * Creates an account with a password (and optionally a profile, e.g. an unconfirmed phone) through
 * the API (a separate cookie jar: the browser stays signed out). Its email is not confirmed; a
 * confirmation link is emailed.
 */
export async function registerWithPassword(
  request: APIRequestContext,
  {
    email,
    password,
    marketplaceId = '1',
    profile,
  }: { email: string; password: string; marketplaceId?: string; profile?: Record<string, unknown> },
) {
  const response = await request.post(`${hostUrl}/graphql`, {
    headers: { origin: hostUrl, 'content-type': 'application/json' },
    data: {
      query:
        'mutation Register($marketplaceId: ID!, $email: String!, $password: String!, $profile: ProfileInput) { register(marketplaceId: $marketplaceId, email: $email, password: $password, profile: $profile) { emailConfirmed } }',
      variables: { marketplaceId, email, password, profile },
    },
  });
  const body = (await response.json()) as {
    data?: { register: { emailConfirmed: boolean } };
    errors?: unknown;
  };
  expect(body.errors).toBeUndefined();
  expect(body.data?.register.emailConfirmed).toBe(false);
}

export const header = (page: Page) => page.getByRole('banner');
export const signInButton = (page: Page) => header(page).getByRole('button', { name: 'Sign in' });
export const profileButton = (page: Page) => header(page).getByRole('button', { name: 'My Profile' });

/** The open dialog titled `title`. */
export const dialog = (page: Page, title: string): Locator =>
  page.getByRole('dialog', { name: title }).or(page.getByRole('alertdialog', { name: title }));

/** A toast with exactly this text. */
export const toast = (page: Page, text: string) =>
  page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text });

/** Opens the sign-in dialog from the header and asks for a code for `email`. */
export async function requestCode(page: Page, email: string) {
  watchApiCalls(page);
  await signInButton(page).click();
  const signIn = dialog(page, 'Sign in');
  await signIn.getByRole('textbox', { name: 'Email' }).fill(email);
  await signIn.getByRole('button', { name: 'Continue', exact: true }).click();
  await expectDialogStep(page, dialog(page, 'Check your email'), 'Check your email');
  await expect(toast(page, 'Passcode sent successfully!')).toBeVisible();
}

/** Types a code into the six digit inputs, one key at a time (the sixth submits). */
export async function typeCode(page: Page, code: string) {
  await dialog(page, 'Check your email').getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
}

/** Signs in by emailed passcode from the header, reading the code from the dev mailbox. */
export async function signInWithPasscode(page: Page, request: APIRequestContext, email: string) {
  const seen = (await mailbox(request, email)).length;
  await requestCode(page, email);
  await typeCode(page, codeIn(await nextMessage(request, email, seen)));
  await expect(toast(page, 'Login successful!')).toBeVisible();
  await expect(profileButton(page)).toBeVisible();
}

/** Signs in with email and password from the header (no code is emailed). */
export async function signInWithPassword(page: Page, email: string, password: string) {
  watchApiCalls(page);
  await signInButton(page).click();
  const signIn = dialog(page, 'Sign in');
  await signIn.getByRole('textbox', { name: 'Email' }).fill(email);
  await signIn.getByRole('button', { name: 'Sign in with a password' }).click();
  const form = dialog(page, 'Sign in with your password');
  await expectDialogStep(page, form, 'Sign in with your password');
  await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** On the local OpenID provider's login page (Google or Apple stand-in): signs in as `email`. */
export async function providerLogin(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: /^Sign in with (Google|Apple)$/ })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}
