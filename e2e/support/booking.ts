import { expect, type Page } from '@playwright/test';

/** Seeded ids the journeys use (see packages/api/src/db/demo). */
export const glow = {
  id: '1',
  manhattan: {
    id: '101',
    name: 'Glow Mobile IV Midtown Manhattan',
    address: '245 W 52nd St, New York, NY 10019',
  },
  chicago: { id: '102', name: 'Glow Mobile IV Chicago West Loop' },
  myers: { id: '1001', name: "Myers' Cocktail" },
  hydration: { id: '1002', name: 'Hydration Boost IV' },
  b12: { id: '1006', name: 'B12 Energy Shot' },
  lipoC: { id: '1008', name: 'Lipo-C Fat Burner' },
  glutathione: { id: '1102', name: 'Glutathione Push' },
  extraFluids: { id: '1103', name: 'Extra Fluids' },
  antiNausea: { id: '1101', name: 'Anti-Nausea' },
};
export const solace = { id: '3', clinic: { id: '301', name: 'Solace Wellness Studio RiNo' } };

/** Starts with a clean browser state for a marketplace (its stored values are its own). */
export async function freshStart(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(() => localStorage.clear());
  await page.goto(path);
}

/** Chooses a clinic on /{id}/set-location and waits for the services page. */
export async function chooseClinic(page: Page, marketplaceId: string, clinicName: string) {
  await page.goto(`/${marketplaceId}/set-location`);
  // A signed-in client without a location is first sent on with their profile's address;
  // with that settled, the page is theirs to choose from.
  // The rule records a signed-in client once it has run (sessionStorage); a clinic-only marketplace
  // never runs it, so the wait is bounded.
  const skip = page.getByRole('button', { name: 'Skip for now' });
  const services = page.getByRole('heading', { level: 1, name: 'Select a Service' });
  await expect(skip.or(services).first()).toBeVisible();
  const settled = () =>
    page.evaluate(
      () => localStorage.getItem('user') === null || sessionStorage.getItem('profile-address-tried') !== null,
    );
  await expect
    .poll(settled, { timeout: 5_000 })
    .toBe(true)
    .catch(() => undefined);
  await expect(skip.or(services).first()).toBeVisible();
  if (await services.isVisible()) await page.goto(`/${marketplaceId}/set-location`);
  await expect(skip.or(services).first()).toBeVisible();
  const inClinic = page.getByRole('radio', { name: 'In Clinic' });
  // 'Selected …' when the client chose that clinic before.
  const choose = page.getByRole('button', { name: new RegExp(`^(Choose|Selected) ${clinicName}$`) });
  // On a busy machine the profile's address may still arrive after the wait (switching the page to
  // Mobile, or moving on to the services): choose In Clinic again until the clinic can be chosen.
  await expect(async () => {
    if (await services.isVisible()) await page.goto(`/${marketplaceId}/set-location`);
    if ((await inClinic.isVisible()) && !(await inClinic.isChecked())) await inClinic.check({ force: true });
    await expect(choose).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await choose.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Select a Service' })).toBeVisible();
  await expect(page.getByLabel('Your location')).toContainText(clinicName);
}

export const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart, / });
