import { OFFER_MESSAGES } from '@atrium/domain';
import type {
  StaffMembershipDefinition,
  StaffPackage,
  StaffPromoCode,
} from '@atrium/graphql-client/staff-offers';
import { resetClientValues } from '@atrium/stores';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleStaff } from '../shell/console-staff';
import { collectToasts, graphqlFetch, renderConsole } from '../test/test-support';
import OffersSection from './offers-section';

const owner: ConsoleStaff = {
  role: 'owner',
  name: 'Olga Owner',
  email: 'o@glow.example',
  practitionerId: null,
};

const choices = {
  services: [
    { id: '101', name: 'B12 Energy Shot', isAddOn: false },
    { id: '102', name: 'Myers Cocktail', isAddOn: false },
  ],
  categories: [
    { id: '11', name: 'Shots' },
    { id: '12', name: 'Drips' },
  ],
};

const promo = (overrides: Partial<StaffPromoCode> = {}): StaffPromoCode => ({
  id: '1',
  code: 'WELCOME15',
  kind: 'PERCENTAGE',
  value: 15,
  serviceIds: null,
  minimumOrder: null,
  startsAt: null,
  endsAt: null,
  usageLimit: 100,
  perClientLimit: 1,
  timesUsed: 3,
  pausedAt: null,
  status: 'ACTIVE',
  ...overrides,
});

const membership: StaffMembershipDefinition = {
  id: '7',
  name: 'Glow Club',
  description: null,
  price: 9900,
  period: 'monthly',
  discounts: [{ percentage: 15, categoryIds: ['12'] }],
  packageId: null,
  retiredAt: null,
  status: 'ACTIVE',
  activeMembers: 4,
};

const pack: StaffPackage = {
  id: '9',
  name: 'Drip Trio',
  description: null,
  price: 30000,
  items: [{ points: 3, categoryIds: ['12'] }],
  validityDays: 365,
  retiredAt: null,
  status: 'ACTIVE',
  purchases: 0,
  includedIn: [],
};

const show = (url = '/1/console/offers') =>
  renderConsole(<OffersSection marketplaceId="1" staff={owner} />, url);

const answers = (overrides: Record<string, (variables: Record<string, unknown>) => unknown> = {}) =>
  graphqlFetch({
    StaffOfferChoices: () => ({ data: { staffOfferChoices: choices } }),
    StaffPromoCodes: () => ({
      data: { staffPromoCodes: [promo(), promo({ id: '2', code: 'SPRING', status: 'PAUSED' })] },
    }),
    StaffMembershipDefinitions: () => ({ data: { staffMembershipDefinitions: [membership] } }),
    StaffPackages: () => ({ data: { staffPackages: [pack] } }),
    ...(overrides as Record<string, (variables: Record<string, unknown>) => { data: unknown }>),
  });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
beforeEach(() => resetClientValues());

