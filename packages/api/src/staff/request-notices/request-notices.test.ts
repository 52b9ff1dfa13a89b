// Staff hear of new requests: one mail per member who may see the request and keeps the mails on,
// queued once however often the fan-out runs; the unread count of the console's navigation and its
// reset; and the switch, which acts on the caller's own membership only.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../notifications';
import {
  at,
  brooklyn,
  type CheckoutTestContext,
  checkoutOperations,
  createCheckoutTestContext,
  daysAhead,
  guest,
  ids,
  newYork,
  TestBrowser,
} from '../../test/checkout';
import { testDatabases } from '../../test/databases';
import { latestLinkToken, mailbox } from '../../test/identity';
import {
  requestNoticeOperations,
  runNewRequestJobs,
  testNotificationSettings,
} from '../../test/request-notices';
import { signedInStaff, staffOperations, waitlistOfferOperations } from '../../test/staff';
import { notifyStaffOfNewRequest } from './notify-staff';

const onSite = ids(80);
const subject = 'Checkout Test 80: new request from Gia Guest';

type Member = 'owner' | 'desk' | 'quiet' | 'ada' | 'cleo' | 'elsewhere';
const emails: Record<Member, string> = {
  owner: 'owner@notices.test',
  desk: 'desk@notices.test',
  quiet: 'quiet@notices.test',
  ada: 'ada@notices.test',
  cleo: 'cleo@notices.test',
  elsewhere: 'owner81@notices.test',
};

