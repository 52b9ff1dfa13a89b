import { expect, type Page } from '@playwright/test';
import { gotoLive } from './live';
/** The demo seed's marketplaces, as the e2e journeys rely on them. */
export const demoMarketplaces = [
  {
    id: '1',
    name: 'Glow Mobile IV',
    primaryRgb: 'rgb(56, 189, 248)',
    logo: '/assets/marketplaces/glow-mobile-iv/logo.svg',
    procedureId: '1006',
    clinic: { organizationId: '101', name: 'Glow Mobile IV Midtown Manhattan', address: '', phone: '' },
  },
  {
    id: '2',
    name: 'Nocturne Aesthetics',
    primaryRgb: 'rgb(49, 46, 129)',
    logo: '/assets/marketplaces/nocturne-aesthetics/logo.svg',
    procedureId: '2001',
    clinic: { organizationId: '201', name: 'Nocturne SoHo', address: '', phone: '' },
  },
  {
    id: '3',
    name: 'Solace Wellness Studio',
    primaryRgb: 'rgb(245, 158, 11)',
    logo: '/assets/marketplaces/solace-wellness-studio/logo.svg',
    procedureId: '3003',
    clinic: { organizationId: '301', name: 'Solace Wellness Studio RiNo', address: '', phone: '' },
  },
] as const;

/**
 * A marketplace route under /{id} and the page title it shows; `needsCart` pages send an empty
 * cart back to /services, so a service is put in the cart first; `needsBooking` pages also want a
 * clinic and a date and time; `asksGuestsToSignIn` pages open the sign-in dialog for a guest.
 */
export const marketplacePages = [
  { path: 'set-location', title: 'Choose Location' },
  { path: 'services', title: 'Select a Service' },
  { path: 'schedule', title: 'Choose Date & Time', needsCart: true },
  { path: 'confirm', title: 'Review & Confirm', needsCart: true, needsBooking: true },
  { path: 'success', title: 'Booking Received' },
  { path: 'profile', title: 'My Profile', asksGuestsToSignIn: true },
  { path: 'memberships', title: 'Memberships & Packages' },
] as const;

/**
 * Opens a marketplace's services page and waits until it has started: the app runs the page and its
 * id is stored, so the first visit's clearing of another marketplace's values and the choice of a
 * clinic-only marketplace's clinic (which empties the cart) are over, and values stored now stay.
 */
export async function startMarketplace(page: Page, marketplaceId: string) {
  await gotoLive(page, `/${marketplaceId}/services`);
  await expect(page.getByRole('heading', { level: 1, name: 'Select a Service' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('marketplace-id')))
    .toBe(JSON.stringify(marketplaceId));
}

export type DemoMarketplace = (typeof demoMarketplaces)[number];

/**
 * Stores, once the marketplace has started, a cart with its demo service, its demo clinic and a
 * date and time: what /schedule and /confirm need to show themselves rather than send the client back.
 */
export async function storeBooking(page: Page, marketplace: DemoMarketplace) {
  await startMarketplace(page, marketplace.id);
  await page.evaluate(
    ({ procedureId, clinic }) => {
      localStorage.setItem('selected-procedures', JSON.stringify([{ id: procedureId, addOnIds: [] }]));
      localStorage.setItem('selected-location', JSON.stringify(clinic));
      localStorage.setItem('selected-date-time', JSON.stringify({ date: '2030-01-08', time: '10:00' }));
    },
    { procedureId: marketplace.procedureId, clinic: marketplace.clinic },
  );
}
