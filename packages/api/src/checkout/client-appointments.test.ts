import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOperations, signedInClient } from '../test/account';
import {
  at,
  type BookResult,
  brooklyn,
  type CheckoutTestContext,
  checkoutOperations,
  createCheckoutTestContext,
  daysAhead,
  ids,
  moveIntoPast,
  newCard,
  newYork,
  operatorHeaders,
  TestBrowser,
} from '../test/checkout';
import { testDatabases } from '../test/databases';
import { signedInStaff, staffOperations } from '../test/staff';

const onSite = ids(80);
const deposit = ids(81);

interface AppointmentResult {
  id: string;
  start: string;
  end: string;
  duration: number;
  timeZone: string;
  location: string;
  organizationId: string | null;
  organizationPhone: string | null;
  startedAt: string | null;
  completedAt: string | null;
  procedures: { id: string; name: string; categoryId: string | null }[];
  practitioner: { id: string; name: string } | null;
  status: string;
}

/** The instant of a local date and time in New York, as the API writes it. */
const instant = (date: string, time: string, plusMinutes = 0) => {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(
    new TZDate(year, month - 1, day, hours, minutes, newYork).getTime() + plusMinutes * 60_000,
  ).toISOString();
};

describe.each(testDatabases)('profileAppointments on $name', (factory) => {
  let context: CheckoutTestContext;
  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    // A marketplace of another group, for a session that does not belong there.
    await context.sql(`insert into marketplace_groups (id, name) values (90, 'Elsewhere')`);
    await context.sql(
      `insert into marketplaces (id, mg_id, name, primary_color) values (90, 90, 'Elsewhere', '#654321')`,
    );
  });
  afterAll(() => context.handle.dispose());

  let emailCount = 0;
  const client = () => signedInClient(context.app, '80', `visits${++emailCount}@example.com`);

  // Each booking gets a day of its own, a week or more ahead: at most one visit per practitioner a day.
  let dayCount = 0;
  const nextDate = () => daysAhead(7 + dayCount++);

  const bookAtClinic = async (browser: TestBrowser, date: string, time = '10:00', place = onSite) => {
    const { createAppointmentRequest } = await browser.data<BookResult>(checkoutOperations.book, {
      input: {
        marketplaceId: place.marketplace,
        idempotencyKey: randomUUID(),
        organizationId: place.clinic,
        procedures: [place.drip, place.boost],
        dateRanges: at(date, time),
        ...(place === onSite ? {} : { paymentMethod: await newCard(browser) }),
      },
    });
    return createAppointmentRequest.id;
  };

  const operator = async (action: 'confirm' | 'complete' | 'cancel', id: string) => {
    const response = await new TestBrowser(context.app).post<Record<string, { status: string }>>(
      checkoutOperations[action],
      { id },
      operatorHeaders,
    );
    expect(response.body.errors).toBeUndefined();
  };

  const appointmentsOf = async (browser: TestBrowser, marketplaceId = onSite.marketplace) =>
    (
      await browser.data<{ profileAppointments: AppointmentResult[] }>(
        accountOperations.profileAppointments,
        {
          marketplaceId,
        },
      )
    ).profileAppointments;

  it('lists a clinic booking as PENDING with its place, phone, procedures in cart order and practitioner; then BOOKED; then COMPLETE with completedAt', async () => {
    const { browser } = await client();
    const date = nextDate();
    const id = await bookAtClinic(browser, date, '11:30');

    expect(await appointmentsOf(browser)).toEqual([
      {
        id,
        start: instant(date, '11:30'),
        // Drip 60 minutes plus the Boost add-on 15.
        end: instant(date, '11:30', 75),
        duration: 75,
        timeZone: 'America/New_York',
        location: 'Test Midtown 80, 245 W 52nd St, New York, NY 10019',
        organizationId: onSite.clinic,
        organizationPhone: '+12125550100',
        startedAt: null,
        completedAt: null,
        procedures: [
          { id: onSite.drip, name: 'Drip', categoryId: '80' },
          { id: onSite.boost, name: 'Boost', categoryId: null },
        ],
        practitioner: { id: '801', name: 'Ada 80' },
        status: 'PENDING',
      },
    ]);

    await operator('confirm', id);
    expect(await appointmentsOf(browser)).toMatchObject([{ id, status: 'BOOKED', completedAt: null }]);

    const beforeCompletion = Date.now();
    await moveIntoPast(context, id);
    await operator('complete', id);
    const [completed] = await appointmentsOf(browser);
    expect(completed).toMatchObject({ id, status: 'COMPLETE', startedAt: null });
    const completedAt = new Date(completed?.completedAt ?? '').getTime();
    expect(completedAt).toBeGreaterThanOrEqual(beforeCompletion - 1000);
    expect(completedAt).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("lists an at-home visit at the client's address, with no clinic and no phone", async () => {
    const { browser } = await client();
    const date = nextDate();
    const { createAppointmentRequest } = await browser.data<BookResult>(checkoutOperations.book, {
      input: {
        marketplaceId: onSite.marketplace,
        idempotencyKey: randomUUID(),
        address: brooklyn,
        procedures: [onSite.shot],
        dateRanges: at(date, '12:00'),
      },
    });
    expect(await appointmentsOf(browser)).toEqual([
      {
        id: createAppointmentRequest.id,
        start: instant(date, '12:00'),
        end: instant(date, '12:30'),
        duration: 30,
        timeZone: 'America/New_York',
        location: brooklyn.address,
        organizationId: null,
        organizationPhone: null,
        startedAt: null,
        completedAt: null,
        procedures: [{ id: onSite.shot, name: 'Shot', categoryId: '80' }],
        practitioner: { id: '802', name: 'Cleo 80' },
        status: 'PENDING',
      },
    ]);
  });

  it("gives an at-home visit the marketplace's own phone to call, when it has one", async () => {
    const { browser } = await client();
    const date = nextDate();
    await context.sql('update marketplaces set phone = $1 where id = $2', [
      '+12125550199',
      onSite.marketplace,
    ]);
    try {
      await browser.data<BookResult>(checkoutOperations.book, {
        input: {
          marketplaceId: onSite.marketplace,
          idempotencyKey: randomUUID(),
          address: brooklyn,
          procedures: [onSite.shot],
          dateRanges: at(date, '12:00'),
        },
      });
      const [visit] = await appointmentsOf(browser);
      expect(visit).toMatchObject({ organizationId: null, organizationPhone: '+12125550199' });
    } finally {
      await context.sql('update marketplaces set phone = null where id = $1', [onSite.marketplace]);
    }
  });

  it('lists upcoming visits soonest first, then completed and cancelled ones newest first', async () => {
    const { browser } = await client();
    const [first, second, third, fourth, fifth] = [
      nextDate(),
      nextDate(),
      nextDate(),
      nextDate(),
      nextDate(),
    ];
    const laterPending = await bookAtClinic(browser, fourth);
    const soonerPending = await bookAtClinic(browser, first);
    const booked = await bookAtClinic(browser, third);
    const earlierComplete = await bookAtClinic(browser, second);
    const laterComplete = await bookAtClinic(browser, fifth);
    const cancelled = await bookAtClinic(browser, first, '15:00');
    await operator('confirm', booked);
    for (const id of [earlierComplete, laterComplete]) {
      await operator('confirm', id);
      await moveIntoPast(context, id);
      await operator('complete', id);
    }
    await operator('cancel', cancelled);

    const list = await appointmentsOf(browser);
    expect(list.map((appointment) => [appointment.id, appointment.status])).toEqual([
      [soonerPending, 'PENDING'],
      [booked, 'BOOKED'],
      [laterPending, 'PENDING'],
      // The cancelled visit was to be days from now, the completed ones are past: latest first.
      [cancelled, 'CANCELLED'],
      [laterComplete, 'COMPLETE'],
      [earlierComplete, 'COMPLETE'],
    ]);
  });

  it('shows a declined request with the reason the client was told', async () => {
    const { browser } = await client();
    const id = await bookAtClinic(browser, nextDate(), '10:00');
    const desk = await signedInStaff(context, {
      marketplaceId: Number(onSite.marketplace),
      email: `desk-${randomUUID()}@appointments.test`,
      role: 'front_desk',
    });
    const declined = await desk.post(staffOperations.decline, {
      marketplaceId: onSite.marketplace,
      id,
      reason: 'No practitioner is free that morning.',
    });
    expect(declined.body.errors).toBeUndefined();
    const query = /* GraphQL */ `
      query Declined($marketplaceId: ID!) { profileAppointments(marketplaceId: $marketplaceId) { id status cancellationReason } }`;
    const { profileAppointments } = await browser.data<{
      profileAppointments: { id: string; status: string; cancellationReason: string | null }[];
    }>(query, { marketplaceId: onSite.marketplace });
    expect(profileAppointments).toEqual([
      { id, status: 'CANCELLED', cancellationReason: 'No practitioner is free that morning.' },
    ]);
  });

  it("lists the client's waiting waitlist requests with their windows; withdrawn, one is offered nothing more", async () => {
    const { browser } = await client();
    const date = nextDate();
    const waiting = /* GraphQL */ `
      query Waiting($marketplaceId: ID!) {
        profileWaitlistRequests(marketplaceId: $marketplaceId) {
          id timeZone location procedures { name } windows { start end }
        }
      }`;
    const withdraw = /* GraphQL */ `
      mutation Withdraw($marketplaceId: ID!, $id: ID!) { withdrawWaitlistRequest(marketplaceId: $marketplaceId, id: $id) }`;
    await browser.data(checkoutOperations.book, {
      input: {
        marketplaceId: onSite.marketplace,
        idempotencyKey: randomUUID(),
        organizationId: onSite.clinic,
        procedures: [onSite.drip, onSite.boost],
        dateRanges: [{ start: `${date}T09:00`, end: `${date}T12:00` }],
      },
    });
    const listed = async (who = browser) =>
      (
        await who.data<{
          profileWaitlistRequests: { id: string; windows: { start: string; end: string }[] }[];
        }>(waiting, { marketplaceId: onSite.marketplace })
      ).profileWaitlistRequests;
    const [request] = await listed();
    expect(request).toMatchObject({
      timeZone: 'America/New_York',
      procedures: [{ name: expect.any(String) }, { name: expect.any(String) }],
      windows: [{ start: `${date}T09:00`, end: `${date}T12:00` }],
    });
    if (!request) throw new Error('The waitlist request is not listed.');

    // Another client can neither see nor withdraw it.
    const other = await client();
    expect(await listed(other.browser)).toEqual([]);
    const refused = await other.browser.post(withdraw, { marketplaceId: onSite.marketplace, id: request.id });
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    for (let time = 0; time < 2; time++) {
      const withdrawn = await browser.data<{ withdrawWaitlistRequest: boolean }>(withdraw, {
        marketplaceId: onSite.marketplace,
        id: request.id,
      });
      expect(withdrawn.withdrawWaitlistRequest).toBe(true);
    }
    expect(await listed()).toEqual([]);
    const [row] = await context.sql<{ status: string }>(
      'select status from waitlist_requests where id = $1',
      [Number(request.id)],
    );
    expect(row?.status).toBe('CANCELLED');
  });

  it("never shows another client's appointments, nor those of another marketplace", async () => {
    const alice = await client();
    const bob = await client();
    const date = nextDate();
    const alicesVisit = await bookAtClinic(alice.browser, date, '09:00');
    const bobsVisit = await bookAtClinic(bob.browser, date, '13:00');
    const alicesDepositVisit = await bookAtClinic(alice.browser, date, '09:00', deposit);

    expect((await appointmentsOf(alice.browser)).map((appointment) => appointment.id)).toEqual([alicesVisit]);
    expect((await appointmentsOf(bob.browser)).map((appointment) => appointment.id)).toEqual([bobsVisit]);
    expect(
      (await appointmentsOf(alice.browser, deposit.marketplace)).map((appointment) => appointment.id),
    ).toEqual([alicesDepositVisit]);
    expect(await appointmentsOf(bob.browser, deposit.marketplace)).toEqual([]);
  });

  it('answers UNAUTHENTICATED without a session of the marketplace’s group, NOT_FOUND for an unknown marketplace', async () => {
    expect(
      await new TestBrowser(context.app).error(accountOperations.profileAppointments, {
        marketplaceId: onSite.marketplace,
      }),
    ).toEqual({ message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' });

    const { browser } = await client();
    expect(await browser.error(accountOperations.profileAppointments, { marketplaceId: '90' })).toEqual({
      message: 'Please sign in to continue.',
      code: 'UNAUTHENTICATED',
    });
    expect(await browser.error(accountOperations.profileAppointments, { marketplaceId: '999' })).toEqual({
      message: 'Marketplace 999 was not found.',
      code: 'NOT_FOUND',
    });
  });
});
