// The front desk books for a phone-in client: an existing client paying with their card on file, a
// new client with a new card, paid on site (nothing charged on confirm), the client's mails, one
// request per idempotency key, a time taken meanwhile, the guard, and every refusal's words.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/account';
import {
  at,
  brooklyn,
  type CheckoutTestContext,
  checkoutOperations,
  createCheckoutTestContext,
  daysAhead,
  ids,
  newCard,
  sandboxToken,
  TestBrowser,
} from '../../test/checkout';
import { testDatabases } from '../../test/databases';
import { mailbox } from '../../test/identity';
import { signedInStaff, staffOperations } from '../../test/staff';

const onSite = ids(80);
const deposit = ids(81);
const onConfirmation = ids(83);

const operations = {
  book: /* GraphQL */ `
    mutation Book($marketplaceId: ID!, $input: StaffBookingInput!) {
      staffCreateBooking(marketplaceId: $marketplaceId, input: $input) {
        id status client { id name email } practitioner { id name } start end timeZone clinicName address
        total dueOnConfirmation charged confirmationFailure
      }
    }`,
  cards: /* GraphQL */ `
    query Cards($marketplaceId: ID!, $clientId: ID!) {
      staffClientCards(marketplaceId: $marketplaceId, clientId: $clientId) { id brand lastFour }
    }`,
  quote: /* GraphQL */ `
    query Quote($marketplaceId: ID!, $input: StaffBookingQuoteInput!) {
      staffBookingQuote(marketplaceId: $marketplaceId, input: $input) {
        summary { procedures travelFee total } dueOnConfirmation
      }
    }`,
  authenticate: /* GraphQL */ `
    mutation Authenticate($clientSecret: String!, $outcome: SandboxAuthenticationOutcome!) {
      sandboxAuthenticate(clientSecret: $clientSecret, outcome: $outcome)
    }`,
};

interface StaffBooking {
  id: string;
  status: string;
  client: { id: string; name: string; email: string };
  practitioner: { id: string; name: string };
  start: string;
  timeZone: string;
  clinicName: string | null;
  address: string;
  total: number;
  dueOnConfirmation: number;
  charged: number;
  confirmationFailure: string | null;
}

/** Drip ($123.45) and its add-on Boost ($19.99). */
const dripAndBoost = 12345 + 1999;

