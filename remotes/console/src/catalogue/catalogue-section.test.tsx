import { CATALOGUE_MESSAGES } from '@atrium/domain';
import type { StaffCatalogue, StaffCatalogueItem } from '@atrium/graphql-client/staff-catalogue';
import { resetClientValues } from '@atrium/stores';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleStaff } from '../shell/console-staff';
import { collectToasts, graphqlFetch, renderConsole } from '../test/test-support';
import CatalogueSection from './catalogue-section';

const owner: ConsoleStaff = {
  role: 'owner',
  name: 'Olga Owner',
  email: 'o@glow.example',
  practitionerId: null,
};

const item = (overrides: Partial<StaffCatalogueItem>): StaffCatalogueItem => ({
  id: '101',
  name: 'Myers Cocktail',
  tagline: null,
  description: null,
  thumbnail: null,
  ingredients: ['Magnesium'],
  prices: [15000],
  durations: [45],
  tags: [],
  isAddOn: false,
  categoryId: '11',
  offeredAtHome: false,
  clinicIds: ['21'],
  archivedAt: null,
  canDelete: false,
  addOns: [],
  services: [],
  ...overrides,
});

const myers = item({ addOns: [{ id: '201', name: 'Vitamin C Boost', recommended: true }] });
const shot = item({
  id: '102',
  name: 'B12 Shot',
  prices: [3500, 5000],
  durations: [15, 20],
  canDelete: true,
});
const boost = item({
  id: '201',
  name: 'Vitamin C Boost',
  isAddOn: true,
  categoryId: null,
  prices: [1500],
  durations: [0],
  services: [{ id: '101', name: 'Myers Cocktail', recommended: true }],
});

const catalogue = (overrides: Partial<StaffCatalogue> = {}): StaffCatalogue => ({
  categories: [
    {
      id: '11',
      name: 'IV Therapy',
      description: null,
      thumbnail: null,
      banner: null,
      archivedAt: null,
      canDelete: false,
      services: [myers, shot],
    },
    {
      id: '12',
      name: 'Seasonal',
      description: null,
      thumbnail: null,
      banner: null,
      archivedAt: '2030-01-01T00:00:00.000Z',
      canDelete: true,
      services: [],
    },
  ],
  addOns: [boost],
  clinics: [{ id: '21', name: 'Glow Midtown' }],
  providesAtHome: true,
  ...overrides,
});

const show = () =>
  renderConsole(<CatalogueSection marketplaceId="1" staff={owner} />, '/1/console/catalogue');

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
beforeEach(() => resetClientValues());

