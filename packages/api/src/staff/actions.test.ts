// The request lifecycle through the staff mutations: confirm (charging what is due),
// decline, complete and cancel, each state's refusals, and the client's messages in the outbox.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  brooklyn,
  type CheckoutTestContext,
  checkoutOperations,
  createCheckoutTestContext,
  daysAhead,
  guest,
  ids,
  moveIntoPast,
  newCard,
  newYork,
  TestBrowser,
} from '../test/checkout';
import { testDatabases } from '../test/databases';
import { mailbox } from '../test/identity';
import { type StaffRequestResult, signedInStaff, staffOperations } from '../test/staff';

const onSite = ids(80);
const deposit = ids(81);

interface ActionResult {
  id: string;
  status: string;
  charged: number;
  failureReason: string | null;
}

describe.each(testDatabases)('staff actions on $name', (factory) => {
  let context: CheckoutTestContext;
  let desk80: TestBrowser;
  let desk81: TestBrowser;
  let emailCount = 0;
  let dayCount = 0;

  /** A guest's request at a marketplace's clinic on a day of its own; its id and the client's email. */
  const request = async (
    place: ReturnType<typeof ids>,
    options: { card?: string; phoneOptIn?: boolean; extra?: Record<string, unknown> } = {},
  ) => {
    const browser = new TestBrowser(context.app);
    const email = `staff-client${++emailCount}@example.com`;
    const client = guest(email);
    const date = daysAhead(7 + dayCount++);
    const { createAppointmentRequest } = await browser.data<{ createAppointmentRequest: { id: string } }>(
      checkoutOperations.book,
      {
        input: {
          marketplaceId: place.marketplace,
          idempotencyKey: randomUUID(),
          organizationId: place.clinic,
          procedures: [place.drip, place.boost],
          dateRanges: at(date, '10:00'),
          registerUser: {
            ...client,
            profile: { ...client.profile, phoneOptIn: options.phoneOptIn ?? false },
          },
          ...(options.card ? { paymentMethod: await newCard(browser, options.card) } : {}),
          ...options.extra,
        },
      },
    );
    return { id: createAppointmentRequest.id, email, date };
  };

  const act = async (
    browser: TestBrowser,
    action: 'confirm' | 'decline' | 'complete' | 'cancel',
    variables: Record<string, unknown>,
  ) => {
    const response = await browser.post<Record<string, ActionResult>>(staffOperations[action], variables);
    const [error] = response.body.errors ?? [];
    if (error) return { error: { code: error.extensions?.code, message: error.message } };
    return { result: Object.values(response.body.data ?? {})[0] };
  };

  const subjects = async (email: string) =>
    (await mailbox(context.app, email)).map((message) => message.subject);

  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    desk80 = await signedInStaff(context, {
      marketplaceId: 80,
      email: 'desk80@staff.test',
      role: 'front_desk',
    });
    desk81 = await signedInStaff(context, {
      marketplaceId: 81,
      email: 'desk81@staff.test',
      role: 'front_desk',
    });
  });
  afterAll(() => context.handle.dispose());

  it('lists requests with the client, services and add-ons, place, notes, answers and amount due', async () => {
    const { id, email, date } = await request(onSite, {
      extra: {
        notes: 'Please ring twice',
        gratuity: 1500,
        checkoutNotes: [
          { checkoutNoteId: '8001', value: 'Latex' },
          { checkoutNoteId: '8003', value: 'true' },
        ],
      },
    });
    const { staffRequests } = await desk80.data<{ staffRequests: StaffRequestResult[] }>(
      staffOperations.requests,
      { marketplaceId: onSite.marketplace, filter: { status: 'PENDING', clinicId: onSite.clinic, date } },
    );
    expect(staffRequests).toEqual([
      {
        id,
        status: 'PENDING',
        start: expect.any(String),
        end: expect.any(String),
        timeZone: newYork,
        requestedAt: expect.any(String),
        client: {
          id: expect.any(String),
          givenName: 'Gia',
          familyName: 'Guest',
          email,
          phone: '+12125550142',
        },
        procedures: [
          { id: onSite.drip, name: 'Drip', isAddOn: false, price: 12345 },
          { id: onSite.boost, name: 'Boost', isAddOn: true, price: 1999 },
        ],
        practitioner: { id: '801', name: 'Ada 80' },
        clinic: { id: onSite.clinic, name: 'Test Midtown 80' },
        address: '245 W 52nd St, New York, NY 10019',
        notes: 'Please ring twice',
        checkoutNotes: [
          { label: 'Any allergies?', value: 'Latex' },
          { label: 'First visit?', value: 'Yes' },
        ],
        dueOnConfirmation: 0,
        tip: 1500,
        total: 15844,
        cancellationReason: null,
      },
    ]);
    // The filters narrow: another day, another status.
    const none = async (filter: Record<string, unknown>) =>
      (
        await desk80.data<{ staffRequests: unknown[] }>(staffOperations.requests, {
          marketplaceId: onSite.marketplace,
          filter,
        })
      ).staffRequests;
    expect(await none({ date: daysAhead(400) })).toEqual([]);
    expect(await none({ status: 'BOOKED', date })).toEqual([]);
    expect(
      await desk80.error(staffOperations.requests, { marketplaceId: '80', filter: { date: '2025-13-01' } }),
    ).toEqual({ code: 'BAD_USER_INPUT', message: '"2025-13-01" is not a date in the yyyy-MM-dd format.' });
  });

  it('lists the requests of a range of days (from and to inclusive, in the place’s zone), either end open', async () => {
    const first = await request(onSite);
    const second = await request(onSite);
    const listed = async (filter: Record<string, unknown>) =>
      (
        await desk80.data<{ staffRequests: StaffRequestResult[] }>(staffOperations.requests, {
          marketplaceId: onSite.marketplace,
          filter: { clinicId: onSite.clinic, ...filter },
        })
      ).staffRequests
        .map((row) => row.id)
        .filter((id) => id === first.id || id === second.id);
    expect(await listed({ from: first.date, to: second.date })).toEqual([first.id, second.id]);
    expect(await listed({ from: second.date })).toEqual([second.id]);
    expect(await listed({ to: first.date })).toEqual([first.id]);
    expect(await listed({ from: first.date, to: first.date })).toEqual([first.id]);
    expect(
      await desk80.error(staffOperations.requests, {
        marketplaceId: '80',
        filter: { from: second.date, to: first.date },
      }),
    ).toEqual({ code: 'BAD_USER_INPUT', message: 'The range must not end before it starts.' });
    expect(
      await desk80.error(staffOperations.requests, {
        marketplaceId: '80',
        filter: { from: '2030-01-01', to: '2030-03-04' },
      }),
    ).toEqual({ code: 'BAD_USER_INPUT', message: 'The range may span at most 62 days.' });
    expect(
      await desk80.error(staffOperations.requests, { marketplaceId: '80', filter: { to: '2030-02-30' } }),
    ).toEqual({ code: 'BAD_USER_INPUT', message: '"2030-02-30" is not a date in the yyyy-MM-dd format.' });
  });

  it('confirms a request, charging the deposit, and mails the confirmation with the invitation', async () => {
    const { id, email } = await request(deposit, { card: '4242424242424242' });
    const before = await mailbox(context.app, email);
    expect(await act(desk81, 'confirm', { marketplaceId: deposit.marketplace, id })).toEqual({
      // 15 percent of $143.44.
      result: { id, status: 'BOOKED', charged: 2152, failureReason: null },
    });
    const [confirmation, ...rest] = await mailbox(context.app, email);
    expect(rest).toHaveLength(before.length);
    expect(confirmation?.subject).toBe('Checkout Test 81: your appointment is confirmed');
    expect(confirmation?.attachments.map((file) => file.filename)).toEqual(['appointment.ics']);
    // Once BOOKED, it cannot be confirmed or declined; nothing more is charged or sent.
    expect(await act(desk81, 'confirm', { marketplaceId: deposit.marketplace, id })).toEqual({
      error: {
        code: 'BAD_USER_INPUT',
        message: `Appointment ${id} is BOOKED; only PENDING appointments can be confirmed.`,
      },
    });
    expect(
      await act(desk81, 'decline', { marketplaceId: deposit.marketplace, id, reason: 'Too late' }),
    ).toEqual({
      error: {
        code: 'BAD_USER_INPUT',
        message: `Appointment ${id} is BOOKED; only PENDING appointments can be declined.`,
      },
    });
    expect(await mailbox(context.app, email)).toHaveLength(before.length + 1);
  });

  it('keeps a request PENDING with the reason when the charge fails, and mails the client only the card link', async () => {
    const { id, email } = await request(deposit, { card: '4000000000009995' });
    const before = await subjects(email);
    expect(await act(desk81, 'confirm', { marketplaceId: deposit.marketplace, id })).toEqual({
      result: { id, status: 'PENDING', charged: 0, failureReason: 'Your card has insufficient funds.' },
    });
    // Newest first.
    expect(await subjects(email)).toEqual(['Checkout Test 81: your payment did not go through', ...before]);
  });

  it('declines a PENDING request with a reason, freeing the time, and tells the client why', async () => {
    const { id, email, date } = await request(onSite, { phoneOptIn: true });
    expect(await act(desk80, 'decline', { marketplaceId: onSite.marketplace, id, reason: '   ' })).toEqual({
      error: { code: 'BAD_USER_INPUT', message: 'Enter a reason: the client is told it.' },
    });
    expect(
      await act(desk80, 'decline', {
        marketplaceId: onSite.marketplace,
        id,
        reason: 'Ada is away that day.',
      }),
    ).toEqual({ result: { id, status: 'CANCELLED', charged: 0, failureReason: null } });
    const [notice] = await mailbox(context.app, email);
    expect(notice?.subject).toBe('Checkout Test 80: your appointment request was declined');
    expect(notice?.text).toContain('Reason: Ada is away that day.');
    expect(notice?.attachments).toEqual([]);
    const { staffRequests } = await desk80.data<{ staffRequests: StaffRequestResult[] }>(
      staffOperations.requests,
      { marketplaceId: onSite.marketplace, filter: { status: 'CANCELLED', date } },
    );
    expect(staffRequests.map((row) => [row.id, row.cancellationReason])).toEqual([
      [id, 'Ada is away that day.'],
    ]);
    // The time is free again: another client can request it.
    const again = new TestBrowser(context.app);
    await again.data(checkoutOperations.book, {
      input: {
        marketplaceId: onSite.marketplace,
        idempotencyKey: randomUUID(),
        organizationId: onSite.clinic,
        procedures: [onSite.drip, onSite.boost],
        dateRanges: at(date, '10:00'),
        registerUser: guest(`staff-again${emailCount}@example.com`),
      },
    });
  });

  it('completes a BOOKED visit without a message; a PENDING one cannot be completed, a COMPLETE one not cancelled', async () => {
    const { id, email } = await request(onSite);
    expect(await act(desk80, 'complete', { marketplaceId: onSite.marketplace, id })).toEqual({
      error: {
        code: 'BAD_USER_INPUT',
        message: `Appointment ${id} is PENDING; only BOOKED appointments can be completed.`,
      },
    });
    expect((await act(desk80, 'confirm', { marketplaceId: onSite.marketplace, id })).result?.status).toBe(
      'BOOKED',
    );
    const before = await subjects(email);
    expect(await act(desk80, 'complete', { marketplaceId: onSite.marketplace, id })).toEqual({
      error: { code: 'BAD_USER_INPUT', message: 'An appointment can be completed once it has started.' },
    });
    await moveIntoPast(context, id);
    expect(await act(desk80, 'complete', { marketplaceId: onSite.marketplace, id })).toEqual({
      result: { id, status: 'COMPLETE', charged: 0, failureReason: null },
    });
    expect(await subjects(email)).toEqual(before);
    expect(await act(desk80, 'cancel', { marketplaceId: onSite.marketplace, id })).toEqual({
      error: {
        code: 'BAD_USER_INPUT',
        message: `Appointment ${id} is COMPLETE; only PENDING or BOOKED appointments can be cancelled.`,
      },
    });
  });

  it('cancels a BOOKED visit with a reason, withdrawing the invitation', async () => {
    const { id, email } = await request(onSite);
    await act(desk80, 'confirm', { marketplaceId: onSite.marketplace, id });
    expect(
      await act(desk80, 'cancel', { marketplaceId: onSite.marketplace, id, reason: 'The clinic is closed.' }),
    ).toEqual({ result: { id, status: 'CANCELLED', charged: 0, failureReason: null } });
    const [notice] = await mailbox(context.app, email);
    expect(notice?.subject).toBe('Checkout Test 80: your appointment was cancelled');
    expect(notice?.text).toContain('Reason: The clinic is closed.');
    expect(notice?.attachments.map((file) => file.filename)).toEqual(['cancelled-appointment.ics']);
    expect(notice?.attachments[0]?.content).toContain('METHOD:CANCEL');
    expect(await act(desk80, 'cancel', { marketplaceId: onSite.marketplace, id })).toEqual({
      error: {
        code: 'BAD_USER_INPUT',
        message: `Appointment ${id} is CANCELLED; only PENDING or BOOKED appointments can be cancelled.`,
      },
    });
  });

  it('cancels a PENDING request without a reason', async () => {
    const { id, email } = await request(onSite);
    expect(await act(desk80, 'cancel', { marketplaceId: onSite.marketplace, id, reason: null })).toEqual({
      result: { id, status: 'CANCELLED', charged: 0, failureReason: null },
    });
    const [notice] = await mailbox(context.app, email);
    expect(notice?.subject).toBe('Checkout Test 80: your appointment was cancelled');
    expect(notice?.text).not.toContain('Reason:');
    expect(notice?.attachments).toEqual([]);
  });

  it('lists at-home requests with the client’s address and no clinic, alone when asked for at-home visits', async () => {
    const browser = new TestBrowser(context.app);
    const date = daysAhead(7 + dayCount++);
    const { createAppointmentRequest } = await browser.data<{ createAppointmentRequest: { id: string } }>(
      checkoutOperations.book,
      {
        input: {
          marketplaceId: onSite.marketplace,
          idempotencyKey: randomUUID(),
          address: brooklyn,
          procedures: [onSite.shot],
          dateRanges: at(date, '11:00'),
          registerUser: guest(`staff-home${++emailCount}@example.com`),
        },
      },
    );
    const { staffRequests } = await desk80.data<{ staffRequests: StaffRequestResult[] }>(
      staffOperations.requests,
      { marketplaceId: onSite.marketplace, filter: { date } },
    );
    expect(staffRequests.map((row) => [row.id, row.clinic, row.address, row.practitioner.id])).toEqual([
      [createAppointmentRequest.id, null, brooklyn.address, '802'],
    ]);
    // A clinic visit is left out of the at-home list, and the clinic's list leaves the home visit out.
    const atClinic = await request(onSite);
    const ours = [createAppointmentRequest.id, atClinic.id];
    const listed = async (filter: Record<string, unknown>) =>
      (
        await desk80.data<{ staffRequests: StaffRequestResult[] }>(staffOperations.requests, {
          marketplaceId: onSite.marketplace,
          filter: { from: date, to: atClinic.date, ...filter },
        })
      ).staffRequests
        .filter((row) => ours.includes(row.id))
        .map((row) => row.clinic?.id ?? 'home');
    expect(await listed({})).toEqual(['home', onSite.clinic]);
    expect(await listed({ atHome: true })).toEqual(['home']);
    expect(await listed({ clinicId: onSite.clinic })).toEqual([onSite.clinic]);
  });
});