describe.each(testDatabases)('booking for a phone-in client on $name', (factory) => {
  let context: CheckoutTestContext;
  let desk80: TestBrowser;
  let desk81: TestBrowser;
  let desk83: TestBrowser;
  let clients = 0;
  let days = 0;
  const nextDay = () => daysAhead(10 + days++);
  const nextEmail = () => `phoned${++clients}@example.com`;

  /** A client of marketplace `place` (their first request made online, with a card saved in their wallet). */
  const existingClient = async (place: ReturnType<typeof ids>) => {
    const email = nextEmail();
    const { browser, userId } = await signedInClient(context.app, place.marketplace, email, {
      givenName: 'Cora',
      familyName: 'Caller',
    });
    await browser.data(checkoutOperations.book, {
      input: {
        marketplaceId: place.marketplace,
        idempotencyKey: randomUUID(),
        organizationId: place.clinic,
        procedures: [place.shot],
        dateRanges: at(nextDay(), '09:00'),
        paymentMethod: await newCard(browser),
      },
    });
    return { email, userId };
  };

  const input = (place: ReturnType<typeof ids>, extra: Record<string, unknown>) => ({
    idempotencyKey: randomUUID(),
    organizationId: place.clinic,
    procedures: [place.drip, place.boost],
    date: nextDay(),
    time: '10:00',
    ...extra,
  });

  const book = (desk: TestBrowser, marketplaceId: string, bookingInput: Record<string, unknown>) =>
    desk.post<{ staffCreateBooking: StaffBooking }>(operations.book, { marketplaceId, input: bookingInput });

  const booked = async (desk: TestBrowser, marketplaceId: string, bookingInput: Record<string, unknown>) => {
    const response = await book(desk, marketplaceId, bookingInput);
    expect(response.body.errors).toBeUndefined();
    return response.body.data?.staffCreateBooking as StaffBooking;
  };

  const subjects = async (email: string) => (await mailbox(context.app, email)).map((mail) => mail.subject);

  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    desk80 = await signedInStaff(context, {
      marketplaceId: 80,
      email: 'desk80@phone.test',
      role: 'front_desk',
    });
    desk81 = await signedInStaff(context, {
      marketplaceId: 81,
      email: 'desk81@phone.test',
      role: 'front_desk',
    });
    desk83 = await signedInStaff(context, {
      marketplaceId: 83,
      email: 'desk83@phone.test',
      role: 'front_desk',
    });
  });
  afterAll(() => context.handle.dispose());

  it('books an existing client with their card on file as they would book themselves, and logs who booked', async () => {
    const { email, userId } = await existingClient(onConfirmation);
    const { staffClientCards } = await desk83.data<{ staffClientCards: { id: string; brand: string }[] }>(
      operations.cards,
      { marketplaceId: onConfirmation.marketplace, clientId: userId },
    );
    expect(staffClientCards).toEqual([{ id: expect.any(String), brand: 'VISA', lastFour: '4242' }]);

    const booking = await booked(
      desk83,
      onConfirmation.marketplace,
      input(onConfirmation, {
        clientId: userId,
        payment: { paymentInstrumentId: staffClientCards[0]?.id },
        notes: 'Prefers the left arm.',
      }),
    );
    expect(booking).toMatchObject({
      status: 'PENDING',
      client: { id: userId, name: 'Cora Caller', email },
      practitioner: { id: '831', name: 'Ada 83' },
      timeZone: 'America/New_York',
      clinicName: 'Test Midtown 83',
      total: dripAndBoost,
      dueOnConfirmation: dripAndBoost,
      charged: 0,
      confirmationFailure: null,
    });
    const [request] = await context.sql<{
      client_user_id: number;
      payment_instrument_id: number;
      notes: string;
    }>(
      'select client_user_id, payment_instrument_id, notes from appointment_requests where appointment_id = $1',
      [Number(booking.id)],
    );
    expect(request).toEqual({
      client_user_id: Number(userId),
      payment_instrument_id: Number(staffClientCards[0]?.id),
      notes: 'Prefers the left arm.',
    });
    expect(await subjects(email)).toContain('Checkout Test 83: we received your appointment request');
    const [logged] = await context.sql<{ actor: string; subject: string; after: Record<string, unknown> }>(
      `select actor, subject, after from activity_log where action = 'appointment.book' and subject = $1`,
      [`Appointment ${booking.id}`],
    );
    expect(logged).toMatchObject({
      actor: 'desk83@phone.test',
      after: { client: 'Cora Caller', clientId: userId, payment: 'card on file', totalCents: dripAndBoost },
    });
    // The staff hear of it as of any new request.
    const [job] = await context.sql<{ n: number | string }>(
      `select count(*) as n from pgboss.job where name = 'new-request' and data->>'appointmentId' = $1`,
      [booking.id],
    );
    expect(Number(job?.n)).toBe(1);
  });

  it('confirms now with the card on file: charges the total and mails the confirmation', async () => {
    const { email, userId } = await existingClient(onConfirmation);
    const { staffClientCards } = await desk83.data<{ staffClientCards: { id: string }[] }>(operations.cards, {
      marketplaceId: onConfirmation.marketplace,
      clientId: userId,
    });
    const sent = input(onConfirmation, {
      clientId: userId,
      payment: { paymentInstrumentId: staffClientCards[0]?.id },
      confirmNow: true,
    });
    const booking = await booked(desk83, onConfirmation.marketplace, sent);
    expect(booking).toMatchObject({ status: 'BOOKED', charged: dripAndBoost, confirmationFailure: null });
    // Sent again (no answer reached the desk): the same booking, confirmed once, charged once.
    expect(await booked(desk83, onConfirmation.marketplace, sent)).toEqual(booking);
    // The client's own first request and this one were each received; this one confirmed, once.
    const mails = await subjects(email);
    expect(
      mails.filter((subject) => subject === 'Checkout Test 83: we received your appointment request'),
    ).toHaveLength(2);
    expect(
      mails.filter((subject) => subject === 'Checkout Test 83: your appointment is confirmed'),
    ).toHaveLength(1);
    const payments = await context.sql<{ status: string; amount_cents: number; actor: string }>(
      'select status, amount_cents, actor from appointment_payments where appointment_id = $1',
      [Number(booking.id)],
    );
    expect(payments).toEqual([
      { status: 'succeeded', amount_cents: dripAndBoost, actor: 'desk83@phone.test' },
    ]);
  });

  it('registers a new client as a guest is at checkout, with a new card held in their name', async () => {
    const email = nextEmail();
    const card = (await newCard(desk81)).card;
    const booking = await booked(
      desk81,
      deposit.marketplace,
      input(deposit, {
        newClient: { givenName: ' Nell ', familyName: 'Newcomer', email, phone: '(212) 555-0177' },
        payment: { card: { token: card.token, postalCode: '10001' } },
      }),
    );
    // 15 % of $143.44 on confirmation.
    expect(booking).toMatchObject({
      status: 'PENDING',
      client: { name: 'Nell Newcomer', email },
      dueOnConfirmation: 2152,
    });
    const [user] = await context.sql<Record<string, unknown>>(
      `select given_name, family_name, phone, dob, email_opt_in, phone_opt_in, tzid, password_hash
         from users where id = $1`,
      [Number(booking.client.id)],
    );
    expect(user).toEqual({
      given_name: 'Nell',
      family_name: 'Newcomer',
      phone: '+12125550177',
      dob: null,
      email_opt_in: false,
      phone_opt_in: false,
      tzid: 'America/New_York',
      password_hash: null,
    });
    // The card is the client's, in their wallet, as a new client's card at checkout.
    const wallet = await context.sql<{ last_four: string; is_primary: boolean; deleted_at: Date | null }>(
      'select last_four, is_primary, deleted_at from payment_instruments where user_id = $1',
      [Number(booking.client.id)],
    );
    expect(wallet).toEqual([{ last_four: '4242', is_primary: true, deleted_at: null }]);
    expect(await subjects(email)).toEqual(['Checkout Test 81: we received your appointment request']);

    // Confirmed by the desk, the deposit is charged to that card.
    const { staffConfirmAppointment } = await desk81.data<{ staffConfirmAppointment: { charged: number } }>(
      staffOperations.confirm,
      { marketplaceId: deposit.marketplace, id: booking.id },
    );
    expect(staffConfirmAppointment.charged).toBe(2152);
  });

  it('asks for the card holder’s authentication, then books with the client secret', async () => {
    const email = nextEmail();
    const token = await sandboxToken(desk81, '4000002500003155');
    const booking = input(deposit, {
      newClient: { givenName: 'Tess', familyName: 'Secure', email, phone: '(212) 555-0178' },
      payment: { card: { token, postalCode: '10001' } },
    });
    const challenged = await book(desk81, deposit.marketplace, booking);
    const error = challenged.body.errors?.[0];
    expect(error?.extensions?.code).toBe('CARD_AUTHENTICATION_REQUIRED');
    const clientSecret = String(error?.extensions?.clientSecret);
    expect(await context.sql('select id from users where email = $1', [email])).toEqual([]);
    await desk81.data(operations.authenticate, { clientSecret, outcome: 'APPROVE' });
    const done = await booked(desk81, deposit.marketplace, {
      ...booking,
      payment: { card: { token: clientSecret, postalCode: '10001' } },
    });
    expect(done).toMatchObject({ status: 'PENDING', client: { email } });
  });

  it('collects on site: nothing due online whatever the marketplace collects, nothing charged on confirm', async () => {
    const { email, userId } = await existingClient(onConfirmation);
    const quote = await desk83.data<{ staffBookingQuote: unknown }>(operations.quote, {
      marketplaceId: onConfirmation.marketplace,
      input: {
        clientId: userId,
        organizationId: onConfirmation.clinic,
        procedures: [onConfirmation.drip, onConfirmation.boost],
        collectOnSite: true,
      },
    });
    expect(quote.staffBookingQuote).toEqual({
      summary: {
        procedures: [dripAndBoost, 15000 + 1999],
        travelFee: [0, 0],
        total: [dripAndBoost, 15000 + 1999],
      },
      dueOnConfirmation: 0,
    });
    const booking = await booked(
      desk83,
      onConfirmation.marketplace,
      input(onConfirmation, { clientId: userId, payment: { collectOnSite: true }, confirmNow: true }),
    );
    expect(booking).toMatchObject({
      status: 'BOOKED',
      total: dripAndBoost,
      dueOnConfirmation: 0,
      charged: 0,
    });
    const [request] = await context.sql<{ due_now_cents: number; payment_instrument_id: number | null }>(
      'select due_now_cents, payment_instrument_id from appointment_requests where appointment_id = $1',
      [Number(booking.id)],
    );
    expect(request).toEqual({ due_now_cents: 0, payment_instrument_id: null });
    expect(
      await context.sql('select id from appointment_payments where appointment_id = $1', [
        Number(booking.id),
      ]),
    ).toEqual([]);
    expect(await subjects(email)).toContain('Checkout Test 83: your appointment is confirmed');
  });

  it('books at the client’s address with the travel fee, as the quote says', async () => {
    const email = nextEmail();
    const place = { organizationId: null, address: brooklyn };
    const { staffBookingQuote } = await desk80.data<{
      staffBookingQuote: { summary: { total: number[] }; dueOnConfirmation: number };
    }>(operations.quote, {
      marketplaceId: onSite.marketplace,
      input: { ...place, procedures: [onSite.shot], collectOnSite: false },
    });
    expect(staffBookingQuote).toEqual({
      summary: { procedures: [4550, 4550], travelFee: [2500, 2500], total: [7050, 7050] },
      dueOnConfirmation: 0,
    });
    const booking = await booked(desk80, onSite.marketplace, {
      ...input(onSite, { ...place, procedures: [onSite.shot], time: '11:00' }),
      newClient: { givenName: 'Hana', familyName: 'Home', email, phone: '(212) 555-0179' },
      payment: { collectOnSite: true },
    });
    expect(booking).toMatchObject({
      clinicName: null,
      address: brooklyn.address,
      practitioner: { id: '802' },
      total: 7050,
    });
  });

  it('creates one request for one idempotency key sent twice', async () => {
    const email = nextEmail();
    const booking = input(onSite, {
      newClient: { givenName: 'Ida', familyName: 'Twice', email, phone: '(212) 555-0180' },
      payment: { collectOnSite: true },
      confirmNow: true,
    });
    const first = await booked(desk80, onSite.marketplace, booking);
    const second = await booked(desk80, onSite.marketplace, booking);
    expect(second).toEqual(first);
    const [count] = await context.sql<{ n: number | string }>(
      'select count(*) as n from appointment_requests r join users u on u.id = r.client_user_id where u.email = $1',
      [email],
    );
    expect(Number(count?.n)).toBe(1);
    expect(await subjects(email)).toEqual([
      'Checkout Test 80: your appointment is confirmed',
      'Checkout Test 80: we received your appointment request',
    ]);
    // The same key for another booking is refused.
    expect(
      (await book(desk80, onSite.marketplace, { ...booking, time: '12:00' })).body.errors?.[0]?.extensions
        ?.code,
    ).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('answers SLOT_TAKEN when the time was taken meanwhile', async () => {
    const date = nextDay();
    const newClient = (name: string) => ({
      givenName: name,
      familyName: 'Clash',
      email: nextEmail(),
      phone: '(212) 555-0181',
    });
    await booked(
      desk80,
      onSite.marketplace,
      input(onSite, { date, newClient: newClient('Una'), payment: { collectOnSite: true } }),
    );
    expect(
      await desk80.error(operations.book, {
        marketplaceId: onSite.marketplace,
        input: input(onSite, { date, newClient: newClient('Vic'), payment: { collectOnSite: true } }),
      }),
    ).toEqual({
      code: 'SLOT_TAKEN',
      message: 'This time is no longer available. Please choose another time.',
    });
  });

  it('refuses a practitioner, a client of the group and another marketplace’s front desk', async () => {
    const practitioner = await signedInStaff(context, {
      marketplaceId: 80,
      email: 'ada@phone.test',
      role: 'practitioner',
      practitionerId: 801,
    });
    const { browser: client } = await signedInClient(context.app, '80', nextEmail());
    const booking = () =>
      input(onSite, {
        newClient: { givenName: 'Wes', familyName: 'Wrong', email: nextEmail(), phone: '(212) 555-0182' },
        payment: { collectOnSite: true },
      });
    for (const browser of [practitioner, client, desk81]) {
      const answer = await browser.error(operations.book, {
        marketplaceId: onSite.marketplace,
        input: booking(),
      });
      expect(answer.code).toBe('FORBIDDEN');
    }
    expect(
      await new TestBrowser(context.app).error(operations.book, {
        marketplaceId: onSite.marketplace,
        input: booking(),
      }),
    ).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('says what is wrong with each input, and writes nothing', async () => {
    const { userId } = await existingClient(onConfirmation);
    const { userId: otherClient } = await existingClient(onSite);
    const newClient = {
      givenName: 'Pat',
      familyName: 'Problem',
      email: nextEmail(),
      phone: '(212) 555-0183',
    };
    const refusal = (extra: Record<string, unknown>) =>
      desk83.error(operations.book, {
        marketplaceId: onConfirmation.marketplace,
        input: input(onConfirmation, { clientId: userId, payment: { collectOnSite: true }, ...extra }),
      });
    const bad = (message: string) => ({ code: 'BAD_USER_INPUT', message });
    expect(await refusal({ clientId: null })).toEqual(bad('Choose a client, or add a new one.'));
    expect(await refusal({ newClient })).toEqual(bad('Choose an existing client or a new one, not both.'));
    expect(await refusal({ clientId: null, newClient: { ...newClient, email: 'pat@' } })).toEqual(
      bad('Please provide a valid email'),
    );
    expect(await refusal({ clientId: null, newClient: { ...newClient, givenName: ' ' } })).toEqual(
      bad('Name is required'),
    );
    expect(await refusal({ clientId: null, newClient: { ...newClient, phone: '555' } })).toEqual(
      bad('Please provide a valid US phone number'),
    );
    expect(await refusal({ organizationId: null })).toEqual(
      bad("Choose a clinic, or enter the client's address."),
    );
    expect(await refusal({ procedures: [] })).toEqual(bad('Choose at least one service.'));
    expect(await refusal({ time: '9am' })).toEqual(bad('Enter the time as HH:mm, e.g. 09:30.'));
    expect(await refusal({ payment: {} })).toEqual(bad('Choose how the client pays.'));
    expect(await refusal({ payment: { collectOnSite: true, paymentInstrumentId: '1' } })).toEqual(
      bad('Choose one way to pay: a card on file, a new card, or on site.'),
    );
    // Nothing is due online only when paid on site: a card is needed otherwise.
    expect(await refusal({ payment: { collectOnSite: false } })).toEqual(bad('Choose how the client pays.'));
    // Someone else's card, and a client of another marketplace of the group.
    const [otherCard] = await context.sql<{ id: number }>(
      'select id from payment_instruments where user_id = $1',
      [Number(otherClient)],
    );
    expect(await refusal({ payment: { paymentInstrumentId: String(otherCard?.id) } })).toEqual(
      bad('This payment method is not available. Please choose another card.'),
    );
    expect(await refusal({ clientId: otherClient })).toEqual({
      code: 'NOT_FOUND',
      message: `Client ${otherClient} was not found.`,
    });
    // A time outside the practitioner's hours is not one of the free times.
    expect((await refusal({ time: '20:00' })).code).toBe('SLOT_TAKEN');
    // A declined card.
    const declined = await sandboxToken(desk83, '4000000000000002');
    expect(await refusal({ payment: { card: { token: declined, postalCode: '10001' } } })).toEqual({
      code: 'PAYMENT_DECLINED',
      message: 'Your card was declined.',
    });
    const [count] = await context.sql<{ n: number | string }>(
      'select count(*) as n from appointment_requests where client_user_id = $1',
      [Number(userId)],
    );
    expect(Number(count?.n)).toBe(1);
  });

  it('asks the marketplace’s required checkout notes', async () => {
    await context.sql(`update checkout_note_definitions set is_required = true where id = 8001`);
    try {
      const booking = input(onSite, {
        newClient: { givenName: 'Quinn', familyName: 'Query', email: nextEmail(), phone: '(212) 555-0184' },
        payment: { collectOnSite: true },
      });
      expect(
        await desk80.error(operations.book, { marketplaceId: onSite.marketplace, input: booking }),
      ).toEqual({
        code: 'BAD_USER_INPUT',
        message: 'Any allergies? is required.',
      });
      await booked(desk80, onSite.marketplace, {
        ...booking,
        checkoutNotes: [{ checkoutNoteId: '8001', value: 'Latex' }],
      });
    } finally {
      await context.sql(`update checkout_note_definitions set is_required = false where id = 8001`);
    }
  });
});