// Each test renders whole forms in happy-dom, slow on a busy machine.
describe('the Catalogue section (owner)', { timeout: 20_000 }, () => {
  it('lists categories in order with their services, archived ones marked, and the add-ons', async () => {
    graphqlFetch({ StaffCatalogue: () => ({ data: { staffCatalogue: catalogue() } }) });
    show();
    expect(screen.getByRole('status', { name: 'Loading the catalogue' })).toBeTruthy();
    const iv = await screen.findByRole('region', { name: 'IV Therapy' });
    const services = within(iv).getByRole('list', { name: 'Services of IV Therapy' });
    expect(
      within(services)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringContaining('Myers Cocktail$150.00 · 45 min'),
      expect.stringContaining('B12 Shot$35.00 · 15 min, $50.00 · 20 min'),
    ]);
    // Booked ones are archived, not deleted; only the never-booked one offers Delete.
    expect(within(iv).queryByRole('button', { name: 'Delete Myers Cocktail' })).toBeNull();
    expect(within(iv).getByRole('button', { name: 'Delete B12 Shot' })).toBeTruthy();
    const seasonal = screen.getByRole('region', { name: 'Seasonal' });
    expect(within(seasonal).getByText('Archived')).toBeTruthy();
    expect(within(seasonal).getByRole('button', { name: 'Unarchive Seasonal' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Add-ons' })).getByText('Vitamin C Boost')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Move IV Therapy up' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('shows the empty catalogue, and a failed load with a retry', async () => {
    let fail = true;
    graphqlFetch({
      StaffCatalogue: () =>
        fail
          ? { errors: [{ message: 'Your role does not allow this.', extensions: { code: 'FORBIDDEN' } }] }
          : { data: { staffCatalogue: catalogue({ categories: [], addOns: [] }) } },
    });
    show();
    expect(await screen.findByText('Your role does not allow this.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No categories yet. Add one, then add its services.')).toBeTruthy();
    expect(screen.getByText('No add-ons yet.')).toBeTruthy();
  });

  it('moves a service and asks before archiving', async () => {
    const toasts = collectToasts();
    const api = graphqlFetch({
      StaffCatalogue: () => ({ data: { staffCatalogue: catalogue() } }),
      StaffReorderServices: () => ({ data: { staffReorderServices: catalogue() } }),
      StaffArchiveProcedure: () => ({ data: { staffArchiveProcedure: catalogue() } }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Move B12 Shot up' }));
    await waitFor(() =>
      expect(api.of('StaffReorderServices')[0]?.variables).toEqual({
        marketplaceId: '1',
        categoryId: '11',
        ids: ['102', '101'],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Archive Myers Cocktail' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Archive Myers Cocktail?' });
    expect(api.of('StaffArchiveProcedure')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(api.of('StaffArchiveProcedure')[0]?.variables).toEqual({ marketplaceId: '1', id: '101' }),
    );
    await waitFor(() =>
      expect(toasts).toContainEqual({ type: 'success', message: 'Myers Cocktail archived.' }),
    );
  });

  it('edits a service: field errors from the shared rules, then saves prices in cents and its add-ons', async () => {
    const toasts = collectToasts();
    const api = graphqlFetch({
      StaffCatalogue: () => ({ data: { staffCatalogue: catalogue() } }),
      StaffUpdateService: () => ({ data: { staffUpdateService: { id: '102' } } }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit B12 Shot' }));
    const form = await screen.findByRole('form', { name: 'Edit B12 Shot' });
    fireEvent.change(within(form).getByLabelText('Price ($), option 2'), { target: { value: '-5' } });
    fireEvent.change(within(form).getByLabelText('Minutes, option 2'), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: ' ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save service' }));
    expect(await within(form).findByText(CATALOGUE_MESSAGES.name)).toBeTruthy();
    expect(within(form).getByText(CATALOGUE_MESSAGES.price)).toBeTruthy();
    expect(within(form).getByText(CATALOGUE_MESSAGES.serviceDuration)).toBeTruthy();
    expect(api.of('StaffUpdateService')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'B12 Energy Shot' } });
    fireEvent.change(within(form).getByLabelText('Price ($), option 2'), { target: { value: '52.5' } });
    fireEvent.change(within(form).getByLabelText('Minutes, option 2'), { target: { value: '25' } });
    fireEvent.change(within(form).getByLabelText('Tags'), { target: { value: 'Energy, energy , Quick' } });
    fireEvent.change(within(form).getByLabelText('Vitamin C Boost: offered'), {
      target: { value: 'recommended' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save service' }));
    await waitFor(() => expect(api.of('StaffUpdateService')).toHaveLength(1));
    expect(api.of('StaffUpdateService')[0]?.variables).toEqual({
      marketplaceId: '1',
      id: '102',
      input: {
        name: 'B12 Energy Shot',
        tagline: null,
        description: null,
        thumbnail: null,
        ingredients: ['Magnesium'],
        tags: ['Energy', 'Quick'],
        prices: [3500, 5250],
        durations: [15, 25],
        offeredAtHome: false,
        clinicIds: ['21'],
        categoryId: '11',
        addOns: [{ id: '201', recommended: true }],
      },
    });
    await waitFor(() =>
      expect(toasts).toContainEqual({ type: 'success', message: 'B12 Energy Shot saved.' }),
    );
    expect(await screen.findByRole('region', { name: 'IV Therapy' })).toBeTruthy();
  });

  it('shows a refusal of the API beside its field, and warns before leaving unsaved changes', async () => {
    graphqlFetch({
      StaffCatalogue: () => ({ data: { staffCatalogue: catalogue() } }),
      StaffCreateService: () => ({
        errors: [
          {
            message: 'This marketplace offers no visits at home: turn them on in Settings first.',
            extensions: { code: 'BAD_USER_INPUT', field: 'offeredAtHome' },
          },
        ],
      }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a service to IV Therapy' }));
    const form = await screen.findByRole('form', { name: 'New service' });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Hydration' } });
    fireEvent.change(within(form).getByLabelText('Price ($), option 1'), { target: { value: '99' } });
    fireEvent.change(within(form).getByLabelText('Minutes, option 1'), { target: { value: '30' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: "At the client's home" }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add service' }));
    expect(
      await within(form).findByText(
        'This marketplace offers no visits at home: turn them on in Settings first.',
      ),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Back to the catalogue' }));
    const warning = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' });
    fireEvent.click(within(warning).getByRole('button', { name: 'Keep editing' }));
    expect(await screen.findByRole('form', { name: 'New service' })).toBeTruthy();
  });
});
