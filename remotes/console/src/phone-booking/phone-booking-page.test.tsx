import { type Marketplace, marketplaceQueryOptions } from '@atrium/graphql-client';
import { resetClientValues } from '@atrium/stores';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleStaff } from '../shell/console-staff';
import {
  collectToasts,
  graphqlFetch,
  marketplaceFixture,
  queryClientWithMarketplace,
  renderConsole,
} from '../test/test-support';
import { BookForClientButton } from './book-for-client-button';
import PhoneBookingPage from './phone-booking-page';

afterEach(cleanup);
beforeEach(() => resetClientValues());

const frontDesk: ConsoleStaff = {
  role: 'front_desk',
  name: 'Fran Desk',
  email: 'f@glow.example',
  practitionerId: null,
};
const ana = {
  id: '9',
  givenName: 'Ana',
  familyName: 'Lima',
  email: 'ana@example.com',
  phone: '+12125550143',
};

const procedure = (id: string, name: string, price: number, addOns: unknown[] = []) => ({
  id,
  name,
  tagline: null,
  description: null,
  thumbnail: null,
  ingredients: [],
  price: [price],
  duration: [30],
  tags: [],
  addOns,
  addOnsFeatured: [],
  addOnsOther: [],
});

/** Marketplace 1 with a required question, and its menu at Glow Midtown: a shot and its add-on. */
function queryClient() {
  const client = queryClientWithMarketplace();
  const marketplace = {
    ...marketplaceFixture(),
    checkoutNotes: [
      { id: '7', index: 0, label: 'Any allergies?', type: 'TEXT', isRequired: true, options: null },
    ],
  } as Marketplace;
  client.setQueryData(marketplaceQueryOptions('1').queryKey, marketplace);
  const boost = procedure('201', 'Vitamin C Boost', 1500);
  client.setQueryData(marketplaceQueryOptions('1', { organizationId: '21' }).queryKey, {
    ...marketplace,
    categories: [
      {
        id: '1',
        name: 'Shots',
        description: null,
        thumbnail: null,
        banner: null,
        procedures: [procedure('101', 'B12 Energy Shot', 3500, [boost])],
      },
    ],
  } as Marketplace);
  return client;
}

const booking = {
  id: '501',
  status: 'PENDING',
  client: { id: '9', name: 'Ana Lima', email: 'ana@example.com' },
  practitioner: { id: '3', name: 'Dana Park' },
  start: '2030-01-08T15:00:00.000Z',
  end: '2030-01-08T15:45:00.000Z',
  timeZone: 'America/New_York',
  clinicName: 'Glow Midtown',
  address: '10 W 33rd St, New York, NY 10001',
  total: 5000,
  dueOnConfirmation: 5000,
  charged: 0,
  confirmationFailure: null,
};

function api(book: () => unknown = () => ({ data: { staffCreateBooking: booking } })) {
  return graphqlFetch({
    StaffClients: () => ({ data: { staffClients: [ana] } }),
    StaffClientCards: () => ({ data: { staffClientCards: [{ id: '44', brand: 'VISA', lastFour: '4242' }] } }),
    Availability: () => ({
      data: {
        availabilities: {
          timeZone: 'America/New_York',
          slots: [
            { date: '2030-01-08', time: '09:30' },
            { date: '2030-01-08', time: '10:00' },
          ],
        },
      },
    }),
    StaffBookingQuote: () => ({
      data: {
        staffBookingQuote: {
          summary: {
            procedures: [5000, 5000],
            membership: [0, 0],
            credit: [0, 0],
            discount: [0, 0],
            promoCode: [0, 0],
            travelFee: [0, 0],
            total: [5000, 5000],
          },
          dueOnConfirmation: 5000,
        },
      },
    }),
    StaffCreateBooking: book as never,
  });
}

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
/** Ticks a checkbox and waits for it to be taken. */
async function tick(name: RegExp) {
  const box = await screen.findByRole('checkbox', { name });
  fireEvent.click(box);
  await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
}
/** Chooses a radio and waits for the choice to be taken (the radio group reports it after the click). */
async function choose(name: string | RegExp) {
  const radio = await screen.findByRole('radio', { name });
  fireEvent.click(radio);
  await waitFor(() => expect((radio as HTMLInputElement).checked).toBe(true));
  await new Promise((resolve) => setTimeout(resolve, 0));
}
const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });

/** Steps 1 to 3: Ana, the shot and its add-on at Glow Midtown, 10:00 AM on Jan 8, 2030. */
async function chooseUpToTheTime() {
  click('Continue');
  expect(await screen.findByText('Choose a client, or add a new one.')).toBeTruthy();
  fireEvent.click(await screen.findByRole('button', { name: /Ana Lima/ }));
  expect(screen.getByText('Booking for Ana Lima (ana@example.com)')).toBeTruthy();
  click('Continue');

  const placeStep = await stepHeading('Step 2 of 4: Place and services');
  await waitFor(() => expect(document.activeElement).toBe(placeStep));
  click('Continue');
  expect(await screen.findByText("Choose a clinic, or enter the client's address.")).toBeTruthy();
  await choose(/Glow Midtown/);
  await tick(/B12 Energy Shot/);
  await tick(/Vitamin C Boost/);
  click('Continue');

  await stepHeading('Step 3 of 4: Date and time');
  fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: '2030-01-08' } });
  click('Continue');
  expect(await screen.findByText('Choose one of the free times.')).toBeTruthy();
  await choose('10:00 AM');
  click('Continue');
  await stepHeading('Step 4 of 4: Payment and summary');
}

