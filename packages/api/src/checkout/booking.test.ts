import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadIdentityConfig } from '../identity';
import { idempotencyKeyReusedMessage } from '../kernel/idempotency';
import { notificationSettings } from '../notifications';
import { createSandboxProcessor } from '../payments';
import { signedInClient } from '../test/account';
import {
  at,
  type BookResult,
  type CheckoutTestContext,
  checkoutOperations,
  createCheckoutTestContext,
  daysAhead,
  guest,
  ids,
  newCard,
  type OperatorResult,
  operatorHeaders,
  TestBrowser,
} from '../test/checkout';
import { testDatabases } from '../test/databases';
import { registerAndSignIn } from '../test/identity';
import { countStatements } from '../test/statements';
import { reconcilePendingConfirmations } from './confirmation-reconciliation';
import { slotTakenMessage } from './errors';

const onSite = ids(80);
const percentageDeposit = ids(81);
const fixedDeposit = ids(82);
const onConfirmation = ids(83);

describe.each(testDatabases)('booking and operator actions on $name', (factory) => {
  let context: CheckoutTestContext;
  let browser: TestBrowser;
  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    browser = new TestBrowser(context.app);
  });
  afterAll(() => context.handle.dispose());

  // Every booking gets a time of its own (a week or more ahead, within 09:00-17:00 in New York),
  // unless a test means to compete for one.
  let slotCount = 0;
  const nextSlot = () => {
    const times = ['09:00', '10:30', '12:00', '13:30', '15:00'];
    const index = slotCount++;
    return { date: daysAhead(7 + Math.floor(index / times.length)), time: times[index % times.length] ?? '' };
  };
  let emailCount = 0;
  const nextEmail = () => `guest${++emailCount}@example.com`;

  /** A guest booking of Drip + Boost at the marketplace's clinic at a fresh time, with `extra` on top. */
  const bookingInput = (place: ReturnType<typeof ids>, extra: Record<string, unknown> = {}) => {
    const { date, time } = nextSlot();
    return {
      marketplaceId: place.marketplace,
      idempotencyKey: randomUUID(),
      organizationId: place.clinic,
      procedures: [place.drip, place.boost],
      dateRanges: at(date, time),
      registerUser: guest(nextEmail()),
      ...extra,
    };
  };

  const book = (input: Record<string, unknown>, as = browser) =>
    as.post<BookResult>(checkoutOperations.book, { input });
  const booked = async (input: Record<string, unknown>, as = browser) => {
    const response = await book(input, as);
    expect(response.body.errors).toBeUndefined();
    const result = response.body.data?.createAppointmentRequest;
    if (!result) throw new Error('no appointment request in the response');
    return result;
  };
  const bookingError = async (input: Record<string, unknown>) => {
    const response = await book(input);
    expect(response.body.errors).toHaveLength(1);
    return { message: response.body.errors?.[0]?.message, code: response.body.errors?.[0]?.extensions?.code };
  };

  const operator = async (
    action: 'confirm' | 'complete' | 'cancel',
    id: string,
    headers: Record<string, string> = operatorHeaders,
  ) => {
    const response = await browser.post<Record<string, OperatorResult>>(
      checkoutOperations[action],
      { id },
      headers,
    );
    const error = response.body.errors?.[0];
    return {
      result: response.body.data ? Object.values(response.body.data)[0] : undefined,
      error: error ? { message: error.message, code: error.extensions?.code } : undefined,
    };
  };

  const appointmentRow = async (id: string) => {
    const [row] = await context.sql<{ status: string; practitioner_id: number; client_user_id: number }>(
      'select status, practitioner_id, client_user_id from appointments where id = $1',
      [Number(id)],
    );
    return row;
  };

  describe('createAppointmentRequest', () => {
    it('registers a guest and holds the time with a PENDING appointment, keeping what was asked', async () => {
      const email = nextEmail();
      const { date, time } = nextSlot();
      const result = await booked({
        marketplaceId: onSite.marketplace,
        idempotencyKey: randomUUID(),
        organizationId: onSite.clinic,
        procedures: [onSite.drip, onSite.boost, onSite.drip],
        dateRanges: at(date, time),
        gratuity: 1000,
        notes: 'Please ring twice',
        promoCode: ' welcome15 ',
        checkoutNotes: [
          { checkoutNoteId: '8001', value: 'Latex' },
          { checkoutNoteId: '8002', value: 'A friend' },
          { checkoutNoteId: '8003', value: 'true' },
        ],
        marketingConsents: [
          { channel: 'SMS', consent: true, source: 'checkout', phone: '+12125550142' },
          { channel: 'EMAIL', consent: false, source: 'checkout', email },
        ],
        registerUser: guest(email),
      });
      expect(result).toEqual({
        id: expect.stringMatching(/^\d+$/),
        status: 'PENDING',
        practitioner: { id: '801', name: 'Ada 80' },
        dueOnConfirmation: 0,
      });

      const [user] = await context.sql<Record<string, unknown>>(
        'select id, mg_id, email, given_name, family_name, phone, dob::text, tzid from users where email = $1',
        [email],
      );
      expect(user).toMatchObject({
        mg_id: 80,
        given_name: 'Gia',
        family_name: 'Guest',
        phone: '+12125550142',
        dob: '1990-04-01',
        tzid: 'America/New_York',
      });
      const [appointment] = await context.sql<Record<string, unknown>>(
        `select status, practitioner_id, organization_id, client_user_id,
                to_char(starts_at at time zone 'America/New_York', 'YYYY-MM-DD"T"HH24:MI') as local_start,
                extract(epoch from ends_at - starts_at)::int / 60 as minutes
           from appointments where id = $1`,
        [Number(result.id)],
      );
      expect(appointment).toEqual({
        status: 'PENDING',
        practitioner_id: 801,
        organization_id: 801,
        client_user_id: user?.id,
        local_start: `${date}T${time}`,
        minutes: 75,
      });
      const [request] = await context.sql<Record<string, unknown>>(
        `select id, gratuity_cents, total_cents, due_now_cents, notes, price_summary
           from appointment_requests where appointment_id = $1`,
        [Number(result.id)],
      );
      // 14344 - 15% (1852 + 300) + 1000 tip.
      expect(request).toMatchObject({
        gratuity_cents: 1000,
        total_cents: 13192,
        due_now_cents: 0,
        notes: 'Please ring twice',
        price_summary: { procedures: [14344, 16999], promoCode: [2152, 2550], total: [13192, 15449] },
      });
      expect(
        await context.sql(
          'select procedure_id, price_cents from appointment_request_procedures where request_id = $1 order by position',
          [request?.id],
        ),
      ).toEqual([
        { procedure_id: 8001, price_cents: 12345 },
        { procedure_id: 8051, price_cents: 1999 },
      ]);
      expect(
        await context.sql(
          'select label, value from checkout_note_answers where request_id = $1 order by id',
          [request?.id],
        ),
      ).toEqual([
        { label: 'Any allergies?', value: 'Latex' },
        { label: 'How did you hear about us?', value: 'A friend' },
        { label: 'First visit?', value: 'true' },
      ]);
      expect(
        await context.sql(
          'select channel, consent, source, phone, email from marketing_consents where request_id = $1 order by channel desc',
          [request?.id],
        ),
      ).toEqual([
        { channel: 'SMS', consent: true, source: 'checkout', phone: '+12125550142', email: null },
        { channel: 'EMAIL', consent: false, source: 'checkout', phone: null, email },
      ]);
      const [promo] = await context.sql(
        `select times_used from promo_codes where marketplace_id = 80 and code = 'WELCOME15'`,
      );
      expect(promo).toEqual({ times_used: 1 });
    });

    it('refuses an answer that is not one of the checkout note’s choices', async () => {
      expect(
        await bookingError(
          bookingInput(onSite, { checkoutNotes: [{ checkoutNoteId: '8002', value: 'TikTok' }] }),
        ),
      ).toEqual({
        message: "The answer to 'How did you hear about us?' is not one of its choices or formats.",
        code: 'BAD_USER_INPUT',
      });
    });

    it('books a signed-in client as themselves with a new card, then with the saved card', async () => {
      const client = new TestBrowser(context.app);
      const email = nextEmail();
      const userId = await registerAndSignIn(client, email, { marketplaceId: percentageDeposit.marketplace });
      const { registerUser: _, ...first } = bookingInput(percentageDeposit, {
        gratuity: 1000,
        paymentMethod: await newCard(client),
      });
      const result = await booked(first, client);
      // 15% of the total less the tip: 14344 x 15% = 2151.6.
      expect(result.dueOnConfirmation).toBe(2152);
      expect((await appointmentRow(result.id))?.client_user_id).toBe(Number(userId));
      const instruments = await context.sql<{ id: number }>(
        `select id, processor, brand, last_four, is_primary, deleted_at from payment_instruments where user_id = $1`,
        [Number(userId)],
      );
      expect(instruments).toEqual([
        {
          id: expect.any(Number),
          processor: 'sandbox',
          brand: 'VISA',
          last_four: '4242',
          is_primary: true,
          deleted_at: null,
        },
      ]);

      const instrumentId = String(instruments[0]?.id);
      // The wallet lists it for the client (the card picker at checkout reads this).
      const { viewer } = await client.data<{ viewer: { paymentInstruments: unknown[] } }>(
        `query ($mgId: ID!) { viewer(mgId: $mgId) { paymentInstruments {
          id brand lastFour expirationMonth expirationYear isPrimary } } }`,
        { mgId: '80' },
      );
      expect(viewer.paymentInstruments).toEqual([
        {
          id: instrumentId,
          brand: 'VISA',
          lastFour: '4242',
          expirationMonth: expect.any(Number),
          expirationYear: expect.any(Number),
          isPrimary: true,
        },
      ]);

      const { registerUser: __, ...second } = bookingInput(percentageDeposit, {
        paymentMethod: { paymentInstrumentId: instrumentId },
      });
      const again = await booked(second, client);
      expect(again.status).toBe('PENDING');
      const [request] = await context.sql(
        'select payment_instrument_id from appointment_requests where appointment_id = $1',
        [Number(again.id)],
      );
      expect(request).toEqual({ payment_instrument_id: Number(instrumentId) });

      // Nobody else can pay with it.
      expect(
        await bookingError(
          bookingInput(percentageDeposit, { paymentMethod: { paymentInstrumentId: instrumentId } }),
        ),
      ).toEqual({
        message: 'This payment method is not available. Please choose another card.',
        code: 'BAD_USER_INPUT',
      });
    });

    it('asks for a payment method when something is due on confirmation', async () => {
      expect(await bookingError(bookingInput(onConfirmation))).toEqual({
        message: 'Please select a payment method before proceeding.',
        code: 'BAD_USER_INPUT',
      });
    });

    it('refuses a declined card (4000000000000002) and books nothing; the same key then works with another card', async () => {
      const input = bookingInput(onConfirmation, {
        paymentMethod: await newCard(browser, '4000000000000002'),
      });
      expect(await bookingError(input)).toEqual({
        message: 'Your card was declined.',
        code: 'PAYMENT_DECLINED',
      });
      expect(await context.sql('select id from users where email = $1', [input.registerUser.email])).toEqual(
        [],
      );

      const retried = await booked({ ...input, paymentMethod: await newCard(browser) });
      expect(retried).toMatchObject({ status: 'PENDING', dueOnConfirmation: 14344 });
    });

    it('creates one appointment for one idempotency key, however often and however fast it is sent', async () => {
      const input = bookingInput(onSite);
      const first = await booked(input);
      const repeats = await Promise.all([booked(input), booked(input), booked(input)]);
      expect(repeats).toEqual([first, first, first]);
      const concurrentInput = bookingInput(onSite);
      const concurrent = await Promise.all(Array.from({ length: 5 }, () => booked(concurrentInput)));
      expect(new Set(concurrent.map((result) => result.id)).size).toBe(1);

      const rows = await context.sql<{ count: number }>(
        `select count(*)::int as count from appointments a join users u on u.id = a.client_user_id
          where u.email = any($1)`,
        [[input.registerUser.email, concurrentInput.registerUser.email]],
      );
      expect(rows).toEqual([{ count: 2 }]);
    });

    describe('idempotency keys belong to their caller', () => {
      const reused = { message: idempotencyKeyReusedMessage, code: 'IDEMPOTENCY_KEY_REUSED' };
      /** A signed-in client's booking at a fresh time: bookingInput without the guest. */
      const clientInput = (extra: Record<string, unknown> = {}) => ({
        ...bookingInput(onSite, extra),
        registerUser: undefined,
      });
      const client = () => signedInClient(context.app, onSite.marketplace, nextEmail());
      const errorOf = async (input: Record<string, unknown>, as = browser) => {
        const response = await book(input, as);
        expect(response.body.data?.createAppointmentRequest ?? null).toBeNull();
        expect(response.body.errors).toHaveLength(1);
        const error = response.body.errors?.[0];
        return { message: error?.message, code: error?.extensions?.code };
      };
      const userIdOf = async (email: string) =>
        (await context.sql<{ id: number }>('select id from users where email = $1', [email]))[0]?.id;
      const appointmentsOf = async (userId: number | string | undefined) =>
        context.sql<{ id: number }>('select id from appointments where client_user_id = $1 order by id', [
          Number(userId),
        ]);

      it("books for a guest sending another guest's key, and tells them nothing of the other's booking", async () => {
        const theirs = bookingInput(onSite);
        const theirResult = await booked(theirs);
        const mine = bookingInput(onSite, { idempotencyKey: theirs.idempotencyKey });
        const myResult = await booked(mine);
        expect(myResult).toMatchObject({ status: 'PENDING' });
        expect(myResult.id).not.toBe(theirResult.id);
        const me = await userIdOf(mine.registerUser.email);
        expect(await appointmentRow(myResult.id)).toMatchObject({ status: 'PENDING', client_user_id: me });
        expect(await appointmentsOf(me)).toEqual([{ id: Number(myResult.id) }]);
        // Each keeps their own answer.
        expect(await booked(theirs)).toEqual(theirResult);
        expect(await booked(mine)).toEqual(myResult);
      });

      it("books for a signed-in client sending another client's key, even with the very same request", async () => {
        const [first, second] = [await client(), await client()];
        const input = clientInput();
        const theirResult = await booked(input, first.browser);
        // The same body, the same key, another caller: their own booking, never the first's answer.
        const response = await book(input, second.browser);
        expect(response.body.data?.createAppointmentRequest?.id).not.toBe(theirResult.id);
        const mine = clientInput({ idempotencyKey: input.idempotencyKey });
        const myResult = await booked(mine, second.browser);
        expect(myResult.id).not.toBe(theirResult.id);
        expect(await appointmentRow(myResult.id)).toMatchObject({ client_user_id: Number(second.userId) });
        expect(await appointmentsOf(first.userId)).toEqual([{ id: Number(theirResult.id) }]);
      });

      it('gives the same caller repeating the same request the same answer, booked once', async () => {
        const { browser: signedIn, userId } = await client();
        const input = clientInput();
        const first = await booked(input, signedIn);
        expect(await Promise.all([booked(input, signedIn), booked(input, signedIn)])).toEqual([first, first]);
        expect(await appointmentsOf(userId)).toEqual([{ id: Number(first.id) }]);

        // A guest's repeat likewise.
        const guestInput = bookingInput(onSite);
        const guestResult = await booked(guestInput);
        expect(await booked(guestInput)).toEqual(guestResult);
        const [count] = await context.sql<{ count: number }>(
          `select count(*)::int as count from appointments a join users u on u.id = a.client_user_id
            where u.email = $1`,
          [guestInput.registerUser.email],
        );
        expect(count).toEqual({ count: 1 });
      });

      it('refuses the same caller reusing a key for a different request, booking nothing', async () => {
        const { browser: signedIn, userId } = await client();
        const input = clientInput();
        const first = await booked(input, signedIn);
        const other = clientInput({ idempotencyKey: input.idempotencyKey });
        expect(await errorOf(other, signedIn)).toEqual(reused);
        expect(await errorOf({ ...input, gratuity: 500 }, signedIn)).toEqual(reused);
        expect(await appointmentsOf(userId)).toEqual([{ id: Number(first.id) }]);
        // The first request still gets its answer.
        expect(await booked(input, signedIn)).toEqual(first);

        // A guest is the same caller by their email, whatever its letter case.
        const guestInput = bookingInput(onSite);
        await booked(guestInput);
        const shouting = {
          ...bookingInput(onSite, { idempotencyKey: guestInput.idempotencyKey }),
          registerUser: guest(guestInput.registerUser.email.toUpperCase()),
        };
        expect(await errorOf(shouting)).toEqual(reused);
        expect(await errorOf({ ...guestInput, notes: 'Changed my mind' })).toEqual(reused);
      });

      it("gives a guest sending a signed-in client's key nothing of theirs", async () => {
        const email = nextEmail();
        const { browser: signedIn, userId } = await signedInClient(context.app, onSite.marketplace, email);
        const input = clientInput();
        const clientResult = await booked(input, signedIn);

        // A guest, with the very same request but for their own email: their own booking.
        const stranger = { ...input, registerUser: guest(nextEmail()) };
        const strangerResult = await book(stranger);
        expect(strangerResult.body.data?.createAppointmentRequest?.id).not.toBe(clientResult.id);
        const guestInput = bookingInput(onSite, { idempotencyKey: input.idempotencyKey });
        const guestResult = await booked(guestInput);
        expect(guestResult.id).not.toBe(clientResult.id);
        expect(await appointmentRow(guestResult.id)).toMatchObject({
          client_user_id: await userIdOf(guestInput.registerUser.email),
        });

        // Even a guest giving the client's own email is not the signed-in client: a request of its own.
        const posing = bookingInput(onSite, {
          idempotencyKey: input.idempotencyKey,
          registerUser: guest(email),
        });
        const posingResult = await booked(posing);
        expect(posingResult.id).not.toBe(clientResult.id);
        expect(await booked(input, signedIn)).toEqual(clientResult);
        expect((await appointmentsOf(userId)).map((row) => String(row.id))).toEqual([
          clientResult.id,
          posingResult.id,
        ]);
      });
    });

    it('gives one time to exactly one of 50 concurrent guests; the others are told to choose another', async () => {
      const { date, time } = nextSlot();
      const inputs = Array.from({ length: 50 }, () => bookingInput(onSite, { dateRanges: at(date, time) }));
      const responses = await Promise.all(inputs.map((input) => book(input)));
      const winners = responses.filter((response) => response.body.data?.createAppointmentRequest);
      const losers = responses.flatMap((response) => response.body.errors ?? []);
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(49);
      expect(new Set(losers.map((error) => error.message))).toEqual(new Set([slotTakenMessage]));
      expect(new Set(losers.map((error) => error.extensions?.code))).toEqual(new Set(['SLOT_TAKEN']));

      const held = await context.sql(
        `select count(*)::int as count from appointments
          where practitioner_id = 801 and starts_at = ($1::timestamp at time zone 'America/New_York')`,
        [`${date} ${time}`],
      );
      expect(held).toEqual([{ count: 1 }]);
    });

    it.runIf(factory.name === 'PostgreSQL')(
      "sends a new guest's booking of a free time to the database in at most 15 statements and 12 waits",
      async () => {
        // One booking first, so the pool holds a connection for each read sent together (a read
        // that waits for a new connection would otherwise count as a wait of its own).
        await booked(bookingInput(onSite));
        const { statements, waits } = await countStatements(() => booked(bookingInput(onSite)));
        // The marketplace, the key claimed; together the guest looked up, the schedules, the prices
        // and the checkout questions; begin, the guest registered, the time held, the request with
        // its lines, the message's notice and the message, the jobs, the key's answer, commit.
        expect(statements).toBeLessThanOrEqual(15);
        expect(waits).toBeLessThanOrEqual(12);
      },
    );

    it('takes a waitlist request with its ranges and holds no time', async () => {
      const [first, second] = [daysAhead(9), daysAhead(10)];
      const input = bookingInput(onSite, {
        dateRanges: [
          { start: `${first}T08:00`, end: `${first}T12:00` },
          { start: `${second}T16:00`, end: `${second}T20:00` },
        ],
      });
      const result = await booked(input);
      expect(result).toEqual({
        id: expect.stringMatching(/^\d+$/),
        status: 'WAITLISTED',
        practitioner: null,
        dueOnConfirmation: 0,
      });
      expect(
        await context.sql(
          `select w.status, r.local_start, r.local_end, a.appointment_id
             from waitlist_requests w join waitlist_request_ranges r on r.waitlist_request_id = w.id
             join appointment_requests a on a.id = w.request_id
            where w.id = $1 order by r.position`,
          [Number(result.id)],
        ),
      ).toEqual([
        {
          status: 'WAITLISTED',
          local_start: `${first}T08:00`,
          local_end: `${first}T12:00`,
          appointment_id: null,
        },
        {
          status: 'WAITLISTED',
          local_start: `${second}T16:00`,
          local_end: `${second}T20:00`,
          appointment_id: null,
        },
      ]);
      const yesterday = daysAhead(-1);
      expect(
        await bookingError(
          bookingInput(onSite, { dateRanges: [{ start: `${yesterday}T08:00`, end: `${yesterday}T12:00` }] }),
        ),
      ).toEqual({ message: 'Waitlist times must be in the future.', code: 'BAD_USER_INPUT' });
    });

    it('redeems a promo code at most its usage limit', async () => {
      await booked(bookingInput(onSite, { promoCode: 'LASTONE' }));
      expect(await bookingError(bookingInput(onSite, { promoCode: 'LASTONE' }))).toEqual({
        message: 'This promo code has reached its usage limit.',
        code: 'BAD_USER_INPUT',
      });
      expect(await bookingError(bookingInput(onSite, { promoCode: 'EXPIRED10' }))).toEqual({
        message: 'This promo code has expired.',
        code: 'BAD_USER_INPUT',
      });
      expect(
        await context.sql(
          `select times_used from promo_codes where marketplace_id = 80 and code = 'LASTONE'`,
        ),
      ).toEqual([{ times_used: 1 }]);
    });
  });

  describe('operator actions', () => {
    it.each([
      ['collect_on_site', 0, onSite],
      // (15344 - 1000 tip) x 15% = 2151.6
      ['collect_deposit percentage', 2152, percentageDeposit],
      ['collect_deposit fixed_amount', 5000, fixedDeposit],
      ['collect_on_confirmation', 15344, onConfirmation],
    ])('confirm with %s charges %i cents and books it', async (_name, due, place) => {
      const result = await booked(
        bookingInput(place, { gratuity: 1000, paymentMethod: await newCard(browser) }),
      );
      expect(result.dueOnConfirmation).toBe(due);
      expect(await operator('confirm', result.id)).toEqual({
        result: { id: result.id, status: 'BOOKED', charged: due, failureReason: null },
        error: undefined,
      });
      expect((await appointmentRow(result.id))?.status).toBe('BOOKED');
      const payments = await context.sql(
        `select p.amount_cents, p.status, p.failure_reason, c.amount_cents as processor_amount
           from appointment_payments p join sandbox_charges c on c.idempotency_key = p.idempotency_key
          where p.appointment_id = $1`,
        [Number(result.id)],
      );
      expect(payments).toEqual(
        due === 0
          ? []
          : [{ amount_cents: due, status: 'succeeded', failure_reason: null, processor_amount: due }],
      );
      // Confirming again changes nothing and charges nothing.
      expect((await operator('confirm', result.id)).error).toEqual({
        message: `Appointment ${result.id} is BOOKED; only PENDING appointments can be confirmed.`,
        code: 'BAD_USER_INPUT',
      });
    });

    it('leaves an appointment PENDING with the reason when the charge fails (4000000000009995)', async () => {
      const result = await booked(
        bookingInput(onConfirmation, { paymentMethod: await newCard(browser, '4000000000009995') }),
      );
      const failed = {
        id: result.id,
        status: 'PENDING',
        charged: 0,
        failureReason: 'Your card has insufficient funds.',
      };
      expect(await operator('confirm', result.id)).toEqual({ result: failed, error: undefined });
      expect(await operator('confirm', result.id)).toEqual({ result: failed, error: undefined });
      expect((await appointmentRow(result.id))?.status).toBe('PENDING');
      expect(
        await context.sql(
          'select amount_cents, status, failure_reason, idempotency_key from appointment_payments where appointment_id = $1 order by id',
          [Number(result.id)],
        ),
      ).toEqual(
        [1, 2].map((attempt) => ({
          amount_cents: 14344,
          status: 'failed',
          failure_reason: 'Your card has insufficient funds.',
          idempotency_key: `atrium-appointment-${result.id}-confirm-${attempt}`,
        })),
      );
    });

    /** A confirmation that recorded its attempt, charged, and died before settling it. */
    const crashedConfirmation = async () => {
      const result = await booked(bookingInput(onConfirmation, { paymentMethod: await newCard(browser) }));
      const id = Number(result.id);
      const key = `atrium-appointment-${id}-confirm-1`;
      await context.sql(
        `insert into appointment_payments (appointment_id, payment_instrument_id, processor, amount_cents, idempotency_key, status)
           select $1, payment_instrument_id, 'sandbox', due_now_cents, $2, 'pending'
             from appointment_requests where appointment_id = $1`,
        [id, key],
      );
      await context.sql(
        `insert into sandbox_charges (idempotency_key, reference, payment_method_reference, amount_cents, status)
           select $2, $3, i.processor_reference, r.due_now_cents, 'succeeded'
             from appointment_requests r join payment_instruments i on i.id = r.payment_instrument_id
            where r.appointment_id = $1`,
        [id, key, `ch_sandbox_crashed${id}`],
      );
      return { id: result.id, key };
    };
    const paymentsOf = (id: string) =>
      context.sql(
        'select status, idempotency_key, processor_reference from appointment_payments where appointment_id = $1',
        [Number(id)],
      );
    const chargesWith = (key: string) =>
      context.sql('select count(*)::int as charges from sandbox_charges where idempotency_key = $1', [key]);

    it('settles a charge a crash left unrecorded: the retry charges with the same key, once, and books', async () => {
      const { id, key } = await crashedConfirmation();
      expect(await operator('confirm', id)).toEqual({
        result: { id, status: 'BOOKED', charged: 14344, failureReason: null },
        error: undefined,
      });
      expect(await paymentsOf(id)).toEqual([
        { status: 'succeeded', idempotency_key: key, processor_reference: `ch_sandbox_crashed${id}` },
      ]);
      expect(await chargesWith(key)).toEqual([{ charges: 1 }]);
    });

    it('has the reconciliation job settle a crashed confirmation after the grace period: one charge, booked, mailed once', async () => {
      const { id, key } = await crashedConfirmation();
      const deps = {
        db: context.handle.database.db,
        payments: { processor: createSandboxProcessor(context.handle.database.db) },
        notifications: notificationSettings(loadIdentityConfig({}, 'test')),
      };
      const minutesAhead = (minutes: number) => () => new Date(Date.now() + minutes * 60_000);
      // Its own confirmation may still be finishing it: left alone within the grace period.
      expect(await reconcilePendingConfirmations({ ...deps, clock: () => new Date() })).toMatchObject({
        settled: 0,
      });
      const report = await reconcilePendingConfirmations({ ...deps, clock: minutesAhead(3) });
      expect(report).toEqual({ settled: 1, reviewRequired: [], errors: [] });
      expect((await appointmentRow(id))?.status).toBe('BOOKED');
      expect(await paymentsOf(id)).toEqual([
        { status: 'succeeded', idempotency_key: key, processor_reference: `ch_sandbox_crashed${id}` },
      ]);
      expect(await chargesWith(key)).toEqual([{ charges: 1 }]);
      const confirmations = await context.sql(
        `select m.id from outbox_messages m join appointments a on a.id = $1 join users u on u.id = a.client_user_id
          where m.subject like '%your appointment is confirmed' and m.recipient = u.email`,
        [Number(id)],
      );
      expect(confirmations).toHaveLength(1);
      // The next run has nothing to do.
      expect(await reconcilePendingConfirmations({ ...deps, clock: minutesAhead(6) })).toMatchObject({
        settled: 0,
      });
    });

    it('has the reconciliation refund a crashed confirmation of an appointment cancelled meanwhile, and mark old ones for review', async () => {
      const cancelled = await crashedConfirmation();
      await operator('cancel', cancelled.id);
      const deps = {
        db: context.handle.database.db,
        payments: { processor: createSandboxProcessor(context.handle.database.db) },
        notifications: notificationSettings(loadIdentityConfig({}, 'test')),
      };
      const later = () => new Date(Date.now() + 3 * 60_000);
      expect((await reconcilePendingConfirmations({ ...deps, clock: later })).settled).toBe(1);
      expect(await paymentsOf(cancelled.id)).toEqual([
        {
          status: 'refunded',
          idempotency_key: cancelled.key,
          processor_reference: `ch_sandbox_crashed${cancelled.id}`,
        },
      ]);
      expect((await appointmentRow(cancelled.id))?.status).toBe('CANCELLED');

      // A day later the processor no longer knows the key: review, never a second charge.
      const old = await crashedConfirmation();
      const dayLater = () => new Date(Date.now() + 24 * 60 * 60_000);
      const review = await reconcilePendingConfirmations({ ...deps, clock: dayLater });
      expect(review.reviewRequired.map((row) => row.idempotencyKey)).toEqual([old.key]);
      expect(await paymentsOf(old.id)).toMatchObject([{ status: 'pending' }]);
      expect(await chargesWith(old.key)).toEqual([{ charges: 1 }]);
    });

    it('completes only BOOKED appointments', async () => {
      const { id } = await booked(bookingInput(onSite));
      expect((await operator('complete', id)).error).toEqual({
        message: `Appointment ${id} is PENDING; only BOOKED appointments can be completed.`,
        code: 'BAD_USER_INPUT',
      });
      await operator('confirm', id);
      // The operator's back-office call may complete a visit not begun yet (staff may not).
      expect((await operator('complete', id)).result).toEqual({
        id,
        status: 'COMPLETE',
        charged: 0,
        failureReason: null,
      });
      expect((await operator('cancel', id)).error).toEqual({
        message: `Appointment ${id} is COMPLETE; only PENDING or BOOKED appointments can be cancelled.`,
        code: 'BAD_USER_INPUT',
      });
      expect((await appointmentRow(id))?.status).toBe('COMPLETE');
    });

    it('cancels PENDING and BOOKED appointments and frees their time for someone else', async () => {
      const { date, time } = nextSlot();
      const first = await booked(bookingInput(onSite, { dateRanges: at(date, time) }));
      expect(await bookingError(bookingInput(onSite, { dateRanges: at(date, time) }))).toEqual({
        message: slotTakenMessage,
        code: 'SLOT_TAKEN',
      });
      expect((await operator('cancel', first.id)).result).toEqual({
        id: first.id,
        status: 'CANCELLED',
        charged: 0,
        failureReason: null,
      });
      const second = await booked(bookingInput(onSite, { dateRanges: at(date, time) }));
      expect(second.practitioner).toEqual(first.practitioner);

      await operator('confirm', second.id);
      expect((await operator('cancel', second.id)).result?.status).toBe('CANCELLED');
      expect((await operator('confirm', second.id)).error?.message).toBe(
        `Appointment ${second.id} is CANCELLED; only PENDING appointments can be confirmed.`,
      );
    });

    it('needs the operator key before anything else', async () => {
      const { id } = await booked(bookingInput(onSite));
      const forbidden = {
        result: undefined,
        error: { message: 'A valid operator key is required (x-operator-key header).', code: 'FORBIDDEN' },
      };
      for (const action of ['confirm', 'complete', 'cancel'] as const) {
        expect(await operator(action, id, {})).toEqual(forbidden);
        expect(await operator(action, id, { 'x-operator-key': 'not-the-operator-key-at-all' })).toEqual(
          forbidden,
        );
        expect(await operator(action, '999999999', {})).toEqual(forbidden);
      }
      expect((await appointmentRow(id))?.status).toBe('PENDING');
      expect((await operator('confirm', '999999999')).error).toEqual({
        message: 'Appointment 999999999 was not found.',
        code: 'NOT_FOUND',
      });
    });
  });
});
