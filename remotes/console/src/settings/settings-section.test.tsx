import type { StaffSettings } from '@atrium/graphql-client/staff-settings';
import { Link } from '@atrium/navigation';
import { resetClientValues } from '@atrium/stores';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleStaff } from '../shell/console-staff';
import { collectToasts, graphqlFetch, renderConsole } from '../test/test-support';
import { moved } from './reorder';
import SettingsSection from './settings-section';

afterEach(cleanup);
beforeEach(() => resetClientValues());

const owner: ConsoleStaff = {
  role: 'owner',
  name: 'Olive Owner',
  email: 'owner@glow.example',
  practitionerId: null,
};

function settingsFixture(overrides: Partial<StaffSettings> = {}): StaffSettings {
  return {
    marketplaceId: '1',
    details: { name: 'Glow', phone: '+12125550100', logo: null, favicon: null, primaryColor: '#0E7490' },
    clinics: [
      {
        id: '21',
        name: 'Glow Midtown',
        address: '10 W 33rd St, New York, NY 10001',
        phone: '+12125550100',
        timeZone: 'America/New_York',
        latitude: 40.75,
        longitude: -73.99,
        openingHours: [{ weekday: 1, opens: '09:00', closes: '17:00' }],
        inUse: true,
      },
      {
        id: '22',
        name: 'Glow Brooklyn',
        address: '100 Atlantic Ave, Brooklyn, NY 11201',
        phone: '+17185550100',
        timeZone: 'America/New_York',
        latitude: 40.69,
        longitude: -73.99,
        openingHours: [],
        inUse: false,
      },
    ],
    serviceArea: {
      providesAtHome: true,
      kind: 'zip_codes',
      latitude: null,
      longitude: null,
      radiusKm: null,
      zipCodes: ['10001'],
      travelFeeCents: 2500,
    },
    schedulingRules: {
      slotStepMinutes: 15,
      minimumNoticeMinutes: 120,
      bookingHorizonMonths: 12,
      clientChanges: 'phone',
      clientChangeCutoffHours: 24,
    },
    paymentSettings: {
      hasPaymentPolicy: false,
      paymentPolicyName: null,
      paymentPolicyText: null,
      requirePaymentPolicyAttestation: false,
      paymentCollectionMethod: 'collect_on_confirmation',
      paymentDepositType: null,
      paymentDepositValue: null,
      noShowFeeCents: null,
    },
    checkoutNotes: [
      {
        id: '31',
        index: 0,
        label: 'Any allergies?',
        type: 'TEXT',
        isRequired: false,
        options: { placeholder: null, values: [] },
      },
    ],
    ...overrides,
  };
}

function renderSettings(part = '', handlers: Parameters<typeof graphqlFetch>[0] = {}) {
  const api = graphqlFetch({
    StaffSettings: () => ({ data: { staffSettings: settingsFixture() } }),
    ...handlers,
  });
  const view = renderConsole(
    <SettingsSection marketplaceId="1" staff={owner} />,
    `/1/console/settings${part}`,
  );
  return { api, ...view };
}