describe('booking for a client', () => {
  it('books a client found by the search with their card on file, then opens Requests on that day', async () => {
    const calls = api();
    const toasts = collectToasts();
    const { path } = renderConsole(
      <PhoneBookingPage marketplaceId="1" staff={frontDesk} />,
      '/1/console/requests/book',
      queryClient(),
    );
    await chooseUpToTheTime();
    expect(calls.of('Availability')[0]?.variables).toMatchObject({
      input: { organizationId: '21', procedureIds: ['101', '201'] },
    });

    click('Book');
    expect(await screen.findByText('Choose how the client pays.')).toBeTruthy();
    expect(await screen.findByText('Any allergies is required')).toBeTruthy();
    await choose('Card on file: Visa ending in 4242');
    fireEvent.change(screen.getByRole('textbox', { name: /Any allergies/ }), { target: { value: 'Latex' } });
    const summary = screen.getByRole('region', { name: 'Summary' });
    await waitFor(() =>
      expect(within(summary).getByTestId('phone-booking-total').textContent).toBe('$50.00'),
    );
    expect(summary.textContent).toContain('Ana Lima (ana@example.com)');
    expect(summary.textContent).toContain('Glow Midtown, 10 W 33rd St, New York, NY 10001');
    expect(summary.textContent).toContain('Tue, Jan 8, 2030 at 10:00 AM (America/New_York)');
    expect(summary.textContent).toContain('B12 Energy Shot, Vitamin C Boost');
    expect(summary.textContent).toContain('Charged when the request is confirmed: $50.00.');

    click('Book');
    await waitFor(() => expect(path()).toBe('/1/console/requests?date=2030-01-08'));
    expect(calls.of('StaffCreateBooking')[0]?.variables).toEqual({
      marketplaceId: '1',
      input: {
        idempotencyKey: expect.any(String),
        clientId: '9',
        organizationId: '21',
        procedures: ['101', '201'],
        date: '2030-01-08',
        time: '10:00',
        checkoutNotes: [{ checkoutNoteId: '7', value: 'Latex' }],
        notes: null,
        confirmNow: false,
        payment: { paymentInstrumentId: '44' },
      },
    });
    expect(toasts).toContainEqual({
      type: 'success',
      message:
        'Booked Ana Lima for Tue, Jan 8, 2030, 10:00 AM. We mailed them that their request was received.',
    });
  });

  it('goes back to the free times when the time was taken meanwhile, keeping everything else', async () => {
    const calls = api(() => ({
      errors: [
        {
          message: 'This time is no longer available. Please choose another time.',
          extensions: { code: 'SLOT_TAKEN' },
        },
      ],
    }));
    renderConsole(
      <PhoneBookingPage marketplaceId="1" staff={frontDesk} />,
      '/1/console/requests/book',
      queryClient(),
    );
    await chooseUpToTheTime();
    await choose(/Collect on site/);
    fireEvent.change(screen.getByRole('textbox', { name: /Any allergies/ }), { target: { value: 'None' } });
    await tick(/Confirm now/);
    click('Book');

    await stepHeading('Step 3 of 4: Date and time');
    expect(screen.getByRole('alert').textContent).toBe(
      'This time is no longer available. Please choose another time.',
    );
    expect(((await screen.findByRole('radio', { name: '10:00 AM' })) as HTMLInputElement).checked).toBe(
      false,
    );
    await choose('9:30 AM');
    click('Continue');
    await stepHeading('Step 4 of 4: Payment and summary');
    // What was typed and chosen on the last step is still there.
    expect((screen.getByRole('radio', { name: /Collect on site/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('textbox', { name: /Any allergies/ }) as HTMLInputElement).value).toBe('None');
    expect((screen.getByRole('checkbox', { name: /Confirm now/ }) as HTMLInputElement).checked).toBe(true);
    click('Book');
    await waitFor(() => expect(calls.of('StaffCreateBooking')).toHaveLength(2));
    const [first, second] = calls
      .of('StaffCreateBooking')
      .map((call) => call.variables.input as Record<string, unknown>);
    expect(second).toMatchObject({ time: '09:30', payment: { collectOnSite: true }, confirmNow: true });
    // A refusal ends the key: the new booking has a key of its own.
    expect(second?.idempotencyKey).not.toBe(first?.idempotencyKey);
  });

  it("checks a new client's details with checkout's own words", async () => {
    api();
    renderConsole(
      <PhoneBookingPage marketplaceId="1" staff={frontDesk} />,
      '/1/console/requests/book',
      queryClient(),
    );
    await choose('A new client');
    await screen.findByRole('textbox', { name: /First name/ });
    click('Continue');
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Last Name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Phone is required')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /First name/ }), { target: { value: 'Nell' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Last name/ }), { target: { value: 'Newcomer' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Email/ }), { target: { value: 'nell@' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Phone/ }), { target: { value: '555' } });
    click('Continue');
    expect(await screen.findByText('Please provide a valid email')).toBeTruthy();
    expect(screen.getByText('Please provide a valid US phone number')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Step 1 of 4: Client');
  });

  it('is offered in Requests to the roles that may book for clients only', () => {
    renderConsole(<BookForClientButton marketplaceId="1" staff={frontDesk} />);
    expect(screen.getByRole('link', { name: 'Book for a client' }).getAttribute('href')).toBe(
      '/1/console/requests/book',
    );
    cleanup();
    renderConsole(<BookForClientButton marketplaceId="1" staff={{ ...frontDesk, role: 'practitioner' }} />);
    expect(screen.queryByRole('link', { name: 'Book for a client' })).toBeNull();
  });
});
