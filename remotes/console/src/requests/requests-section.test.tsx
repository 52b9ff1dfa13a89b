import { resetClientValues } from '@atrium/stores';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleStaff } from '../shell/console-staff';
import { collectToasts, graphqlFetch, renderConsole, requestFixture } from '../test/test-support';
import { REASON_REQUIRED } from './reason-dialog';
import RequestsSection from './requests-section';

afterEach(cleanup);
beforeEach(() => resetClientValues());

const frontDesk: ConsoleStaff = {
  role: 'front_desk',
  name: 'Fran Desk',
  email: 'f@glow.example',
  practitionerId: null,
};
const practitioner: ConsoleStaff = {
  role: 'practitioner',
  name: 'Dana Park',
  email: 'p@glow.example',
  practitionerId: '3',
};
const subject = 'Ana Lima, Tue, Jan 8, 2030, 10:00 AM';

const showRequests = (staff: ConsoleStaff, url = '/1/console/requests') =>
  renderConsole(<RequestsSection marketplaceId="1" staff={staff} />, url);

/** One page of the inbox holding these requests. */
const pageOf = (requests: unknown[]) => ({
  requests,
  total: requests.length,
  page: 1,
  pageSize: 20,
  pageCount: 1,
});

const failedCharge = {
  id: '71',
  purpose: 'CONFIRMATION' as const,
  status: 'FAILED' as const,
  amount: 1000,
  failureReason: 'Your card was declined.',
  attemptedAt: '2030-01-02T14:05:00.000Z',
  attemptedBy: 'f@glow.example',
  refunded: 0,
  refundable: 0,
  refunds: [],
};
const charged = {
  ...failedCharge,
  id: '72',
  status: 'SUCCEEDED' as const,
  failureReason: null,
  refundable: 1000,
};

const result = (status: string, charged = 0, failureReason: string | null = null) => ({
  id: '501',
  status,
  charged,
  failureReason,
});