describe.each(testDatabases)('staff hear of new requests on $name', (factory) => {
  let context: CheckoutTestContext;
  const staff = {} as Record<Member, TestBrowser>;
  let dayCount = 0;

  /** A guest's request at marketplace 80: at the clinic (Ada 801), at home (Cleo 802), or waitlist windows. */
  const book = async (
    where: 'clinic' | 'home',
    dateRanges = at(daysAhead(5 + dayCount++), '10:00'),
    email = 'gia@example.com',
  ) => {
    const place = where === 'clinic' ? { organizationId: onSite.clinic } : { address: brooklyn };
    const { createAppointmentRequest } = await new TestBrowser(context.app).data<{
      createAppointmentRequest: { id: string };
    }>(checkoutOperations.book, {
      input: {
        marketplaceId: onSite.marketplace,
        idempotencyKey: randomUUID(),
        ...place,
        procedures: where === 'clinic' ? [onSite.drip] : [onSite.shot],
        dateRanges,
        registerUser: guest(email),
      },
    });
    return createAppointmentRequest.id;
  };

  /** How many new-request mails each member has. */
  const received = async () =>
    Object.fromEntries(
      await Promise.all(
        (Object.keys(emails) as Member[]).map(async (member) => [
          member,
          (await mailbox(context.app, emails[member])).filter((mail) => mail.subject === subject).length,
        ]),
      ),
    );

  const unread = async (member: Member, marketplaceId = onSite.marketplace) =>
    (
      await staff[member].data<{ staffUnreadRequestCount: number }>(requestNoticeOperations.unreadCount, {
        marketplaceId,
      })
    ).staffUnreadRequestCount;

  const markSeen = async (member: Member) =>
    (
      await staff[member].data<{ staffMarkRequestsSeen: number }>(requestNoticeOperations.markSeen, {
        marketplaceId: onSite.marketplace,
      })
    ).staffMarkRequestsSeen;

  const mailsOn = async (member: Member) =>
    (
      await staff[member].data<{ staffRequestNoticeSettings: { mailNewRequests: boolean } }>(
        requestNoticeOperations.settings,
        { marketplaceId: onSite.marketplace },
      )
    ).staffRequestNoticeSettings.mailNewRequests;

  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    const roles = {
      owner: { role: 'owner' },
      desk: { role: 'front_desk' },
      quiet: { role: 'front_desk' },
      ada: { role: 'practitioner', practitionerId: 801 },
      cleo: { role: 'practitioner', practitionerId: 802 },
    } as const;
    for (const [member, role] of Object.entries(roles)) {
      staff[member as Member] = await signedInStaff(context, {
        marketplaceId: 80,
        email: emails[member as Member],
        ...role,
      });
    }
    staff.elsewhere = await signedInStaff(context, {
      marketplaceId: 81,
      email: emails.elsewhere,
      role: 'owner',
    });
    const off = await staff.quiet.data<{ staffSetNewRequestMails: { mailNewRequests: boolean } }>(
      requestNoticeOperations.setMails,
      { marketplaceId: onSite.marketplace, enabled: false },
    );
    expect(off.staffSetNewRequestMails).toEqual({ mailNewRequests: false });
  });
  afterAll(() => context.handle.dispose());
  // Each test counts the mails of its own requests.
  beforeEach(async () => {
    await runNewRequestJobs(context.handle.database);
    await context.sql('delete from outbox_messages');
  });

  it('mails the owner, the front desk and the practitioner of a clinic request once each, and nobody else', async () => {
    const id = await book('clinic');
    expect(await received()).toEqual({ owner: 0, desk: 0, quiet: 0, ada: 0, cleo: 0, elsewhere: 0 });

    const ran = await runNewRequestJobs(context.handle.database);
    expect(ran).toEqual([{ job: { appointmentId: Number(id) }, mailed: 3 }]);
    expect(await received()).toEqual({ owner: 1, desk: 1, quiet: 0, ada: 1, cleo: 0, elsewhere: 0 });

    const [row] = await context.sql<{ starts_at: Date }>('select starts_at from appointments where id = $1', [
      Number(id),
    ]);
    const [mail] = await mailbox(context.app, emails.desk);
    expect(mail?.from).toBe(`Checkout Test 80 <${testNotificationSettings.mailFrom}>`);
    expect(mail?.text).toBe(
      [
        'Hello Staff,',
        'Gia Guest asked for an appointment:',
        [
          'Drip',
          formatDateTime(new Date(row?.starts_at ?? 0), newYork),
          'Test Midtown 80, 245 W 52nd St, New York, NY 10019',
          'With Ada 80',
          'Client: Gia Guest',
          'Total: $123.45',
        ].join('\n'),
        'Confirm or decline it in the console.',
        `Open requests:\n${testNotificationSettings.webOrigin}/80/console/requests`,
        'To stop these mails, turn off “Mail me about new requests” in the console.',
      ].join('\n\n'),
    );
    expect(mail?.links).toEqual([`${testNotificationSettings.webOrigin}/80/console/requests`]);
    expect(mail?.html).toContain('Open requests</a>');
    // The practitioner is told it is theirs, not asked to decide it.
    const [practitionerMail] = await mailbox(context.app, emails.ada);
    expect(practitionerMail?.text).toContain('It is assigned to you; the front desk confirms it.');
    expect(practitionerMail?.text).not.toContain('Confirm or decline it');
  });

  it('mails only the practitioner a request is assigned to', async () => {
    await book('home');
    await runNewRequestJobs(context.handle.database);
    expect(await received()).toEqual({ owner: 1, desk: 1, quiet: 0, ada: 0, cleo: 1, elsewhere: 0 });
    const [mail] = await mailbox(context.app, emails.cleo);
    expect(mail?.text).toContain('Home visit: 100 Flatbush Ave, Brooklyn, NY 11217\nWith Cleo 80');
  });

  it('mails nobody twice when the fan-out runs again, one after the other or at once', async () => {
    const id = Number(await book('clinic'));
    const ports = { db: context.handle.database.db, notifications: testNotificationSettings };
    expect(await runNewRequestJobs(context.handle.database)).toEqual([
      { job: { appointmentId: id }, mailed: 3 },
    ]);
    // A retry after a crash between the mails' commit and the job's completion.
    expect(await notifyStaffOfNewRequest(ports, { appointmentId: id })).toBe(0);
    expect(await received()).toEqual({ owner: 1, desk: 1, quiet: 0, ada: 1, cleo: 0, elsewhere: 0 });

    const next = Number(await book('clinic'));
    const both = await Promise.all([
      notifyStaffOfNewRequest(ports, { appointmentId: next }),
      notifyStaffOfNewRequest(ports, { appointmentId: next }),
    ]);
    expect(both.sort()).toEqual([0, 3]);
    expect(await received()).toEqual({ owner: 2, desk: 2, quiet: 0, ada: 2, cleo: 0, elsewhere: 0 });
  });

  it('tells nobody of a request decided before the job ran', async () => {
    const id = await book('clinic');
    await staff.desk.data(staffOperations.decline, {
      marketplaceId: onSite.marketplace,
      id,
      reason: 'The practitioner is away.',
    });
    expect(await runNewRequestJobs(context.handle.database)).toEqual([
      { job: { appointmentId: Number(id) }, mailed: 0 },
    ]);
    expect(await received()).toEqual({ owner: 0, desk: 0, quiet: 0, ada: 0, cleo: 0, elsewhere: 0 });
  });

  it('tells the staff of a waitlist request when it takes a freed time, not when it joins the waitlist', async () => {
    const day = daysAhead(30);
    const freed = await book('clinic', at(day, '10:00'), 'freed@example.com');
    await staff.desk.data(staffOperations.decline, {
      marketplaceId: onSite.marketplace,
      id: freed,
      reason: 'Away.',
    });
    const waitlisted = await book(
      'clinic',
      [{ start: `${day}T09:00`, end: `${day}T12:00` }],
      'wait@example.com',
    );
    // The freed time's own job finds it declined: nobody was told of it.
    expect((await runNewRequestJobs(context.handle.database)).map((run) => run.mailed)).toEqual([0]);

    const offered = await staff.desk.post(staffOperations.offer, {
      marketplaceId: onSite.marketplace,
      waitlistRequestId: waitlisted,
      freedAppointmentId: freed,
    });
    expect(offered.body.errors).toBeUndefined();
    const { token } = await latestLinkToken(context.app, 'wait@example.com', '/80/waitlist-offer');
    const { acceptWaitlistOffer } = await new TestBrowser(context.app).data<{
      acceptWaitlistOffer: { appointmentId: string };
    }>(waitlistOfferOperations.accept, { token });

    expect(await runNewRequestJobs(context.handle.database)).toEqual([
      { job: { appointmentId: Number(acceptWaitlistOffer.appointmentId) }, mailed: 3 },
    ]);
    expect(await received()).toEqual({ owner: 1, desk: 1, quiet: 0, ada: 1, cleo: 0, elsewhere: 0 });
  });

  it('counts the pending requests a member may see that arrived since they last opened Requests', async () => {
    await context.sql(`update appointments set status = 'CANCELLED' where marketplace_id = 80`);
    await context.sql('update staff_members set requests_seen_at = null');
    await book('clinic');
    const home = await book('home');
    // Never opened: every pending request counts; a practitioner counts only their own.
    expect([await unread('owner'), await unread('desk'), await unread('ada'), await unread('cleo')]).toEqual([
      2, 2, 1, 1,
    ]);

    expect(await markSeen('desk')).toBe(0);
    expect([await unread('desk'), await unread('owner')]).toEqual([0, 2]);
    await book('clinic');
    expect([await unread('desk'), await unread('owner'), await unread('ada')]).toEqual([1, 3, 2]);
    // A request decided is no longer unread.
    await staff.desk.data(staffOperations.confirm, { marketplaceId: onSite.marketplace, id: home });
    expect([await unread('owner'), await unread('cleo')]).toEqual([2, 0]);
    expect(await unread('elsewhere', '81')).toBe(0);
  });

  it("turns only the caller's own mails on and off, kept across sessions", async () => {
    expect([await mailsOn('quiet'), await mailsOn('desk'), await mailsOn('owner')]).toEqual([
      false,
      true,
      true,
    ]);
    const on = await staff.quiet.data<{ staffSetNewRequestMails: { mailNewRequests: boolean } }>(
      requestNoticeOperations.setMails,
      { marketplaceId: onSite.marketplace, enabled: true },
    );
    expect(on.staffSetNewRequestMails).toEqual({ mailNewRequests: true });
    await staff.ada.data(requestNoticeOperations.setMails, {
      marketplaceId: onSite.marketplace,
      enabled: false,
    });
    const rows = await context.sql<{ email: string; notify_new_requests: boolean }>(
      `select u.email, m.notify_new_requests from staff_members m join users u on u.id = m.user_id
        order by m.id`,
    );
    expect(rows).toEqual([
      { email: emails.owner, notify_new_requests: true },
      { email: emails.desk, notify_new_requests: true },
      { email: emails.quiet, notify_new_requests: true },
      { email: emails.ada, notify_new_requests: false },
      { email: emails.cleo, notify_new_requests: true },
      { email: emails.elsewhere, notify_new_requests: true },
    ]);
    await book('clinic');
    await runNewRequestJobs(context.handle.database);
    expect(await received()).toEqual({ owner: 1, desk: 1, quiet: 1, ada: 0, cleo: 0, elsewhere: 0 });
  });
});