// Dialogs with many fields take a few seconds to render in happy-dom on a busy machine.
describe('the Offers section (owner)', { timeout: 20_000 }, () => {
  it('lists promo codes with their discount, conditions, uses and status', async () => {
    answers();
    show();
    expect(screen.getByRole('tab', { name: 'Promo codes', selected: true })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Promo codes' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 5),
    ).toEqual(['WELCOME15', '15% off', 'Every service; 1 per client', '3 of 100', 'Active']);
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Resume SPRING' })).toBeTruthy();
  });

  it('shows each field’s rule message and sends nothing', async () => {
    const api = answers();
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'New promo code' }));
    const dialog = await screen.findByRole('dialog', { name: 'New promo code' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Code/ }), {
      target: { value: 'two words' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Percent off/ }), {
      target: { value: '150' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create promo code' }));
    expect(await within(dialog).findByText(OFFER_MESSAGES.codeCharacters)).toBeTruthy();
    expect(within(dialog).getByText(OFFER_MESSAGES.percent)).toBeTruthy();
    expect(api.of('StaffCreatePromoCode')).toEqual([]);
  });

  it('creates a promo code from what was typed and says so', async () => {
    const toasts = collectToasts();
    const api = answers({
      StaffCreatePromoCode: () => ({ data: { staffCreatePromoCode: promo({ id: '3', code: 'SUMMER' }) } }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'New promo code' }));
    const dialog = await screen.findByRole('dialog', { name: 'New promo code' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Code/ }), {
      target: { value: ' summer ' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Percent off/ }), {
      target: { value: '20' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Uses per client/ }), {
      target: { value: '2' },
    });
    const myers = within(dialog).getByRole('checkbox', { name: 'Myers Cocktail' });
    fireEvent.click(myers);
    // The checkbox's state machine reports the change after the click's task.
    await waitFor(() => expect(myers.closest('label')?.getAttribute('data-state')).toBe('checked'));
    fireEvent.click(screen.getByRole('button', { name: 'Create promo code' }));
    await waitFor(() => expect(toasts).toEqual([{ type: 'success', message: 'Promo code created.' }]));
    expect(api.of('StaffCreatePromoCode')[0]?.variables).toEqual({
      marketplaceId: '1',
      input: {
        code: 'SUMMER',
        kind: 'PERCENTAGE',
        value: 20,
        serviceIds: ['102'],
        minimumOrder: null,
        startsAt: null,
        endsAt: null,
        usageLimit: null,
        perClientLimit: 2,
      },
    });
  });

  it('shows a taken code on the code field', async () => {
    answers({
      StaffCreatePromoCode: () => ({
        errors: [
          {
            message: 'The code WELCOME15 is already in use here: choose another.',
            extensions: { code: 'PROMO_CODE_TAKEN' },
          },
        ],
      }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'New promo code' }));
    const dialog = await screen.findByRole('dialog', { name: 'New promo code' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Code/ }), {
      target: { value: 'welcome15' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Percent off/ }), {
      target: { value: '10' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create promo code' }));
    expect(
      await within(dialog).findByText('The code WELCOME15 is already in use here: choose another.'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: /Code/ }).getAttribute('aria-invalid')).toBe('true');
  });

  it('asks before discarding unsaved changes', async () => {
    answers();
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit WELCOME15' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit promo code WELCOME15' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Percent off/ }), {
      target: { value: '20' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    const again = await screen.findByRole('dialog', { name: 'Edit promo code WELCOME15' });
    expect((within(again).getByRole('textbox', { name: /Percent off/ }) as HTMLInputElement).value).toBe(
      '20',
    );
  });

  it('pauses a code and says checkout refuses it', async () => {
    const toasts = collectToasts();
    const api = answers({
      StaffPausePromoCode: () => ({ data: { staffPausePromoCode: promo({ status: 'PAUSED' }) } }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Pause WELCOME15' }));
    await waitFor(() =>
      expect(toasts).toEqual([{ type: 'success', message: 'WELCOME15 is paused: checkout refuses it.' }]),
    );
    expect(api.of('StaffPausePromoCode')[0]?.variables).toEqual({ marketplaceId: '1', id: '1' });
  });

  it('lists memberships and retires one after confirming', async () => {
    const toasts = collectToasts();
    const api = answers({
      StaffRetireMembershipDefinition: () => ({
        data: {
          staffRetireMembershipDefinition: {
            ...membership,
            status: 'RETIRED',
            retiredAt: '2030-01-01T00:00:00Z',
          },
        },
      }),
    });
    show('/1/console/offers?tab=memberships');
    const table = await screen.findByRole('table', { name: 'Memberships' });
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 4),
    ).toEqual(['Glow Club', '$99.00 a month', '15% off Drips', '4']);
    fireEvent.click(within(table).getByRole('button', { name: 'Retire Glow Club' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Retire Glow Club?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retire' }));
    await waitFor(() =>
      expect(toasts).toEqual([{ type: 'success', message: 'Glow Club is retired: it is no longer sold.' }]),
    );
    expect(api.of('StaffRetireMembershipDefinition')[0]?.variables).toEqual({ marketplaceId: '1', id: '7' });
  });

  it('moves between tabs with the arrow keys and shows packages', async () => {
    answers();
    show();
    const tab = screen.getByRole('tab', { name: 'Promo codes' });
    fireEvent.keyDown(tab, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'Packages', selected: true })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Packages' });
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 4),
    ).toEqual(['Drip Trio', '$300.00', '3 points for Drips (last 365 days)', '0']);
  });

  it('shows an empty list and a failed load with a retry', async () => {
    let fail = true;
    answers({
      StaffPromoCodes: () => ({ data: { staffPromoCodes: [] } }),
      StaffPackages: () =>
        fail
          ? {
              errors: [{ message: 'Packages are unavailable.', extensions: { code: 'SERVICE_UNAVAILABLE' } }],
            }
          : { data: { staffPackages: [] } },
    });
    show();
    expect(await screen.findByText('No promo codes yet. Create one to run a promotion.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Packages' }));
    expect(await screen.findByText('Packages are unavailable.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No packages yet. Create one to sell points ahead.')).toBeTruthy();
  });
});