describe('the settings section', () => {
  it('shows details and branding with a live preview, warns of a low contrast and saves', async () => {
    const toasts = collectToasts();
    const { api } = renderSettings('', {
      StaffUpdateMarketplaceDetails: (variables) => ({
        data: {
          staffUpdateMarketplaceDetails: settingsFixture({
            details: { ...settingsFixture().details, ...(variables.input as object), phone: '+12125550100' },
          }),
        },
      }),
    });
    const name = await screen.findByRole('textbox', { name: /Marketplace name/ });
    expect((name as HTMLInputElement).value).toBe('Glow');
    const preview = screen.getByRole('group', { name: 'Button preview' });
    expect(preview.textContent).toContain('On hover (#4ACAED)');
    expect(within(preview).queryByText(/hard to read on this colour/)).toBeNull();

    const colour = screen.getByRole('textbox', { name: /Primary colour/ });
    fireEvent.change(colour, { target: { value: '#7C7C7C' } });
    expect(within(preview).getByText(/Text is hard to read on this colour/)).toBeTruthy();
    fireEvent.change(colour, { target: { value: '#4B0082' } });
    expect(screen.queryByText(/hard to read on this colour/)).toBeNull();
    fireEvent.change(colour, { target: { value: 'purple' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the colour as #RRGGBB, e.g. #0E7490.')).toBeTruthy();
    expect(api.of('StaffUpdateMarketplaceDetails')).toHaveLength(0);

    fireEvent.change(colour, { target: { value: '#4b0082' } });
    fireEvent.change(name, { target: { value: 'Glow Studio' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toasts).toContainEqual({ type: 'success', message: 'Details and branding saved.' }),
    );
    expect(api.of('StaffUpdateMarketplaceDetails')[0]?.variables).toEqual({
      marketplaceId: '1',
      input: {
        name: 'Glow Studio',
        phone: '+12125550100',
        logo: null,
        favicon: null,
        primaryColor: '#4B0082',
      },
    });
  });

  it('asks before unsaved changes are lost when switching to another part', async () => {
    const { path } = renderSettings();
    const name = await screen.findByRole('textbox', { name: /Marketplace name/ });
    fireEvent.change(name, { target: { value: 'Changed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clinics' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((screen.getByRole('textbox', { name: /Marketplace name/ }) as HTMLInputElement).value).toBe(
      'Changed',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Clinics' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }),
    );
    await waitFor(() => expect(path()).toBe('/1/console/settings?part=clinics'));
    expect(await screen.findByRole('list', { name: 'Clinics' })).toBeTruthy();
  });

  it('asks before a link out of the settings loses unsaved changes', async () => {
    graphqlFetch({ StaffSettings: () => ({ data: { staffSettings: settingsFixture() } }) });
    const { path } = renderConsole(
      <>
        <Link to="/1/console/requests">Requests</Link>
        <SettingsSection marketplaceId="1" staff={owner} />
      </>,
      '/1/console/settings',
    );
    fireEvent.change(await screen.findByRole('textbox', { name: /Marketplace name/ }), {
      target: { value: 'Changed' },
    });
    fireEvent.click(screen.getByRole('link', { name: 'Requests' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' });
    expect(path()).toBe('/1/console/settings');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(path()).toBe('/1/console/requests'));
  });

  it('lists clinics, moves them and removes one only after confirmation; a booked one cannot be removed', async () => {
    const toasts = collectToasts();
    const { api } = renderSettings('?part=clinics', {
      StaffReorderClinics: () => ({ data: { staffReorderClinics: settingsFixture() } }),
      StaffRemoveClinic: () => ({ data: { staffRemoveClinic: settingsFixture() } }),
    });
    const list = await screen.findByRole('list', { name: 'Clinics' });
    expect(list.textContent).toContain('Mon 09:00–17:00');
    expect(list.textContent).toContain('Has bookings: cannot be removed');
    expect((screen.getByRole('button', { name: 'Remove Glow Midtown' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Move Glow Midtown down' }));
    await waitFor(() =>
      expect(api.of('StaffReorderClinics')[0]?.variables).toEqual({ marketplaceId: '1', ids: ['22', '21'] }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remove Glow Brooklyn' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Glow Brooklyn?' });
    expect(api.of('StaffRemoveClinic')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'success', message: 'Clinic removed.' }));
    expect(api.of('StaffRemoveClinic')[0]?.variables).toEqual({ marketplaceId: '1', id: '22' });
  });

  it('edits a clinic’s opening hours with the rule’s message for a bad interval', async () => {
    const { api } = renderSettings('?part=clinics', {
      StaffUpdateClinic: () => ({ data: { staffUpdateClinic: settingsFixture() } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Glow Midtown' }));
    expect(await screen.findByRole('heading', { name: 'Edit Glow Midtown' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Monday closes'), { target: { value: '08:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save clinic' }));
    expect(await screen.findByText('Closing time must be after opening time.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Monday closes'), { target: { value: '18:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add hours on Saturday' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save clinic' }));
    await waitFor(() => expect(api.of('StaffUpdateClinic')).toHaveLength(1));
    expect(api.of('StaffUpdateClinic')[0]?.variables).toMatchObject({
      id: '21',
      input: {
        name: 'Glow Midtown',
        phone: '+12125550100',
        timeZone: 'America/New_York',
        openingHours: [
          { weekday: 1, opens: '09:00', closes: '18:00' },
          { weekday: 6, opens: '09:00', closes: '17:00' },
        ],
      },
    });
    expect(await screen.findByRole('list', { name: 'Clinics' })).toBeTruthy();
  }, 20_000);

  it('adds a checkout question: a choice question needs its choices', async () => {
    const { api } = renderSettings('?part=questions', {
      StaffCreateCheckoutNote: () => ({ data: { staffCreateCheckoutNote: settingsFixture() } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add a question' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Question/ }), {
      target: { value: 'How did you hear of us?' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: /Kind of answer/ }), {
      target: { value: 'SELECT' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    expect(await screen.findByText('Add at least one choice for a choice question.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Choices/ }), {
      target: { value: 'Instagram\nA friend\n' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    await waitFor(() => expect(api.of('StaffCreateCheckoutNote')).toHaveLength(1));
    expect(api.of('StaffCreateCheckoutNote')[0]?.variables).toEqual({
      marketplaceId: '1',
      input: {
        label: 'How did you hear of us?',
        type: 'SELECT',
        isRequired: false,
        placeholder: null,
        values: ['Instagram', 'A friend'],
      },
    });
  });

  it('refuses a deposit out of range and sends a fixed deposit in cents', async () => {
    const { api } = renderSettings('?part=payments', {
      StaffUpdatePaymentSettings: () => ({ data: { staffUpdatePaymentSettings: settingsFixture() } }),
    });
    fireEvent.change(await screen.findByRole('combobox', { name: /What is charged online/ }), {
      target: { value: 'collect_deposit' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: /Deposit type/ }), {
      target: { value: 'percentage' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Deposit \(%\)/ }), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Deposit must be a whole percentage from 1 to 100.')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: /Deposit type/ }), {
      target: { value: 'fixed_amount' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Deposit \(\$\)/ }), { target: { value: '50' } });
    const fee = screen.getByRole('textbox', { name: /No-show fee/ });
    fireEvent.change(fee, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'No-show fee must be an amount of more than $0.00, e.g. 25.00, or empty for none.',
      ),
    ).toBeTruthy();
    fireEvent.change(fee, { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.of('StaffUpdatePaymentSettings')).toHaveLength(1));
    expect(api.of('StaffUpdatePaymentSettings')[0]?.variables).toMatchObject({
      input: {
        paymentCollectionMethod: 'collect_deposit',
        paymentDepositType: 'fixed_amount',
        paymentDepositValue: 5000,
        noShowFeeCents: 2500,
      },
    });
  });

  it('saves a change of the collection method when no deposit type was ever chosen', async () => {
    // A new marketplace: no deposit type, whole price on confirmation.
    const { api } = renderSettings('?part=payments', {
      StaffUpdatePaymentSettings: () => ({ data: { staffUpdatePaymentSettings: settingsFixture() } }),
    });
    fireEvent.change(await screen.findByRole('combobox', { name: /What is charged online/ }), {
      target: { value: 'collect_on_site' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.of('StaffUpdatePaymentSettings')).toHaveLength(1));
    expect(api.of('StaffUpdatePaymentSettings')[0]?.variables).toMatchObject({
      input: {
        paymentCollectionMethod: 'collect_on_site',
        paymentDepositType: null,
        paymentDepositValue: null,
      },
    });
  });

  it('sends the at-home ZIP list and travel fee as the API takes them', async () => {
    const { api } = renderSettings('?part=area', {
      StaffUpdateServiceArea: () => ({ data: { staffUpdateServiceArea: settingsFixture() } }),
    });
    const zips = await screen.findByRole('textbox', { name: /ZIP codes/ });
    fireEvent.change(zips, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter 5-digit ZIP codes separated by commas.')).toBeTruthy();
    fireEvent.change(zips, { target: { value: '10001, 11201' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Travel fee/ }), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.of('StaffUpdateServiceArea')).toHaveLength(1));
    expect(api.of('StaffUpdateServiceArea')[0]?.variables).toEqual({
      marketplaceId: '1',
      input: {
        providesAtHome: true,
        kind: 'zip_codes',
        latitude: null,
        longitude: null,
        radiusKm: null,
        zipCodes: ['10001', '11201'],
        travelFeeCents: 3000,
      },
    });
  });

  it('adds a clinic at a place found by search, with the zone the API gives', async () => {
    const { api } = renderSettings('?part=clinics', {
      PlaceSuggestions: () => ({
        data: {
          placeSuggestions: [
            {
              placeId: 'zip:80202',
              description: 'Denver, CO 80202',
              mainText: 'Denver',
              secondaryText: 'CO 80202',
            },
          ],
        },
      }),
      Geocode: () => ({
        data: {
          geocode: {
            address: 'Denver, CO 80202',
            hasStreet: false,
            latitude: 39.75,
            longitude: -104.99,
            timeZone: 'America/Denver',
          },
        },
      }),
      ReverseGeocode: () => ({
        data: {
          reverseGeocode: {
            address: 'Denver, CO 80202',
            hasStreet: false,
            latitude: 39.75,
            longitude: -104.99,
            timeZone: 'America/Denver',
          },
        },
      }),
      StaffCreateClinic: () => ({ data: { staffCreateClinic: settingsFixture() } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add a clinic' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Clinic name/ }), {
      target: { value: 'Glow Denver' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add clinic' }));
    expect(
      await screen.findByText('Choose the address from the search so the clinic has a place on the map.'),
    ).toBeTruthy();

    const search = screen.getByRole('combobox', { name: 'Find the address' });
    fireEvent.focus(search);
    fireEvent.change(search, { target: { value: 'Denver' } });
    // Not the time zone list's America/Denver: the suggestion, with its ZIP code.
    fireEvent.click(await screen.findByRole('option', { name: /CO 80202/ }, { timeout: 8000 }));
    const address = screen.getByRole('textbox', { name: /^Address/ }) as HTMLInputElement;
    await waitFor(() => expect(address.value).toBe('Denver, CO 80202'));
    expect((screen.getByRole('combobox', { name: /Time zone/ }) as HTMLSelectElement).value).toBe(
      'America/Denver',
    );
    fireEvent.change(address, { target: { value: '1600 Champa St, Denver, CO 80202' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Phone/ }), { target: { value: '(303) 555-0100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add clinic' }));
    await waitFor(() => expect(api.of('StaffCreateClinic')).toHaveLength(1));
    expect(api.of('StaffCreateClinic')[0]?.variables).toEqual({
      marketplaceId: '1',
      input: {
        name: 'Glow Denver',
        address: '1600 Champa St, Denver, CO 80202',
        latitude: 39.75,
        longitude: -104.99,
        phone: '+13035550100',
        timeZone: 'America/Denver',
        openingHours: [],
      },
    });
  }, 20_000);

  it('sets the scheduling rules within their bounds', async () => {
    const { api } = renderSettings('?part=scheduling', {
      StaffUpdateSchedulingRules: () => ({ data: { staffUpdateSchedulingRules: settingsFixture() } }),
    });
    const step = await screen.findByRole('textbox', { name: /Slot step/ });
    fireEvent.change(step, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Slot step must be a whole number of minutes from 5 to 240.'),
    ).toBeTruthy();
    fireEvent.change(step, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.of('StaffUpdateSchedulingRules')).toHaveLength(1));
    expect(api.of('StaffUpdateSchedulingRules')[0]?.variables).toEqual({
      marketplaceId: '1',
      input: {
        slotStepMinutes: 30,
        minimumNoticeMinutes: 120,
        bookingHorizonMonths: 12,
        clientChanges: 'phone',
        clientChangeCutoffHours: 24,
      },
    });
  });

  it('lets clients change visits online up to a cut-off of 1 to 168 hours, by phone until then', async () => {
    const { api } = renderSettings('?part=scheduling', {
      StaffUpdateSchedulingRules: () => ({ data: { staffUpdateSchedulingRules: settingsFixture() } }),
    });
    expect(await screen.findByRole('radio', { name: 'By phone only' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('textbox', { name: /Cut-off/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Online, up to a cut-off' }));
    const cutoff = await screen.findByRole('textbox', { name: /Cut-off/ });
    expect((cutoff as HTMLInputElement).value).toBe('24');
    fireEvent.change(cutoff, { target: { value: '200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Cut-off must be a whole number of hours from 1 to 168 (7 days).'),
    ).toBeTruthy();
    fireEvent.change(cutoff, { target: { value: '48' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.of('StaffUpdateSchedulingRules')).toHaveLength(1));
    expect(api.of('StaffUpdateSchedulingRules')[0]?.variables).toMatchObject({
      input: { clientChanges: 'online', clientChangeCutoffHours: 48 },
    });
  });

  it('says why the settings could not be loaded, and tries again', async () => {
    let failures = 1;
    renderSettings('', {
      StaffSettings: () =>
        failures-- > 0
          ? { errors: [{ message: 'Your role does not allow this.', extensions: { code: 'FORBIDDEN' } }] }
          : { data: { staffSettings: settingsFixture() } },
    });
    expect(await screen.findByText('Your role does not allow this.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: /Marketplace name/ })).toBeTruthy();
  });
});

describe('moved', () => {
  it('moves one id a place up or down, and nothing past either end', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});
