import { createQueryClient, GraphQLProvider, marketplaceQueryOptions } from '@atrium/graphql-client';
import { graphqlFetch } from '@atrium/graphql-client/testing';
import { MemoryRouter, Route, Routes } from '@atrium/navigation';
import { $selectedDateTime, $selectedLocation, $selectedProcedures } from '@atrium/stores';
import { AtriumUiProvider } from '@atrium/ui';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfirmPage } from './confirm-page';

const procedure = {
  id: '101',
  name: 'Hydration Drip',
  tagline: null,
  description: null,
  thumbnail: null,
  ingredients: [],
  price: [15000],
  duration: [45],
  tags: [],
  addOns: [],
  addOnsFeatured: [],
  addOnsOther: [],
};

const marketplace = {
  id: '1',
  mgId: '10',
  name: 'Glow',
  logo: null,
  favicon: null,
  primaryColor: '#0E7490',
  navigationGroupId: null,
  providesAtHome: false,
  clinicOrganizations: [],
  categories: [],
  procedures: [procedure],
  checkoutNotes: [],
  paymentSettings: {
    hasPaymentPolicy: false,
    paymentPolicyName: null,
    paymentPolicyText: null,
    requirePaymentPolicyAttestation: false,
    paymentCollectionMethod: 'collect_on_site',
    paymentDepositType: null,
    paymentDepositValue: null,
  },
  remoteOverrides: [],
};

const summary = {
  procedures: [15000, 15000],
  membership: [0, 0],
  credit: [0, 0],
  discount: [0, 0],
  promoCode: [0, 0],
  promoCodeText: null,
  gratuity: 0,
  travelFee: [0, 0],
  total: [15000, 15000],
};

function renderConfirm() {
  const queryClient = createQueryClient();
  // The host renders the page with its marketplace already loaded.
  queryClient.setQueryData(marketplaceQueryOptions('1').queryKey, marketplace as never);
  return render(
    <GraphQLProvider queryClient={queryClient}>
      <AtriumUiProvider primaryColor="#0E7490">
        <MemoryRouter initialEntries={['/1/confirm']}>
          <Routes>
            <Route path="/:marketplaceId">
              <Route path="confirm" element={<ConfirmPage />} />
            </Route>
            <Route path="*" element={null} />
          </Routes>
        </MemoryRouter>
      </AtriumUiProvider>
    </GraphQLProvider>,
  );
}

const type = (name: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

function fillDetails() {
  type('First Name', 'Ada');
  type('Last Name', 'Lovelace');
  type('Date of Birth', '4/2/1990');
  type('Phone', '(212) 555-0148');
  type('Email', 'ada@example.com');
}

describe('/confirm', () => {
  beforeEach(() => {
    $selectedProcedures.set([{ id: '101', addOnIds: [] }]);
    $selectedLocation.set({ organizationId: '21', name: 'Glow Midtown', address: '10 W 33rd St', phone: '' });
    $selectedDateTime.set({ date: '2030-01-15', time: '09:00' });
  });
  afterEach(cleanup);

  it("asks for every required detail with the checkout form's messages and sends nothing", async () => {
    const api = graphqlFetch({
      CheckoutSummary: () => ({ data: { checkoutSummary: summary } }),
    });
    renderConfirm();
    const submit = await screen.findByRole('button', { name: 'Request Appointment' });
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(submit);
    for (const message of [
      'Name is required',
      'Last Name is required',
      'Date of Birth is required',
      'Phone is required',
      'Email is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(api.of('CreateAppointmentRequest')).toEqual([]);
  });

  it("offers 'Choose another time' when the API says the time was taken (SLOT_TAKEN), and only then", async () => {
    let code = 'SLOT_TAKEN';
    const api = graphqlFetch({
      CheckoutSummary: () => ({ data: { checkoutSummary: summary } }),
      CreateAppointmentRequest: () => ({
        errors: [
          { message: 'This time is no longer available. Please choose another time.', extensions: { code } },
        ],
      }),
    });
    renderConfirm();
    const submit = await screen.findByRole('button', { name: 'Request Appointment' });
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    fillDetails();
    fireEvent.click(submit);
    expect(
      await screen.findByText('This time is no longer available. Please choose another time.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose another time' }).getAttribute('href')).toBe(
      '/1/schedule',
    );
    expect(api.of('CreateAppointmentRequest')[0]?.variables).toMatchObject({
      input: {
        organizationId: '21',
        procedures: ['101'],
        dateRanges: [{ start: '2030-01-15T09:00', end: '2030-01-15T09:00' }],
        registerUser: { email: 'ada@example.com', profile: { phone: '+12125550148', dob: '1990-04-02' } },
      },
    });

    code = 'BAD_USER_INPUT';
    fireEvent.click(submit);
    await waitFor(() => expect(api.of('CreateAppointmentRequest')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Choose another time' })).toBeNull());
    expect(screen.getByText('This time is no longer available. Please choose another time.')).toBeTruthy();
  });

  it("asks the summary for a preset tip's share of the cart's minimum price, in dollars", async () => {
    const api = graphqlFetch({ CheckoutSummary: () => ({ data: { checkoutSummary: summary } }) });
    renderConfirm();
    fireEvent.click(await screen.findByRole('button', { name: '15% tip, $22.50' }));
    await waitFor(() =>
      expect(
        api.of('CheckoutSummary').map((call) => (call.variables.input as { gratuity: number }).gratuity),
      ).toEqual([0, 22.5]),
    );
  });
});
