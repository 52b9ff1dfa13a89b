// The waitlist in the staff console: time freed by a decline offered to the waitlisted
// clients whose windows hold it, the mailed link, one winner when two accept at once, and the link's
// refusals; and finding clients by name, email or phone.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  type CheckoutTestContext,
  checkoutOperations,
  createCheckoutTestContext,
  daysAhead,
  guest,
  ids,
  TestBrowser,
} from '../test/checkout';
import { testDatabases } from '../test/databases';
import { latestLinkToken, mailbox } from '../test/identity';
import { signedInStaff, staffOperations, waitlistOfferOperations } from '../test/staff';
import {
  matchingFirstThenEarliestWindow,
  type StaffWaitlistRow,
  toStaffWaitlistRequestView,
  toWaitlistWindowView,
} from './waitlist';

const onSite = ids(80);
const day = daysAhead(9);

interface WaitlistEntry {
  id: string;
  client: { id: string; email: string };
  procedures: { id: string; name: string }[];
  windows: { start: string; end: string; localStart: string; localEnd: string }[];
  matchesFreedTime: boolean;
  lastOfferedAt: string | null;
}

interface Offer {
  status: string;
  marketplaceName: string;
  procedures: { id: string; name: string; isAddOn: boolean }[];
  clinicName: string | null;
  address: string;
  start: string;
  end: string;
  practitionerName: string;
  total: number;
  appointmentId: string | null;
}

const waitlistRow: StaffWaitlistRow = {
  id: 12,
  requestedAt: new Date('2026-06-01T09:30:00Z'),
  clientId: 7,
  givenName: 'Ada',
  familyName: 'Lovelace',
  email: 'ada@example.com',
  phone: null,
  clinicId: 101,
  clinicName: 'Glow Mobile IV Midtown Manhattan',
  clinicAddress: '245 W 52nd St, New York, NY 10019',
  homeAddress: null,
  timeZone: 'America/New_York',
  notes: null,
  total: 19900,
  matches: false,
  lastOfferedAt: '2026-06-01 12:00:00+00',
  firstOpen: '2026-06-03 13:00:00+00',
  procedures: [{ id: '1001', name: "Myers' Cocktail", isAddOn: false, price: 19900 }],
  windows: [
    {
      start: '2026-06-03T13:00:00+00:00',
      end: '2026-06-03T17:00:00+00:00',
      localStart: '2026-06-03T09:00',
      localEnd: '2026-06-03T13:00',
    },
  ],
};

describe('waitlist rows', () => {
  it('lists requests holding the freed time first, then by earliest open window, then oldest first', () => {
    const rows = [
      { ...waitlistRow, id: 3, firstOpen: '2026-06-04 13:00:00+00' },
      { ...waitlistRow, id: 2, firstOpen: '2026-06-03 13:00:00+00' },
      { ...waitlistRow, id: 1, firstOpen: '2026-06-03 13:00:00+00' },
      { ...waitlistRow, id: 4, firstOpen: '2026-06-09 13:00:00+00', matches: true },
    ];
    expect(rows.sort(matchingFirstThenEarliestWindow).map((row) => row.id)).toEqual([4, 1, 2, 3]);
  });

  it('gives the windows and the last offer as ISO 8601 instants', () => {
    expect(toStaffWaitlistRequestView(waitlistRow)).toEqual({
      id: '12',
      requestedAt: '2026-06-01T09:30:00.000Z',
      client: { id: '7', givenName: 'Ada', familyName: 'Lovelace', email: 'ada@example.com', phone: null },
      procedures: [{ id: '1001', name: "Myers' Cocktail", isAddOn: false, price: 19900 }],
      clinic: { id: '101', name: 'Glow Mobile IV Midtown Manhattan' },
      address: '245 W 52nd St, New York, NY 10019',
      timeZone: 'America/New_York',
      windows: [
        {
          start: '2026-06-03T13:00:00.000Z',
          end: '2026-06-03T17:00:00.000Z',
          localStart: '2026-06-03T09:00',
          localEnd: '2026-06-03T13:00',
        },
      ],
      notes: null,
      total: 19900,
      matchesFreedTime: false,
      lastOfferedAt: '2026-06-01T12:00:00.000Z',
    });
  });

  it('keeps a request never offered without a last offer', () => {
    expect(toStaffWaitlistRequestView({ ...waitlistRow, lastOfferedAt: null }).lastOfferedAt).toBeNull();
  });

  it('reads a window’s instants in any offset and keeps its local times as they are', () => {
    expect(
      toWaitlistWindowView({
        start: '2026-06-03T09:00:00-04:00',
        end: '2026-06-03T13:00:00-04:00',
        localStart: '2026-06-03T09:00',
        localEnd: '2026-06-03T13:00',
      }),
    ).toEqual({
      start: '2026-06-03T13:00:00.000Z',
      end: '2026-06-03T17:00:00.000Z',
      localStart: '2026-06-03T09:00',
      localEnd: '2026-06-03T13:00',
    });
  });
});

