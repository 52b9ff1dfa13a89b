import { expect, test } from '@playwright/test';
import { cartButton, chooseClinic, freshStart, glow, solace } from '../support/booking';
import { demoClient, signInWithPassword, toast } from '../support/identity';

test.describe('choosing a location', () => {
  test('choosing a clinic goes to /services?location={id} with its name, address and phone', async ({
    page,
  }) => {
    await freshStart(page, '/1/set-location');
    await page.getByRole('radio', { name: 'In Clinic' }).check({ force: true });
    await expect(page.getByRole('textbox', { name: 'Search clinics' })).toHaveCount(0);
    await expect(page.getByText('(212) 555-0143', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Choose ${glow.manhattan.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/1/services\\?location=${glow.manhattan.id}$`));
    const card = page.getByLabel('Your location');
    await expect(card).toContainText(glow.manhattan.name);
    await expect(card).toContainText(glow.manhattan.address);
    // The phone reads nationally and still dials the stored number.
    await expect(card.getByRole('link', { name: '(212) 555-0143' })).toHaveAttribute(
      'href',
      'tel:+12125550143',
    );
    await expect(card.getByRole('link', { name: 'Change location' })).toHaveAttribute(
      'href',
      '/1/set-location',
    );
  });

  test('marketplace 2 (12 clinics) has a clinic search that filters from 3 characters', async ({ page }) => {
    await freshStart(page, '/2/set-location');
    const search = page.getByRole('searchbox', { name: 'Search clinics' });
    const clinics = page.getByRole('list', { name: 'Clinics' }).getByRole('listitem');
    await expect(clinics).toHaveCount(12);
    await search.fill('Bo');
    await expect(clinics).toHaveCount(12);
    await search.fill('Bos');
    await expect(clinics).toHaveCount(1);
    await expect(clinics.first()).toContainText('Nocturne Back Bay');
    await search.fill('Anchorage');
    await expect(page.getByText('No locations found')).toBeVisible();
    await search.fill('Back Bay');
    await page.getByRole('button', { name: 'Choose Nocturne Back Bay' }).click();
    await expect(page).toHaveURL(/\/2\/services\?location=202$/);
  });

  test('an address is chosen from the gazetteer suggestions and shows as My Location', async ({ page }) => {
    await freshStart(page, '/1/set-location');
    const address = page.getByRole('combobox', { name: 'Service address' });
    await address.fill('3');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await address.fill('350 5th Ave, New York, NY 10118');
    const option = page.getByRole('option', { name: /350 5th Ave/ });
    await expect(option).toBeVisible();
    await expect(page.getByRole('option')).toHaveCount(1);
    await option.click();
    await expect(page).toHaveURL(/\/1\/services$/);
    const card = page.getByLabel('Your location');
    await expect(card).toContainText('My Location');
    await expect(card).toContainText('350 5th Ave, New York, NY 10118');
    await expect(page.getByRole('button', { name: 'IV Therapy' })).toBeVisible();
  });

  test("a city or a street typed alone finds the marketplace's own city first, placed inside it", async ({
    page,
  }) => {
    await freshStart(page, '/1/set-location');
    const address = page.getByRole('combobox', { name: 'Service address' });
    // Glow works around New York City: its city comes first, and 'New Yo' is a city being typed.
    await address.fill('350 5th Ave');
    await expect(page.getByRole('option').first()).toContainText('New York, NY');
    await address.fill('New Yo');
    await expect(page.getByRole('option', { name: 'New York, NY' })).toBeVisible();
    await page.getByRole('option', { name: 'New York, NY' }).click();
    await expect(page).toHaveURL(/\/1\/services$/);
    // Placed in Manhattan, inside the service area: the at-home menu, not 'No Results'.
    await expect(page.getByRole('button', { name: 'IV Therapy' })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('selected-location') ?? 'null'));
    expect(stored.latitude).toBeCloseTo(40.76, 1);
    expect(stored.longitude).toBeCloseTo(-73.98, 1);
  });

  test('suggestions can be chosen with the keyboard alone', async ({ page }) => {
    await freshStart(page, '/1/set-location');
    const address = page.getByRole('combobox', { name: 'Service address' });
    await address.fill('Brooklyn, NY');
    // The best match is highlighted as the suggestions arrive; the arrows move the highlight.
    await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await address.press('ArrowDown');
    await address.press('ArrowUp');
    await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await address.press('Enter');
    await expect(page).toHaveURL(/\/1\/services$/);
    await expect(page.getByLabel('Your location')).toContainText('Brooklyn, NY');
  });

  test('a street typed alone is offered in cities to pick from, and Enter takes the highlighted one', async ({
    page,
  }) => {
    await freshStart(page, '/1/set-location');
    const address = page.getByRole('combobox', { name: 'Service address' });
    await address.fill('350 5th Ave');
    await expect(page.getByRole('option', { name: /350 5th Ave.*New York, NY/ })).toBeVisible();
    await expect(page.getByText('No matching places')).toHaveCount(0);
    // Then the city, with or without a comma.
    await address.fill('350 5th Ave New York');
    await expect(page.getByRole('option').first()).toContainText('New York, NY');
    await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await address.press('Enter');
    await expect(page).toHaveURL(/\/1\/services$/);
    await expect(page.getByLabel('Your location')).toContainText('350 5th Ave, New York, NY');
  });

  test("an address outside the service area shows 'No Results' and says it is not visited", async ({
    page,
  }) => {
    await freshStart(page, '/1/set-location');
    await page.getByRole('combobox', { name: 'Service address' }).fill('Austin, TX');
    await page.getByRole('option', { name: 'Austin, TX' }).first().click();
    await expect(page.getByText('No Results', { exact: true })).toBeVisible();
    await expect(page.getByText("We don't visit Austin, TX yet.")).toBeVisible();
    await expect(
      page.getByText(
        'Sorry! There are no services available at the location you selected. Please try another location.',
      ),
    ).toBeVisible();
  });

  test('skip for now clears the location and the services page asks for one', async ({ page }) => {
    await chooseClinic(page, '1', glow.manhattan.name);
    await page.goto('/1/set-location');
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await expect(page).toHaveURL(/\/1\/services$/);
    await expect(
      page.getByText('Select a clinic or enter your address to view services available in your area.'),
    ).toBeVisible();
  });

  test('a clinic-only marketplace asks for a clinic', async ({ page }) => {
    await freshStart(page, '/2/services');
    await expect(
      page.getByText('Select a clinic to view services available at that location.'),
    ).toBeVisible();
  });

  test("signing in without a location uses the profile's address and goes to /services", async ({ page }) => {
    await freshStart(page, '/1/set-location');
    await signInWithPassword(page, demoClient.email, demoClient.password);
    await expect(page).toHaveURL(/\/1\/services$/);
    const card = page.getByLabel('Your location');
    await expect(card).toContainText('My Location');
    await expect(card).toContainText('New York, NY');

    // Once chosen differently, the client is not sent away again.
    await page.getByRole('link', { name: 'Change location' }).click();
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.goto('/1/set-location');
    await expect(page.getByRole('combobox', { name: 'Service address' })).toBeVisible();
    await expect(page).toHaveURL(/\/1\/set-location$/);
  });

  test('marketplace 3 (one clinic, no at-home service) selects its clinic by itself', async ({ page }) => {
    await freshStart(page, '/3');
    await expect(page).toHaveURL(/\/3\/services$/);
    await expect(page.getByLabel('Your location')).toContainText(solace.clinic.name);
  });
});

test.describe('services and the cart', () => {
  test('opening the dialog by URL shows the service, its add-ons and the total', async ({ page }) => {
    await chooseClinic(page, '1', glow.manhattan.name);
    await page.goto(`/1/services?procedure=${glow.myers.id}&addons=${glow.glutathione.id}`);
    const dialog = page.getByRole('dialog', { name: glow.myers.name });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('$199.00').first()).toBeVisible();
    // Services come with their durations (Myers' Cocktail takes 45 minutes).
    await expect(dialog.getByText('45 min', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('list').first()).toContainText('Magnesium');
    await expect(dialog.getByRole('region', { name: 'Recommended Add-ons' })).toContainText(
      glow.glutathione.name,
    );
    await expect(dialog.getByRole('region', { name: 'All Add-ons' })).toContainText(glow.antiNausea.name);
    await expect(dialog.getByRole('checkbox', { name: glow.glutathione.name })).toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Add Service $244.00' })).toBeVisible();
    // However long the service's page, its action stays in the window (the body scrolls instead).
    await expect(dialog.getByRole('button', { name: 'Add Service $244.00' })).toBeInViewport({ ratio: 1 });
    await dialog.getByRole('button', { name: 'More info' }).first().click();
    await expect(dialog.getByRole('button', { name: 'Less info' })).toBeVisible();
  });

  test('the cart drawer prices a service with its add-ons as /confirm does, with a total, over a dimmed page', async ({
    page,
  }) => {
    const backdropAlpha = async () => {
      const colour = await page
        .locator('[data-part="backdrop"][data-state="open"]')
        .last()
        .evaluate((element) => getComputedStyle(element).backgroundColor);
      return Number(/rgba?\([^)]*,\s*([\d.]+)\)/.exec(colour)?.[1] ?? 0);
    };
    await chooseClinic(page, '1', glow.manhattan.name);
    await page.goto(`/1/services?procedure=${glow.myers.id}&addons=${glow.glutathione.id}`);
    const dialog = page.getByRole('dialog', { name: glow.myers.name });
    await expect(dialog).toBeVisible();
    expect(await backdropAlpha()).toBeGreaterThanOrEqual(0.2);
    await dialog.getByRole('button', { name: 'Add Service $244.00' }).click();
    await expect(dialog).toBeHidden();
    await cartButton(page).click();
    const drawer = page.getByRole('dialog', { name: 'Selected Services' });
    await expect(drawer).toContainText(`+ ${glow.glutathione.name} $45.00`);
    // Myers' Cocktail ($199.00, 45 min) with Glutathione Push ($45.00, 10 min).
    await expect(drawer).toContainText('$244.00 · 55 min');
    await expect(drawer.getByTestId('cart-total')).toHaveText('$244.00');
    expect(await backdropAlpha()).toBeGreaterThanOrEqual(0.2);
  });

  test('without a location the dialog offers Select a Location, which keeps the service and add-ons', async ({
    page,
  }) => {
    await freshStart(page, `/1/services?procedure=${glow.myers.id}&addons=${glow.extraFluids.id}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Select a Location' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/1/set-location\\?procedure=${glow.myers.id}&addons=${glow.extraFluids.id}$`),
    );
    await page.getByRole('radio', { name: 'In Clinic' }).check({ force: true });
    await page.getByRole('button', { name: `Choose ${glow.manhattan.name}` }).click();
    await expect(page).toHaveURL(
      new RegExp(
        `/1/services\\?location=${glow.manhattan.id}&procedure=${glow.myers.id}&addons=${glow.extraFluids.id}$`,
      ),
    );
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Add Service $234.00' })).toBeVisible();
  });

  test('a service is added with add-ons, updated and removed; the badge counts services', async ({
    page,
  }) => {
    await chooseClinic(page, '1', glow.manhattan.name);
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 selected services');
    // A service with add-ons opens its dialog instead of being added.
    await page.getByRole('button', { name: `Add ${glow.myers.name}` }).click();
    const dialog = page.getByRole('dialog', { name: glow.myers.name });
    await dialog.getByText(glow.extraFluids.name, { exact: true }).click();
    await expect(dialog.getByRole('checkbox', { name: glow.extraFluids.name })).toBeChecked();
    await dialog.getByRole('button', { name: 'Add Service $234.00' }).click();
    await expect(dialog).toBeHidden();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 selected service');
    await expect(page.getByTestId('cart-count')).toHaveText('1');

    await page.getByRole('button', { name: `${glow.myers.name}, details` }).click();
    await expect(dialog.getByRole('checkbox', { name: glow.extraFluids.name })).toBeChecked();
    await dialog.getByText(glow.glutathione.name, { exact: true }).click();
    await dialog.getByRole('button', { name: 'Update Service $279.00' }).click();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 selected service');
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('selected-procedures') ?? '[]')),
    ).toEqual([{ id: glow.myers.id, addOnIds: [glow.extraFluids.id, glow.glutathione.id] }]);

    await page.getByRole('button', { name: `${glow.myers.name}, details` }).click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 selected services');
  });

  test('an add-on another service in the cart holds moves to the new one, and the client is told', async ({
    page,
  }) => {
    await chooseClinic(page, '1', glow.manhattan.name);
    const addWithExtraFluids = async (service: { name: string }, label: string) => {
      await page.getByRole('button', { name: `Add ${service.name}` }).click();
      const dialog = page.getByRole('dialog', { name: service.name });
      await dialog.getByText(glow.extraFluids.name, { exact: true }).click();
      await dialog.getByRole('button', { name: new RegExp(`^${label}`) }).click();
      await expect(dialog).toBeHidden();
    };
    await addWithExtraFluids(glow.myers, 'Add Service');
    await addWithExtraFluids(glow.hydration, 'Add Service');
    await expect(
      toast(page, `${glow.extraFluids.name} moved from ${glow.myers.name} to ${glow.hydration.name}.`),
    ).toBeVisible();
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('selected-procedures') ?? '[]')),
    ).toEqual([
      { id: glow.myers.id, addOnIds: [] },
      { id: glow.hydration.id, addOnIds: [glow.extraFluids.id] },
    ]);
  });

  test('a service without add-ons is added at once, and toggling it again removes it', async ({ page }) => {
    await chooseClinic(page, '1', glow.manhattan.name);
    await page.getByRole('button', { name: 'Vitamin Injections' }).click();
    await page.getByRole('button', { name: `Add ${glow.b12.name}` }).click();
    await expect(page.getByRole('button', { name: `Remove ${glow.b12.name}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 selected service');
    await page.getByRole('button', { name: `Remove ${glow.b12.name}` }).click();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 selected services');
  });

  test('adding a service with no location goes to set-location with the procedure', async ({ page }) => {
    await freshStart(page, '/1/services');
    await page.getByRole('button', { name: 'Vitamin Injections' }).click();
    await page.getByRole('button', { name: `Add ${glow.b12.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/1/set-location\\?procedure=${glow.b12.id}$`));
  });

  test("changing the location clears the cart and shows the 'Location Changed' dialog", async ({ page }) => {
    await chooseClinic(page, '1', glow.manhattan.name);
    await page.getByRole('button', { name: 'Vitamin Injections' }).click();
    await page.getByRole('button', { name: `Add ${glow.b12.name}` }).click();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 selected service');
    await page.getByRole('link', { name: 'Change location' }).click();
    await page.getByRole('radio', { name: 'In Clinic' }).check({ force: true });
    await page.getByRole('button', { name: `Choose ${glow.chicago.name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Location Changed' });
    await expect(dialog).toContainText('cart were cleared');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 selected services');
  });

  test("the cart drawer 'Selected Services' has Edit and remove, and Checkout only with a date and time", async ({
    page,
  }) => {
    await chooseClinic(page, '1', glow.manhattan.name);
    await page.getByRole('button', { name: 'Vitamin Injections' }).click();
    // The service row shows its price and duration, as the cart drawer does.
    const row = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: `${glow.b12.name}, details` }) });
    await expect(row).toContainText('$35.00');
    await expect(row.getByText('10 min', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Add ${glow.b12.name}` }).click();
    await cartButton(page).click();
    const drawer = page.getByRole('dialog', { name: 'Selected Services' });
    await expect(drawer).toContainText(glow.b12.name);
    await expect(drawer).toContainText('$35.00 · 10 min');
    await expect(drawer.getByRole('button', { name: 'Checkout' })).toHaveCount(0);
    await drawer.getByRole('button', { name: `Edit ${glow.b12.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/1/services\\?procedure=${glow.b12.id}$`));
    await expect(page.getByRole('dialog', { name: glow.b12.name })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.evaluate(() =>
      localStorage.setItem('selected-date-time', '{"date":"2030-01-07","time":"10:00"}'),
    );
    await page.reload();
    await cartButton(page).click();
    await expect(drawer.getByRole('button', { name: 'Checkout' })).toBeVisible();
    await drawer.getByRole('button', { name: `Remove ${glow.b12.name}` }).click();
    await expect(drawer).toContainText('Your cart is empty.');
    // The focused Remove button went with its line: focus stays in the drawer, on Close.
    await expect(drawer.getByRole('button', { name: 'Close' })).toBeFocused();
    await expect(drawer.getByRole('button', { name: 'Checkout' })).toHaveCount(0);
  });

  test('the progress bar allows Date & Time only with a service, and Continue only then', async ({
    page,
  }) => {
    await chooseClinic(page, '1', glow.manhattan.name);
    const progress = page.getByRole('navigation', { name: 'Booking progress' });
    await expect(progress.getByRole('button', { name: /Date & Time/ })).toBeDisabled();
    await expect(progress.getByRole('button', { name: /Confirm/ })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await page.getByRole('button', { name: 'Vitamin Injections' }).click();
    await page.getByRole('button', { name: `Add ${glow.b12.name}` }).click();
    await expect(progress.getByRole('button', { name: /Date & Time/ })).toBeEnabled();
    await expect(progress.getByRole('button', { name: /Confirm/ })).toBeDisabled();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/1\/schedule$/);
  });

  test('a service image that fails to load is hidden', async ({ page }) => {
    await chooseClinic(page, '1', glow.manhattan.name);
    await page.getByRole('button', { name: 'Vitamin Injections' }).click();
    const lipo = page.getByRole('listitem').filter({ hasText: glow.lipoC.name });
    await expect(lipo).toBeVisible();
    await expect(lipo.getByRole('img')).toHaveCount(0);
    const b12 = page.getByRole('listitem').filter({ hasText: glow.b12.name });
    await expect(b12.locator('img')).toHaveCount(1);
  });
});
