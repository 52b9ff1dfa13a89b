import { expect, type Locator, type Page, test } from '@playwright/test';
import { addDays } from 'date-fns';
import {
  expectBookingReceived,
  fillGuestDetails,
  newGuestEmail,
  pickFirstTimeAndContinue,
  requestAppointment,
  summaryTotal,
} from '../support/checkout';
import { dialog, mailbox, nextMessage, toast, uniqueEmail } from '../support/identity';
import { gotoLive } from '../support/live';
import { hostUrl } from '../support/ports';
import { operatorQuery } from '../support/releases';
import { clinicToday, nextWeekday } from '../support/schedule';
import { staffSignsIn } from '../support/staff-api';

/** The console's section `name`, from its navigation. */
async function openSection(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** A Settings part, from the side list. */
async function openSettingsPart(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('button', { name }).click();
}

/** The setup checklist's step titled `title`. */
const setupStep = (page: Page, title: string): Locator =>
  page.getByRole('list', { name: 'Setup steps' }).getByRole('listitem', { name: title });

/** A service's prices and durations: option 1's. */
async function fillOption(form: Locator, price: string, minutes: string) {
  await form.getByRole('textbox', { name: 'Price ($), option 1' }).fill(price);
  await form.getByRole('textbox', { name: 'Minutes, option 1' }).fill(minutes);
}

/**
 * The client's next load of the marketplace's menu, with `category` open (the first category starts
 * open; a phone may show it folded).
 */
async function loadMenu(client: Page, marketplaceId: string, category: string) {
  await gotoLive(client, `/${marketplaceId}/services`);
  await expect(client.getByRole('heading', { level: 1, name: 'Select a Service' })).toBeVisible();
  const header = client.getByRole('button', { name: category, exact: true });
  await expect(header).toBeVisible();
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await expect(header).toHaveAttribute('aria-expanded', 'true');
}

// From an empty marketplace to a booked appointment, with nothing seeded for it: the operator creates
// it, its owner sets it up in the console only, a client books it on a phone. It creates a
// marketplace of its own, so it runs once (in the desktop project; the client has a phone of their own).
test('a new marketplace is set up in the console only and booked by a client on a phone', async ({
  browser,
  request,
}) => {
  test.skip(test.info().project.name !== 'desktop', 'runs once: the client books on a phone of their own');
  test.setTimeout(300_000);
  const run = Date.now().toString(36);
  const name = `Tidewater Wellness ${run}`;
  const ownerEmail = uniqueEmail('setup-owner');
  const clinicName = `Tidewater Midtown ${run}`;
  const category = 'IV Drips';
  const booked = { name: 'Tidewater Hydration', price: '80', minutes: '45' };
  const other = { name: 'Tidewater Immunity', price: '120', minutes: '60' };
  const addOn = { name: 'Tidewater Zinc Boost', price: '15', minutes: '10' };
  const practitioner = 'Rosa Delgado';
  const promoCode = `TIDE${run.slice(-4).toUpperCase()}`;

  // 1. The operator creates the marketplace (operator-only API, operator key).
  const seen = (await mailbox(request, ownerEmail)).length;
  const created = await operatorQuery<{ createMarketplace: { id: string; ownerEmail: string } }>(
    'mutation ($input: CreateMarketplaceInput!) { createMarketplace(input: $input) { id ownerEmail } }',
    {
      input: {
        name,
        groupName: `Tidewater Group ${run}`,
        providesAtHome: false,
        timeZone: 'America/New_York',
        ownerEmail,
      },
    },
  );
  expect(created.errors, JSON.stringify(created.errors)).toBeUndefined();
  const id = created.data?.createMarketplace.id ?? '';
  expect(id).not.toBe('');

  // 2. The owner's invitation links to the console; they sign in by passcode and land on Setup.
  const invitation = await nextMessage(request, ownerEmail, seen);
  expect(invitation.subject).toBe(`Set up ${name}: your console is ready`);
  // The link the owner opens: the console of the new marketplace, where staffSignsIn signs in.
  expect(invitation.links, invitation.text).toContain(`${hostUrl}/${id}/console`);
  const owner = await staffSignsIn(browser, request, id, ownerEmail, 'Setup');
  await expect(owner.getByText('Not live', { exact: true })).toBeVisible();
  await expect(owner.getByText('0 of 4 required steps done')).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Make live' })).toBeDisabled();
  await expect(setupStep(owner, 'Branding')).toContainText('Optional');
  await expect(setupStep(owner, 'A place to book')).toContainText('To do');

  // 3a. Settings: branding.
  await openSection(owner, 'Settings');
  await openSettingsPart(owner, 'Details & branding');
  await owner.getByRole('textbox', { name: 'Primary colour', exact: true }).fill('#0E7490');
  await owner.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(owner, 'Details and branding saved.')).toBeVisible();
  await expect(owner.getByRole('textbox', { name: 'Primary colour', exact: true })).toHaveValue('#0E7490');

  // 3b. A clinic: its address from the place search, phone, time zone and opening hours.
  await openSettingsPart(owner, 'Clinics');
  await owner.getByRole('button', { name: 'Add a clinic' }).click();
  await owner.getByRole('textbox', { name: 'Clinic name' }).fill(clinicName);
  await owner.getByRole('combobox', { name: 'Find the address' }).fill('350 5th Ave');
  await owner
    .getByRole('listbox', { name: 'Find the address' })
    .getByRole('option', { name: /New York, NY/ })
    .click();
  // The zone comes with the place.
  await expect(owner.getByRole('textbox', { name: 'Address' })).toHaveValue(/350 5th Ave/);
  await expect(owner.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/New_York');
  await owner.getByRole('textbox', { name: 'Phone' }).fill('(212) 555-0190');
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])
    await owner.getByRole('button', { name: `Add hours on ${day}` }).click();
  await owner.getByRole('button', { name: 'Add clinic' }).click();
  await expect(toast(owner, 'Clinic added.')).toBeVisible();
  const clinics = owner.getByRole('list', { name: 'Clinics' });
  await expect(clinics).toContainText(clinicName);
  await expect(clinics).toContainText('America/New_York');
  await expect(clinics).toContainText('Mon 09:00–17:00');
  await expect(clinics).toContainText('Sun closed');

  // 3c. Payments: nothing charged online (a new marketplace charges the whole price on confirmation),
  // reviewed from Setup.
  await openSettingsPart(owner, 'Payments');
  const method = owner.getByRole('combobox', { name: 'What is charged online' });
  await method.selectOption('collect_on_site');
  await owner.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(owner, 'Payment settings saved.')).toBeVisible();
  await openSection(owner, 'Setup');
  await setupStep(owner, 'Payment settings').getByRole('button', { name: 'Mark as reviewed' }).click();
  await expect(toast(owner, 'Payment settings marked as reviewed.')).toBeVisible();

  // 3d. Catalogue: a category, two services offered at the clinic, an add-on offered with one.
  await openSection(owner, 'Catalogue');
  await owner.getByRole('button', { name: 'Add category' }).click();
  const categoryForm = owner.getByRole('form', { name: 'New category' });
  await categoryForm.getByRole('textbox', { name: 'Name' }).fill(category);
  await categoryForm.getByRole('button', { name: 'Add category' }).click();
  await expect(owner.getByRole('heading', { name: category })).toBeVisible();
  for (const service of [booked, other]) {
    await owner.getByRole('button', { name: `Add a service to ${category}` }).click();
    const form = owner.getByRole('form', { name: 'New service' });
    await form.getByRole('textbox', { name: 'Name' }).fill(service.name);
    await fillOption(form, service.price, service.minutes);
    await form.getByRole('checkbox', { name: clinicName }).check({ force: true });
    await form.getByRole('button', { name: 'Add service' }).click();
    await expect(owner.getByRole('list', { name: `Services of ${category}` })).toContainText(service.name);
  }
  await owner.getByRole('button', { name: 'Add add-on' }).click();
  const addOnForm = owner.getByRole('form', { name: 'New add-on' });
  await addOnForm.getByRole('textbox', { name: 'Name' }).fill(addOn.name);
  await fillOption(addOnForm, addOn.price, addOn.minutes);
  await addOnForm.getByRole('checkbox', { name: clinicName }).check({ force: true });
  await addOnForm.getByRole('combobox', { name: `${booked.name}: offered` }).selectOption('all');
  await addOnForm.getByRole('button', { name: 'Add add-on' }).click();
  await expect(owner.getByRole('list', { name: 'Add-ons' })).toContainText(addOn.name);

  // 3e. Team: a practitioner performing both services, working every day at the clinic.
  await openSection(owner, 'Team');
  await owner.getByRole('button', { name: 'Add practitioner' }).click();
  const newPractitioner = owner.getByRole('form', { name: 'New practitioner' });
  await newPractitioner.getByRole('textbox', { name: 'Name' }).fill(practitioner);
  for (const service of [booked.name, other.name, `${addOn.name} (add-on)`])
    await newPractitioner.getByRole('checkbox', { name: service }).check({ force: true });
  await newPractitioner.getByRole('button', { name: 'Add practitioner' }).click();
  await expect(toast(owner, `${practitioner} added. Set their weekly hours next.`)).toBeVisible();
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
    await owner.getByRole('button', { name: `Add hours on ${day}` }).click();
  await owner.getByRole('button', { name: 'Save hours' }).click();
  await expect(toast(owner, `Hours at ${clinicName} saved.`)).toBeVisible();

  // 3f. Offers: a promo code of 20% off.
  await openSection(owner, 'Offers');
  await owner.getByRole('button', { name: 'New promo code' }).click();
  const promo = dialog(owner, 'New promo code');
  await promo.getByRole('textbox', { name: 'Code' }).fill(promoCode);
  await promo.getByRole('textbox', { name: 'Percent off' }).fill('20');
  await promo.getByRole('button', { name: 'Create promo code' }).click();
  await expect(owner.getByRole('table', { name: 'Promo codes' })).toContainText(promoCode);

  // Not live yet: a client may look around, and every page says it takes no bookings yet.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const client = await phone.newPage();
  const notLive = client.getByRole('status', { name: 'Not taking bookings' });
  await loadMenu(client, id, category);
  await expect(notLive).toHaveText('This marketplace is not taking bookings yet.');

  // 3g. Every required step done: the owner makes it live.
  await openSection(owner, 'Setup');
  await expect(owner.getByText('4 of 4 required steps done')).toBeVisible();
  await expect(setupStep(owner, 'Branding')).toContainText('Done');
  await owner.getByRole('button', { name: 'Make live' }).click();
  await dialog(owner, 'Make your marketplace live?').getByRole('button', { name: 'Make live' }).click();
  await expect(toast(owner, 'Your marketplace is live: clients can book it.')).toBeVisible();
  await expect(owner.getByText('Live', { exact: true })).toBeVisible();

  // 4. A client books it on a phone, as a guest, at the promo price; the notice is gone.
  await loadMenu(client, id, category);
  await expect(notLive).toHaveCount(0);
  await expect(client.getByLabel('Your location')).toContainText(clinicName);
  // The owner's colour (#0E7490).
  await expect(client.getByRole('banner').getByRole('button', { name: 'Sign in' })).toHaveCSS(
    'background-color',
    'rgb(14, 116, 144)',
  );
  const addBooked = client.getByRole('button', { name: `Add ${booked.name}` });
  await expect(client.getByRole('button', { name: `Add ${other.name}` })).toBeVisible();
  // A service with add-ons opens its dialog, the owner's add-on under All Add-ons.
  await addBooked.click();
  const details = client.getByRole('dialog', { name: booked.name });
  await expect(details.getByRole('region', { name: 'All Add-ons' })).toContainText(addOn.name);
  await details.getByRole('button', { name: 'Add Service $80.00' }).click();
  await expect(details).toBeHidden();
  await client.getByRole('button', { name: 'Continue', disabled: false }).click();
  await expect(client.getByRole('heading', { level: 1, name: 'Choose Date & Time' })).toBeVisible();
  await pickFirstTimeAndContinue(client, nextWeekday([2, 3, 4], addDays(clinicToday(), 7)));
  await expect(summaryTotal(client)).toHaveText('$80.00');
  await client.getByRole('textbox', { name: 'Promo code' }).fill(promoCode);
  await client.getByRole('button', { name: 'Apply' }).click();
  await expect(client.getByLabel('Checkout summary')).toContainText('Promo code (20% off)−$16.00');
  await expect(summaryTotal(client)).toHaveText('$64.00');
  const guestEmail = await fillGuestDetails(client, newGuestEmail());
  await requestAppointment(client);
  await expectBookingReceived(client);

  // 5. The owner changes the booked service's price; the client's next load shows it.
  await openSection(owner, 'Catalogue');
  await owner.getByRole('button', { name: `Edit ${booked.name}` }).click();
  const edit = owner.getByRole('form', { name: `Edit ${booked.name}` });
  await edit.getByRole('textbox', { name: 'Price ($), option 1' }).fill('95');
  await edit.getByRole('button', { name: 'Save service' }).click();
  await expect(toast(owner, `${booked.name} saved.`)).toBeVisible();
  await expect(owner.getByRole('list', { name: `Services of ${category}` })).toContainText('$95.00 · 45 min');
  await loadMenu(client, id, category);
  const menu = client.getByRole('main');
  await expect(menu).toContainText('$95.00');
  await expect(menu).not.toContainText('$80.00');

  // 6. The owner archives the booked service: off the menu, still on the appointment.
  await owner.getByRole('button', { name: `Archive ${booked.name}` }).click();
  await owner.getByRole('alertdialog').getByRole('button', { name: 'Archive' }).click();
  await expect(toast(owner, `${booked.name} archived.`)).toBeVisible();
  await loadMenu(client, id, category);
  await expect(client.getByRole('button', { name: `Add ${other.name}` })).toBeVisible();
  await expect(client.getByRole('button', { name: `Add ${booked.name}` })).toHaveCount(0);

  await openSection(owner, 'Requests');
  const appointment = owner.getByRole('article').filter({ hasText: guestEmail });
  await expect(appointment).toBeVisible({ timeout: 20_000 });
  await expect(appointment).toContainText(booked.name);
  await expect(appointment).toContainText(clinicName);
  await phone.close();
  await owner.context().close();
});