describe.each(testDatabases)('staff waitlist and clients on $name', (factory) => {
  let context: CheckoutTestContext;
  let desk: TestBrowser;
  let freedId: string;
  const waitlisted: Record<'morning' | 'second' | 'afternoon', { id: string; email: string }> = {} as never;

  /** A guest's request at marketplace 80's clinic: one time, or waitlist windows. */
  const book = async (
    email: string,
    dateRanges: { start: string; end: string }[],
    phone = '(212) 555-0142',
    procedures = [onSite.shot],
  ) => {
    const client = guest(email);
    const { createAppointmentRequest } = await new TestBrowser(context.app).data<{
      createAppointmentRequest: { id: string; status: string };
    }>(checkoutOperations.book, {
      input: {
        marketplaceId: onSite.marketplace,
        idempotencyKey: randomUUID(),
        organizationId: onSite.clinic,
        procedures,
        dateRanges,
        registerUser: { ...client, profile: { ...client.profile, phone } },
      },
    });
    return { id: createAppointmentRequest.id, email };
  };

  const window = (from: string, to: string) => [{ start: `${day}T${from}`, end: `${day}T${to}` }];

  const offer = (waitlistRequestId: string, freedAppointmentId = freedId) =>
    desk.post<{ staffOfferWaitlistSlot: { id: string; start: string; end: string; expiresAt: string } }>(
      staffOperations.offer,
      { marketplaceId: onSite.marketplace, waitlistRequestId, freedAppointmentId },
    );

  const linkTo = (email: string) => latestLinkToken(context.app, email, '/80/waitlist-offer');

  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    desk = await signedInStaff(context, {
      marketplaceId: 80,
      email: 'desk@waitlist.test',
      role: 'front_desk',
    });
    // 10:00 with the clinic's one practitioner, then declined: that time is free again.
    const freed = await book('freed@example.com', at(day, '10:00'), '(646) 555-0101', [onSite.drip]);
    freedId = freed.id;
    await desk.data(staffOperations.decline, {
      marketplaceId: onSite.marketplace,
      id: freedId,
      reason: 'The practitioner is away.',
    });
    waitlisted.afternoon = await book('afternoon@example.com', window('12:00', '16:00'), '(718) 555-0177');
    waitlisted.morning = await book('morning@example.com', window('08:00', '12:00'), '(917) 555-0123');
    waitlisted.second = await book('second@example.com', window('09:00', '11:00'), '(347) 555-0199');
  });
  afterAll(() => context.handle.dispose());

  it('lists open waitlist requests with their windows, those holding the freed time first', async () => {
    const all = await desk.data<{ staffWaitlist: WaitlistEntry[] }>(staffOperations.waitlist, {
      marketplaceId: onSite.marketplace,
    });
    expect(all.staffWaitlist.map((entry) => [entry.client.email, entry.matchesFreedTime])).toEqual([
      ['morning@example.com', false],
      ['second@example.com', false],
      ['afternoon@example.com', false],
    ]);
    expect(all.staffWaitlist[0]?.windows).toEqual([
      expect.objectContaining({ localStart: `${day}T08:00`, localEnd: `${day}T12:00` }),
    ]);
    expect(all.staffWaitlist[0]?.procedures.map((procedure) => procedure.name)).toEqual(['Shot']);

    const matching = await desk.data<{ staffWaitlist: WaitlistEntry[] }>(staffOperations.waitlist, {
      marketplaceId: onSite.marketplace,
      filter: { freedAppointmentId: freedId },
    });
    expect(matching.staffWaitlist.map((entry) => [entry.client.email, entry.matchesFreedTime])).toEqual([
      ['morning@example.com', true],
      ['second@example.com', true],
      ['afternoon@example.com', false],
    ]);

    const { staffFreedTimes } = await desk.data<{
      staffFreedTimes: { appointmentId: string; cancellationReason: string; matchingRequests: number }[];
    }>(staffOperations.freedTimes, { marketplaceId: onSite.marketplace });
    expect(staffFreedTimes).toEqual([
      expect.objectContaining({
        appointmentId: freedId,
        cancellationReason: 'The practitioner is away.',
        matchingRequests: 2,
      }),
    ]);
  });

  it('refuses to offer a time outside the windows, of an appointment not cancelled, or unknown', async () => {
    const outside = await offer(waitlisted.afternoon.id);
    expect(outside.body.errors?.map((error) => [error.extensions?.code, error.message])).toEqual([
      ['BAD_USER_INPUT', "This time is not inside the client's waitlist windows at this place."],
    ]);
    const live = await book('live@example.com', at(daysAhead(10), '15:00'));
    const notCancelled = await offer(waitlisted.morning.id, live.id);
    expect(notCancelled.body.errors?.[0]?.message).toBe(
      'Only the time of a cancelled or declined appointment can be offered.',
    );
    expect(
      await desk.error(staffOperations.offer, {
        marketplaceId: onSite.marketplace,
        waitlistRequestId: '999999',
        freedAppointmentId: freedId,
      }),
    ).toEqual({ code: 'NOT_FOUND', message: 'Waitlist request 999999 was not found.' });
  });

  it('mails each offered client a link; of two accepting at once exactly one books the time', async () => {
    for (const client of [waitlisted.morning, waitlisted.second]) {
      const response = await offer(client.id);
      expect(response.body.errors).toBeUndefined();
      const [mail] = await mailbox(context.app, client.email);
      expect(mail?.subject).toBe('Checkout Test 80: a time opened up');
      expect(mail?.text).toContain('Book this time:');
    }
    const morning = await linkTo(waitlisted.morning.email);
    const second = await linkTo(waitlisted.second.email);
    expect(new URL(morning.link).pathname).toBe('/80/waitlist-offer');

    const anyone = new TestBrowser(context.app);
    const { waitlistOffer } = await anyone.data<{ waitlistOffer: Offer }>(waitlistOfferOperations.view, {
      token: morning.token,
    });
    expect(waitlistOffer).toMatchObject({
      status: 'OPEN',
      marketplaceName: 'Checkout Test 80',
      procedures: [{ id: onSite.shot, name: 'Shot', isAddOn: false }],
      clinicName: 'Test Midtown 80',
      practitionerName: 'Ada 80',
      total: 4550,
      appointmentId: null,
    });
    // The freed 10:00, lasting as long as the waitlisted Shot (30 minutes).
    expect(new Date(waitlistOffer.end).getTime() - new Date(waitlistOffer.start).getTime()).toBe(30 * 60_000);

    const results = await Promise.all(
      [morning.token, second.token].map((token) =>
        new TestBrowser(context.app).post<{ acceptWaitlistOffer: { status: string; appointmentId: string } }>(
          waitlistOfferOperations.accept,
          { token },
        ),
      ),
    );
    const winners = results.filter((result) => !result.body.errors);
    const losers = results.filter((result) => result.body.errors);
    expect(winners).toHaveLength(1);
    expect(
      losers.map((result) => result.body.errors?.map((error) => [error.extensions?.code, error.message])),
    ).toEqual([
      [['BAD_USER_INPUT', 'This time has just been taken. We will let you know when another time opens up.']],
    ]);
    const won = winners[0]?.body.data?.acceptWaitlistOffer;
    expect(won?.status).toBe('ACCEPTED');
    const [appointment] = await context.sql<{ status: string; practitioner_id: number }>(
      'select status, practitioner_id from appointments where id = $1',
      [Number(won?.appointmentId)],
    );
    expect(appointment).toEqual({ status: 'PENDING', practitioner_id: 801 });
    const statuses = await context.sql<{ status: string }>(
      'select status from waitlist_requests where id = any($1::int[]) order by status',
      [[Number(waitlisted.morning.id), Number(waitlisted.second.id)]],
    );
    expect(statuses.map((row) => row.status)).toEqual(['BOOKED', 'WAITLISTED']);

    // The winner's link now tells it is theirs; the other's that the time is taken; neither books again.
    const winnerToken = winners[0] === results[0] ? morning.token : second.token;
    const loserToken = winnerToken === morning.token ? second.token : morning.token;
    const view = async (token: string) =>
      (await anyone.data<{ waitlistOffer: Offer }>(waitlistOfferOperations.view, { token })).waitlistOffer
        .status;
    expect(await view(winnerToken)).toBe('ACCEPTED');
    expect(await view(loserToken)).toBe('TAKEN');
    expect(await anyone.error(waitlistOfferOperations.accept, { token: winnerToken })).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'This offer has already been accepted.',
    });
    // The booked request now waits in the inbox for the front desk like any other.
    const { staffRequests } = await desk.data<{ staffRequests: { id: string; status: string }[] }>(
      staffOperations.requests,
      { marketplaceId: onSite.marketplace, filter: { status: 'PENDING', date: day } },
    );
    expect(staffRequests.map((request) => request.id)).toContain(won?.appointmentId);
  });

  it('refuses an expired link and answers an unknown one NOT_FOUND', async () => {
    const late = await book('late@example.com', window('09:00', '12:00'), '(212) 555-0166');
    await context.sql(`update appointments set status = 'CANCELLED' where id = $1`, [
      Number((await book('second-freed@example.com', at(day, '11:30'), '(212) 555-0155')).id),
    ]);
    const [freed] = await context.sql<{ id: number }>(
      `select a.id from appointments a join appointment_requests r on r.appointment_id = a.id
         join users u on u.id = r.client_user_id where u.email = 'second-freed@example.com'`,
    );
    expect((await offer(late.id, String(freed?.id))).body.errors).toBeUndefined();
    const { token } = await linkTo(late.email);
    await context.sql(`update waitlist_offers set expires_at = now() - interval '1 minute'`);
    const browser = new TestBrowser(context.app);
    expect(await browser.error(waitlistOfferOperations.accept, { token })).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'This offer has expired.',
    });
    expect(
      (await browser.data<{ waitlistOffer: Offer }>(waitlistOfferOperations.view, { token })).waitlistOffer
        .status,
    ).toBe('EXPIRED');
    const unknown = {
      code: 'NOT_FOUND',
      message: 'This offer link is not valid. Please use the link in your latest email.',
    };
    expect(await browser.error(waitlistOfferOperations.accept, { token: 'A'.repeat(43) })).toEqual(unknown);
    expect(await browser.error(waitlistOfferOperations.view, { token: 'not-a-token' })).toEqual(unknown);
  });

  it('finds clients by name, email or phone digits, and shows one with their history', async () => {
    const search = async (text: string) =>
      (
        await desk.data<{ staffClients: { email: string }[] }>(staffOperations.clients, {
          marketplaceId: onSite.marketplace,
          search: text,
        })
      ).staffClients.map((client) => client.email);
    expect(await search('morning@EXAMPLE')).toEqual(['morning@example.com']);
    expect(await search('917 555 01')).toEqual(['morning@example.com']);
    expect(await search('+1 (718) 555-0177')).toEqual(['afternoon@example.com']);
    // Every guest is Gia Guest: the name finds them all, in either order.
    expect((await search('guest gia')).length).toBeGreaterThanOrEqual(6);
    expect(await search('nobody-like-this')).toEqual([]);
    // Staff are not clients.
    expect(await search('desk@waitlist.test')).toEqual([]);

    const [user] = await context.sql<{ id: number }>(
      `select id from users where email = 'freed@example.com'`,
    );
    await context.sql(
      `with definition as (
         insert into membership_definitions (marketplace_id, name, price_cents, period)
           values (80, 'Glow Club', 9900, 'monthly') returning id),
       package as (insert into packages (marketplace_id, name, price_cents) values (80, 'Five Shots', 20000) returning id),
       item as (insert into package_item_definitions (package_id, points, procedure_group_ids)
                  select id, 5, '{80}' from package returning id),
       membership as (insert into memberships (user_id, membership_definition_id, marketplace_id, renewal_date)
                        select $1, id, 80, '2030-01-01' from definition returning id)
       insert into package_items (user_id, package_item_definition_id, total_points, balance)
         select $1, id, 5, 3 from item`,
      [user?.id],
    );
    const { staffClient } = await desk.data<{
      staffClient: {
        client: { email: string; phone: string };
        appointments: { id: string; status: string; procedures: { name: string }[] }[];
        memberships: { name: string; status: string; price: number }[];
        packages: { name: string; balance: number; totalPoints: number }[];
      };
    }>(staffOperations.client, { marketplaceId: onSite.marketplace, id: String(user?.id) });
    expect(staffClient.client).toMatchObject({ email: 'freed@example.com', phone: '+16465550101' });
    expect(staffClient.appointments).toEqual([
      {
        ...staffClient.appointments[0],
        id: freedId,
        status: 'CANCELLED',
        procedures: [{ id: onSite.drip, name: 'Drip' }],
      },
    ]);
    expect(staffClient.memberships).toEqual([
      expect.objectContaining({ name: 'Glow Club', status: 'Active', price: 9900 }),
    ]);
    expect(staffClient.packages).toEqual([
      expect.objectContaining({ name: 'Five Shots', balance: 3, totalPoints: 5 }),
    ]);
    // A waitlisted client's page lists the request with its services and windows.
    const [afternoon] = await context.sql<{ id: number }>(
      `select id from users where email = 'afternoon@example.com'`,
    );
    const waitlistedClient = await desk.data<{
      staffClient: {
        waitlist: { procedures: { name: string }[]; windows: { localStart: string; localEnd: string }[] }[];
      };
    }>(staffOperations.client, { marketplaceId: onSite.marketplace, id: String(afternoon?.id) });
    expect(waitlistedClient.staffClient.waitlist).toEqual([
      expect.objectContaining({
        procedures: [expect.objectContaining({ name: 'Shot' })],
        windows: [expect.objectContaining({ localStart: `${day}T12:00`, localEnd: `${day}T16:00` })],
      }),
    ]);

    const [staffUser] = await context.sql<{ id: number }>(
      `select id from users where email = 'desk@waitlist.test'`,
    );
    expect(
      await desk.error(staffOperations.client, {
        marketplaceId: onSite.marketplace,
        id: String(staffUser?.id),
      }),
    ).toEqual({ code: 'NOT_FOUND', message: `Client ${staffUser?.id} was not found.` });
  });
});
