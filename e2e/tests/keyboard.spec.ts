import { expect, type Page, test } from '@playwright/test';
import { freshStart, glow } from '../support/booking';
import { expectBookingReceived, newGuestEmail, weekdayWeeksAhead } from '../support/checkout';
import { codeIn, demoClient, dialog, header, mailbox, nextMessage, toast } from '../support/identity';
import { expectFocusTrapped, expectVisibleFocus, press, tabTo, typeInto } from '../support/keyboard';
import { dayButtonName, dayHeading, timesRegion } from '../support/schedule';

// A client who uses no mouse books, signs in and edits their profile. Locators only say
// where focus should be (and that it shows); every action is a key press. A fresh guest books, and
// signs in as the account checkout registered for them.

const button = (page: Page, name: string | RegExp, exact = true) => page.getByRole('button', { name, exact });
const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
/** A new page puts focus on its heading (so Tab goes on from the top of its content). */
const expectPageFocused = (page: Page, name: string) =>
  expect(page.getByRole('heading', { level: 1, name })).toBeFocused();

test('a guest books, signs in and edits the profile with the keyboard alone', async ({ page, request }) => {
  // A whole booking, a sign-in and a profile edit: a long journey.
  test.setTimeout(180_000);
  const email = newGuestEmail();
  // A week no other journey books, so the first free time is still free whatever ran before.
  const day = weekdayWeeksAhead(11);

  // /set-location: the segmented control is one tab stop; an arrow key chooses In Clinic (radio group).
  await freshStart(page, '/1/set-location');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Location' })).toBeVisible();
  const mobile = page.getByRole('radio', { name: 'Mobile' });
  const inClinic = page.getByRole('radio', { name: 'In Clinic' });
  await tabTo(page, mobile);
  await page.keyboard.press('ArrowRight');
  await expect(inClinic).toBeChecked();
  await expect(inClinic).toBeFocused();
  await expectVisibleFocus(page);
  const choose = button(page, `Choose ${glow.manhattan.name}`);
  await tabTo(page, choose);
  await press(page, choose, 'Enter');
  await expectPageFocused(page, 'Select a Service');

  // /services: a category opens with Enter; a service with add-ons opens its dialog.
  const category = button(page, /^IV Therapy/, false);
  await tabTo(page, category);
  if ((await category.getAttribute('aria-expanded')) !== 'true') await press(page, category, 'Enter');
  await expect(category).toHaveAttribute('aria-expanded', 'true');
  const add = button(page, `Add ${glow.myers.name}`);
  await tabTo(page, add);
  await press(page, add, 'Enter');
  const serviceDialog = page.getByRole('dialog', { name: glow.myers.name });
  await expect(serviceDialog).toBeVisible();
  // The dialog holds focus: Tab goes round inside it, never to the page behind.
  await expect(serviceDialog.locator(':focus')).toHaveCount(1);
  await expectFocusTrapped(page, serviceDialog);
  const glutathione = serviceDialog.getByRole('checkbox', { name: glow.glutathione.name });
  await tabTo(page, glutathione);
  await press(page, glutathione, 'Space');
  await expect(glutathione).toBeChecked();
  const addService = serviceDialog.getByRole('button', { name: /^Add Service/ });
  await tabTo(page, addService);
  await press(page, addService, 'Enter');
  await expect(serviceDialog).toBeHidden();
  // Focus comes back where the dialog was opened from.
  await expect(button(page, `Remove ${glow.myers.name}`)).toBeFocused();
  const next = button(page, 'Continue');
  await tabTo(page, next);
  await press(page, next, 'Enter');
  await expectPageFocused(page, 'Choose Date & Time');

  // /schedule: weeks move with Next week; a day and a time are picked with Enter.
  const dayButton = page
    .getByRole('list', { name: 'Week' })
    .getByRole('button', { name: dayButtonName(day) });
  const nextWeek = button(page, 'Next week');
  await tabTo(page, nextWeek);
  for (let weeks = 0; weeks < 14 && !(await dayButton.isVisible()); weeks++) {
    await press(page, nextWeek, 'Enter');
  }
  await tabTo(page, dayButton);
  await press(page, dayButton, 'Enter');
  await expect(page.getByRole('heading', { level: 2, name: dayHeading(day) })).toBeVisible();
  await expect(dayButton).toHaveAttribute('aria-pressed', 'true');
  const firstTime = timesRegion(page).getByRole('button').first();
  await expect(firstTime).toBeVisible();
  await tabTo(page, firstTime);
  await press(page, firstTime, 'Enter');
  await expect(firstTime).toHaveAttribute('aria-pressed', 'true');
  const toConfirm = button(page, 'Continue');
  await tabTo(page, toConfirm);
  await press(page, toConfirm, 'Enter');
  await expectPageFocused(page, 'Review & Confirm');

  // /confirm: the guest's details, Glow's question, the card, the policy, then the request.
  await typeInto(page, textbox(page, 'First Name'), 'Kai');
  await typeInto(page, textbox(page, 'Last Name'), 'Keys');
  await typeInto(page, textbox(page, 'Date of Birth'), '04/12/1990');
  await typeInto(page, textbox(page, 'Phone'), '2125550148', '(212) 555-0148');
  await typeInto(page, textbox(page, 'Email'), email);
  const questions = button(page, 'A few questions from Glow Mobile IV');
  await tabTo(page, questions);
  if ((await questions.getAttribute('aria-expanded')) !== 'true') await press(page, questions, 'Enter');
  await expect(questions).toHaveAttribute('aria-expanded', 'true');
  await typeInto(page, textbox(page, 'Any allergies we should know about?'), 'None');
  const payment = page.getByRole('region', { name: 'Payment method' });
  await typeInto(
    page,
    payment.getByRole('textbox', { name: 'Card number' }),
    '4242424242424242',
    '4242 4242 4242 4242',
  );
  await typeInto(page, payment.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '1230', '12/30');
  await typeInto(page, payment.getByRole('textbox', { name: 'CVC' }), '123');
  await typeInto(page, payment.getByRole('textbox', { name: 'Address' }), '350 5th Ave');
  await typeInto(page, payment.getByRole('textbox', { name: 'City' }), 'New York');
  await typeInto(page, payment.getByRole('textbox', { name: 'State' }), 'NY');
  await typeInto(page, payment.getByRole('textbox', { name: 'ZIP code' }), '10118');
  const policy = page.getByRole('checkbox', { name: /^I have read and agree to the/ });
  await tabTo(page, policy);
  await press(page, policy, 'Space');
  await expect(policy).toBeChecked();
  const requestAppointment = button(page, 'Request Appointment');
  await tabTo(page, requestAppointment);
  await press(page, requestAppointment, 'Enter');
  await expectBookingReceived(page);
  await expectPageFocused(page, 'Booking Received');

  // Sign-in from the header: the email, then the emailed code typed into the six digits.
  const seen = (await mailbox(request, email)).length;
  const signIn = header(page).getByRole('button', { name: 'Sign in' });
  await tabTo(page, signIn, { backwards: true });
  await press(page, signIn, 'Enter');
  const signInDialog = dialog(page, 'Sign in');
  const signInEmail = signInDialog.getByRole('textbox', { name: 'Email' });
  await expect(signInEmail).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Passcode sent successfully!')).toBeVisible();
  const codeDialog = dialog(page, 'Check your email');
  await expect(codeDialog.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeFocused();
  await page.keyboard.type(codeIn(await nextMessage(request, email, seen)));
  await expect(toast(page, 'Login successful!')).toBeVisible();
  await expect(codeDialog).toBeHidden();
  // The dialog hands focus back to the header's account button, now 'My Profile'; under load it
  // has been seen on the page instead (cause not found, see the issue note): reached backwards then.
  const myProfile = header(page).getByRole('button', { name: 'My Profile' });
  await tabTo(page, myProfile, { backwards: true });
  await press(page, myProfile, 'Enter');

  // /profile: the tabs move with arrow keys; Edit Profile, a changed last name, Save.
  await expect(page).toHaveURL(/\/1\/profile$/);
  await expectPageFocused(page, 'My Profile');
  const appointmentsTab = page.getByRole('tab', { name: 'Appointments' });
  const profileTab = page.getByRole('tab', { name: 'Profile' });
  await tabTo(page, appointmentsTab);
  await page.keyboard.press('Home');
  await expect(profileTab).toBeFocused();
  await expect(profileTab).toHaveAttribute('aria-selected', 'true');
  const edit = button(page, 'Edit Profile');
  await tabTo(page, edit);
  await press(page, edit, 'Enter');
  const form = page.getByRole('form', { name: 'Edit Profile' });
  await expect(form).toBeVisible();
  // Focus moves into the form that replaced the summary.
  await expect(form.getByRole('textbox', { name: 'First Name' })).toBeFocused();
  await typeInto(page, form.getByRole('textbox', { name: 'Last Name' }), 'Keyboard');
  // Checkout asked no home address; the profile needs one.
  await typeInto(page, form.getByRole('textbox', { name: 'Address' }), '350 5th Ave, New York, NY 10118');
  const save = form.getByRole('button', { name: 'Save' });
  await tabTo(page, save);
  await press(page, save, 'Enter');
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();
  const summary = page.getByRole('region', { name: 'Personal Information' });
  await expect(summary).toContainText('Kai Keyboard');
  // Focus is back on the button that opened the form.
  await expect(edit).toBeFocused();
});

test('the demo client signs in with a password, the keyboard moving through the dialog steps', async ({
  page,
}) => {
  await freshStart(page, '/1/services');
  await expect(page.getByRole('heading', { level: 1, name: 'Select a Service' })).toBeVisible();
  const signIn = header(page).getByRole('button', { name: 'Sign in' });
  await tabTo(page, signIn);
  await press(page, signIn, 'Enter');
  const emailStep = dialog(page, 'Sign in');
  await expect(emailStep.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await page.keyboard.type(demoClient.email);
  const choosePassword = emailStep.getByRole('button', { name: 'Sign in with a password' });
  await tabTo(page, choosePassword);
  await press(page, choosePassword, 'Enter');

  // The next step takes focus at its first empty field, not the page body behind the dialog.
  const passwordStep = dialog(page, 'Sign in with your password');
  await expect(passwordStep.getByRole('textbox', { name: 'Email' })).toHaveValue(demoClient.email);
  await expect(passwordStep.getByLabel('Password')).toBeFocused();
  await expectVisibleFocus(page);
  // And back: 'Email me a code instead' puts focus on the email again.
  const useCode = passwordStep.getByRole('button', { name: 'Email me a code instead' });
  await tabTo(page, useCode);
  await press(page, useCode, 'Enter');
  await expect(emailStep.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await tabTo(page, choosePassword);
  await press(page, choosePassword, 'Enter');
  await expect(passwordStep.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(demoClient.password);
  await page.keyboard.press('Enter');

  await expect(toast(page, 'Login successful!')).toBeVisible();
  await expect(passwordStep).toBeHidden();
  await expect(header(page).getByRole('button', { name: 'My Profile' })).toBeVisible();
});