describe('the requests inbox', () => {
  it('lists pending requests with the client, services and add-ons, place, notes, time and amounts', async () => {
    const api = graphqlFetch({
      StaffRequestPage: () => ({
        data: { staffRequestPage: pageOf([requestFixture({ tip: 750, total: 5750 })]) },
      }),
    });
    showRequests(frontDesk);

    expect(screen.getByRole('status', { name: 'Loading requests' })).toBeTruthy();
    const item = await screen.findByRole('article', { name: /Ana Lima/ });
    // Compact: the request in a line, the rest under Details.
    expect(item.textContent).toContain(
      'B12 Energy Shot, Vitamin C Boost · $57.50 · Glow Midtown, 10 W 33rd St, New York, NY 10001',
    );
    expect(item.textContent).toContain('ana@example.com · (212) 555-0143');
    expect(item.textContent).not.toContain('Ring twice');
    const details = within(item).getByRole('button', { name: `Show details of ${subject}` });
    expect(details.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(details);
    expect(details.getAttribute('aria-expanded')).toBe('true');
    const text = item.textContent ?? '';
    expect(text).toContain('Tue, Jan 8, 2030, 10:00 AM – 10:45 AM (America/New_York)');
    expect(text).toContain('ana@example.com');
    expect(text).toContain('(212) 555-0143');
    expect(text).toContain('B12 Energy Shot$35.00');
    expect(text).toContain('Add-onsVitamin C Boost$15.00');
    expect(text).toContain('Glow Midtown, 10 W 33rd St, New York, NY 10001');
    expect(text).toContain('NotesRing twice');
    expect(text).toContain('AllergiesLatex');
    expect(text).toContain('Tip$7.50');
    expect(text).toContain('Due on confirmation$10.00');
    expect(text).toContain('Total$57.50');
    expect(text).toContain('ReceivedTue, Jan 1, 2030, 7:00 AM');
    expect(screen.getByText('1 pending request').getAttribute('role')).toBe('status');
    expect(api.of('StaffRequestPage')[0]?.variables).toEqual({
      marketplaceId: '1',
      filter: { status: 'PENDING', clinicId: null, atHome: false, date: null },
      page: 1,
    });
  });

  it('shows an appointment booked outside Atrium with no client on file', async () => {
    graphqlFetch({
      StaffRequestPage: () => ({
        data: { staffRequestPage: pageOf([requestFixture({ client: null, procedures: [], total: 0 })]) },
      }),
    });
    showRequests(frontDesk);
    const item = await screen.findByRole('article', { name: /^No client on file/ });
    expect(item.textContent).toContain('Glow Midtown, 10 W 33rd St, New York, NY 10001Booked outside Atrium');
    fireEvent.click(within(item).getByRole('button', { name: /^Show details of No client on file/ }));
    expect(item.textContent).toContain('No client on file: booked outside Atrium');
  });

  it('pages through the requests, 20 a page, the page kept in the address', async () => {
    const api = graphqlFetch({
      StaffRequestPage: (variables) => ({
        data: {
          staffRequestPage: {
            requests: [requestFixture({ id: String(600 + Number(variables.page)) })],
            total: 41,
            page: variables.page,
            pageSize: 20,
            pageCount: 3,
          },
        },
      }),
    });
    const { path } = showRequests(frontDesk);
    const pages = await screen.findByRole('navigation', { name: 'Pages of requests' });
    expect(within(pages).getByText('Page 1 of 3')).toBeTruthy();
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await within(pages).findByText('Page 2 of 3')).toBeTruthy();
    expect(path()).toBe('/1/console/requests?page=2');
    expect(api.of('StaffRequestPage').at(-1)?.variables).toMatchObject({ page: 2 });
    expect(screen.getByText('41 pending requests')).toBeTruthy();
  });

  it('shows an at-home visit at the client’s address, and says when nothing matches', async () => {
    let requests = [requestFixture({ clinic: null, address: '9 Elm St, Brooklyn, NY 11201' })];
    graphqlFetch({ StaffRequestPage: () => ({ data: { staffRequestPage: pageOf(requests) } }) });
    showRequests(frontDesk);
    expect((await screen.findByRole('article')).textContent).toContain(
      'At home: 9 Elm St, Brooklyn, NY 11201',
    );
    requests = [];
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-01-09' } });
    expect(await screen.findByText('No pending requests.')).toBeTruthy();
  });

  it('filters by status, clinic and date, kept in the address', async () => {
    const api = graphqlFetch({ StaffRequestPage: () => ({ data: { staffRequestPage: pageOf([]) } }) });
    const { path } = showRequests(frontDesk);
    await screen.findByText('No pending requests.');

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'BOOKED' } });
    fireEvent.change(screen.getByLabelText('Clinic'), { target: { value: '21' } });
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-01-08' } });
    await waitFor(() =>
      expect(api.of('StaffRequestPage').at(-1)?.variables.filter).toEqual({
        status: 'BOOKED',
        clinicId: '21',
        atHome: false,
        date: '2030-01-08',
      }),
    );
    expect(path()).toBe('/1/console/requests?status=BOOKED&clinic=21&date=2030-01-08');
    fireEvent.change(screen.getByLabelText('Clinic'), { target: { value: 'home' } });
    await waitFor(() =>
      expect(api.of('StaffRequestPage').at(-1)?.variables.filter).toMatchObject({
        clinicId: null,
        atHome: true,
      }),
    );
    expect(path()).toBe('/1/console/requests?status=BOOKED&clinic=home&date=2030-01-08');
    expect(await screen.findByText('No booked requests.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show pending requests' }));
    await waitFor(() => expect(path()).toBe('/1/console/requests'));
  });

  it('confirms a request, says so and asks for the list again', async () => {
    const toasts = collectToasts();
    let status = 'PENDING';
    const api = graphqlFetch({
      StaffRequestPage: () => ({
        data: { staffRequestPage: pageOf(status === 'PENDING' ? [requestFixture()] : []) },
      }),
      StaffConfirmAppointment: () => {
        status = 'BOOKED';
        return { data: { staffConfirmAppointment: result('BOOKED', 1000) } };
      },
    });
    showRequests(frontDesk);
    fireEvent.click(await screen.findByRole('button', { name: `Confirm request of ${subject}` }));

    expect(await screen.findByText('No pending requests.')).toBeTruthy();
    expect(api.of('StaffConfirmAppointment')[0]?.variables).toEqual({ marketplaceId: '1', id: '501' });
    expect(toasts).toEqual([{ type: 'success', message: `Confirmed ${subject}. $10.00 charged.` }]);
  });

  it('keeps a failed charge on the request (reason, when, who), which stays pending', async () => {
    const toasts = collectToasts();
    let confirmed = false;
    graphqlFetch({
      StaffRequestPage: () => ({
        data: { staffRequestPage: pageOf([requestFixture({ payments: confirmed ? [failedCharge] : [] })]) },
      }),
      StaffConfirmAppointment: () => {
        confirmed = true;
        return { data: { staffConfirmAppointment: result('PENDING', 0, 'Your card was declined.') } };
      },
    });
    showRequests(frontDesk);
    fireEvent.click(await screen.findByRole('button', { name: `Confirm request of ${subject}` }));

    const item = screen.getByRole('article', { name: /Ana Lima/ });
    await waitFor(() =>
      expect(within(item).getByText('The last charge failed; the request stays pending.')).toBeTruthy(),
    );
    fireEvent.click(within(item).getByRole('button', { name: `Show details of ${subject}` }));
    const payments = within(item).getByRole('region', { name: 'Payments' });
    expect(payments.textContent).toContain('Charge on confirmation: $10.00 Failed');
    expect(payments.textContent).toContain('Jan 2, 2030, 9:05 AM · by f@glow.example');
    expect(within(item).getAllByText('Your card was declined.')).toHaveLength(2);
    expect(within(item).getByText('Pending')).toBeTruthy();
    expect(toasts).toEqual([
      { type: 'error', message: 'The charge failed: Your card was declined. The request stays pending.' },
    ]);
  });

  it('declines only with a reason, which is sent to the client', async () => {
    const toasts = collectToasts();
    const api = graphqlFetch({
      StaffRequestPage: () => ({ data: { staffRequestPage: pageOf([requestFixture()]) } }),
      StaffDeclineAppointment: () => ({ data: { staffDeclineAppointment: result('CANCELLED') } }),
    });
    showRequests(frontDesk);
    fireEvent.click(await screen.findByRole('button', { name: `Decline request of ${subject}` }));

    const dialog = await screen.findByRole('dialog', { name: 'Decline the request' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    expect(await within(dialog).findByText(REASON_REQUIRED)).toBeTruthy();
    expect(api.of('StaffDeclineAppointment')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: '  No nurse free that morning  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    await waitFor(() => expect(toasts).toEqual([{ type: 'success', message: `Declined ${subject}.` }]));
    // The declined request leaves the list: focus goes to the section's heading, not <body>.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Requests' })),
    );
    expect(api.of('StaffDeclineAppointment')[0]?.variables).toEqual({
      marketplaceId: '1',
      id: '501',
      reason: 'No nurse free that morning',
    });
  });

  it('offers Cancel for a booked appointment, Complete only once it has begun', async () => {
    graphqlFetch({
      StaffRequestPage: () => ({
        data: { staffRequestPage: pageOf([requestFixture({ status: 'BOOKED' })]) },
      }),
    });
    showRequests(frontDesk, '/1/console/requests?status=BOOKED');
    expect(await screen.findByRole('button', { name: `Cancel appointment of ${subject}` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Complete/ })).toBeNull();
  });

  it('offers Complete and Cancel for a booked appointment under way, and shows the server’s refusal', async () => {
    const toasts = collectToasts();
    const begun = new Date(Date.now() - 10 * 60_000).toISOString();
    graphqlFetch({
      StaffRequestPage: () => ({
        data: { staffRequestPage: pageOf([requestFixture({ status: 'BOOKED', start: begun })]) },
      }),
      StaffCompleteAppointment: () => ({
        errors: [{ message: 'The appointment is not booked.', extensions: { code: 'BAD_USER_INPUT' } }],
      }),
    });
    showRequests(frontDesk, '/1/console/requests?status=BOOKED');

    expect(await screen.findByRole('button', { name: /^Cancel appointment of Ana Lima, / })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Confirm/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Complete appointment of Ana Lima, / }));
    await waitFor(() =>
      expect(toasts).toEqual([{ type: 'error', message: 'The appointment is not booked.' }]),
    );
  });

  it('refunds part of a payment with a key made once, checking the amount as the API does', async () => {
    const toasts = collectToasts();
    const api = graphqlFetch({
      StaffRequestPage: () => ({
        data: { staffRequestPage: pageOf([requestFixture({ status: 'BOOKED', payments: [charged] })]) },
      }),
      StaffRefundPayment: () => ({
        data: { staffRefundPayment: { paymentId: '72', refunded: 250, left: 750 } },
      }),
    });
    showRequests(frontDesk, '/1/console/requests?status=BOOKED');
    fireEvent.click(await screen.findByRole('button', { name: `Show details of ${subject}` }));
    fireEvent.click(
      await screen.findByRole('button', { name: `Refund charge on confirmation of ${subject}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Refund the charge on confirmation' });
    const amount = within(dialog).getByRole('textbox', { name: /Amount to refund/ }) as HTMLInputElement;
    expect(amount.value).toBe('10.00');
    fireEvent.change(amount, { target: { value: '10.01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('The most you can refund is $10.00.')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '2.50' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Late start' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund $2.50' }));
    await waitFor(() =>
      expect(toasts).toEqual([{ type: 'success', message: `Refunded $2.50 to ${subject}.` }]),
    );
    const variables = api.of('StaffRefundPayment')[0]?.variables as { refund: { requestKey: string } };
    expect(variables).toMatchObject({
      marketplaceId: '1',
      paymentId: '72',
      refund: { amount: 250 },
      reason: 'Late start',
    });
    expect(variables.refund.requestKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('cancels a charged appointment refunding everything collected unless the desk chooses otherwise', async () => {
    const api = graphqlFetch({
      StaffRequestPage: () => ({
        data: { staffRequestPage: pageOf([requestFixture({ status: 'BOOKED', payments: [charged] })]) },
      }),
      StaffCancelAppointment: () => ({ data: { staffCancelAppointment: result('CANCELLED') } }),
    });
    showRequests(frontDesk, '/1/console/requests?status=BOOKED');
    fireEvent.click(await screen.findByRole('button', { name: `Cancel appointment of ${subject}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the appointment' });
    expect(
      within(dialog).getByRole('radio', { name: 'Refund everything collected ($10.00)' }),
    ).toHaveProperty('checked', true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Nurse ill' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    await waitFor(() => expect(api.of('StaffCancelAppointment')).toHaveLength(1));
    expect(api.of('StaffCancelAppointment')[0]?.variables).toMatchObject({
      reason: 'Nurse ill',
      refund: { amount: 1000, requestKey: expect.any(String) },
    });
  });

  it('marks a begun appointment a no-show after asking', async () => {
    const toasts = collectToasts();
    const begun = new Date(Date.now() - 30 * 60_000).toISOString();
    const api = graphqlFetch({
      StaffRequestPage: () => ({
        data: { staffRequestPage: pageOf([requestFixture({ status: 'BOOKED', start: begun })]) },
      }),
      StaffMarkNoShow: () => ({ data: { staffMarkNoShow: result('NO_SHOW', 2500) } }),
    });
    showRequests(frontDesk, '/1/console/requests?status=BOOKED');
    fireEvent.click(await screen.findByRole('button', { name: /^Mark no-show for appointment of Ana Lima/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark as a no-show?' });
    expect(api.of('StaffMarkNoShow')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark no-show' }));
    await waitFor(() =>
      expect(toasts[0]?.message).toMatch(/as a no-show\. No-show fee of \$25\.00 charged\.$/),
    );
  });

  it('moves an appointment to another practitioner’s free time, and says when it was taken meanwhile', async () => {
    const toasts = collectToasts();
    let taken = true;
    const api = graphqlFetch({
      StaffRequestPage: () => ({
        data: { staffRequestPage: pageOf([requestFixture({ status: 'BOOKED' })]) },
      }),
      StaffRescheduleOptions: () => ({
        data: {
          staffRescheduleOptions: {
            timeZone: 'America/New_York',
            practitioners: [
              { practitioner: { id: '3', name: 'Dana Park' }, times: ['10:00', '11:00'] },
              { practitioner: { id: '4', name: 'Eve Stone' }, times: ['14:30'] },
            ],
          },
        },
      }),
      StaffRescheduleAppointment: () =>
        taken
          ? {
              errors: [
                {
                  message: 'This time is no longer available. Please choose another time.',
                  extensions: { code: 'SLOT_TAKEN' },
                },
              ],
            }
          : { data: { staffRescheduleAppointment: result('BOOKED') } },
    });
    showRequests(frontDesk, '/1/console/requests?status=BOOKED');
    fireEvent.click(await screen.findByRole('button', { name: `Move appointment of ${subject}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Move the appointment' });
    expect((within(dialog).getByLabelText('Date') as HTMLInputElement).value).toBe('2030-01-08');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText('Choose one of the free times.')).toBeTruthy();
    fireEvent.change(await within(dialog).findByRole('combobox', { name: 'Practitioner' }), {
      target: { value: '4' },
    });
    fireEvent.click(within(dialog).getByText('2:30 PM'));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Move to 2:30 PM' }));
    expect(
      await within(dialog).findByText('This time is no longer available. Please choose another time.'),
    ).toBeTruthy();
    await waitFor(() => expect(api.of('StaffRescheduleOptions').length).toBeGreaterThan(1));
    taken = false;
    fireEvent.click(within(dialog).getByText('2:30 PM'));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Move to 2:30 PM' }));
    await waitFor(() =>
      expect(toasts.at(-1)?.message).toMatch(
        /^Moved Ana Lima, .* to 2:30 PM on Tue, Jan 8 with Eve Stone\. The client was mailed\.$/,
      ),
    );
    expect(api.of('StaffRescheduleAppointment').at(-1)?.variables).toEqual({
      marketplaceId: '1',
      id: '501',
      date: '2030-01-08',
      time: '14:30',
      practitionerId: '4',
    });
  });

  it('is read-only for a practitioner', async () => {
    graphqlFetch({ StaffRequestPage: () => ({ data: { staffRequestPage: pageOf([requestFixture()]) } }) });
    showRequests(practitioner);
    const item = await screen.findByRole('article', { name: /Ana Lima/ });
    expect(
      within(item)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Show details']);
    expect(screen.getByText('Your own appointments, read-only.')).toBeTruthy();
  });

  it('says when the requests cannot be loaded, with a retry', async () => {
    let fail = true;
    graphqlFetch({
      StaffRequestPage: () =>
        fail
          ? {
              errors: [
                { message: 'You are not on this marketplace’s staff.', extensions: { code: 'FORBIDDEN' } },
              ],
            }
          : { data: { staffRequestPage: pageOf([]) } },
    });
    showRequests(frontDesk);
    expect(await screen.findByText('You are not on this marketplace’s staff.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No pending requests.')).toBeTruthy();
  });
});
