// The staff authorization matrix: each role x each staff operation x the member's own
// marketplace or another one of the same group (the session is valid there, the membership is not).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../test/account';
import {
  at,
  brooklyn,
  type CheckoutTestContext,
  checkoutOperations,
  createCheckoutTestContext,
  daysAhead,
  ids,
  moveIntoPast,
  operatorHeaders,
  TestBrowser,
} from '../test/checkout';
import { testDatabases } from '../test/databases';
import { requestNoticeOperations } from '../test/request-notices';
import {
  type StaffRequestResult,
  signedInStaff,
  staffOperations,
  staffVersionsOperations,
} from '../test/staff';

const own = ids(80);
const other = ids(81);
const clinicPractitioner = '801';

type Role = 'owner' | 'frontDesk' | 'practitioner' | 'client' | 'signedOut';
type Operation =
  | 'staffViewer'
  | 'staffRequests'
  | 'confirm'
  | 'decline'
  | 'complete'
  | 'cancel'
  | 'waitlist'
  | 'freedTimes'
  | 'offer'
  | 'clients'
  | 'client';
type Where = 'own' | 'other';
/** 'ok' (and the viewer's role, or null), or the error code. */
type Outcome = 'ok' | 'OWNER' | 'FRONT_DESK' | 'PRACTITIONER' | null | 'FORBIDDEN' | 'UNAUTHENTICATED';

const actions = ['confirm', 'decline', 'complete', 'cancel'] as const;
const everyAction = (outcome: Outcome) =>
  Object.fromEntries(actions.map((action) => [action, outcome])) as Record<(typeof actions)[number], Outcome>;
/** The waitlist and clients operations: owner and front desk only. */
const waitlistAndClients = ['waitlist', 'freedTimes', 'offer', 'clients', 'client'] as const;
const everyWaitlistAndClients = (outcome: Outcome) =>
  Object.fromEntries(waitlistAndClients.map((operation) => [operation, outcome])) as Record<
    (typeof waitlistAndClients)[number],
    Outcome
  >;

/** What each role gets on its own marketplace; on the other marketplace only the viewer is answered (null). */
const matrix: Record<Role, Record<Operation, Outcome>> = {
  owner: {
    staffViewer: 'OWNER',
    staffRequests: 'ok',
    ...everyAction('ok'),
    ...everyWaitlistAndClients('ok'),
  },
  frontDesk: {
    staffViewer: 'FRONT_DESK',
    staffRequests: 'ok',
    ...everyAction('ok'),
    ...everyWaitlistAndClients('ok'),
  },
  practitioner: {
    staffViewer: 'PRACTITIONER',
    staffRequests: 'ok',
    ...everyAction('FORBIDDEN'),
    ...everyWaitlistAndClients('FORBIDDEN'),
  },
  client: {
    staffViewer: null,
    staffRequests: 'FORBIDDEN',
    ...everyAction('FORBIDDEN'),
    ...everyWaitlistAndClients('FORBIDDEN'),
  },
  signedOut: {
    staffViewer: null,
    staffRequests: 'UNAUTHENTICATED',
    ...everyAction('UNAUTHENTICATED'),
    ...everyWaitlistAndClients('UNAUTHENTICATED'),
  },
};

const expected = (role: Role, operation: Operation, where: Where): Outcome => {
  if (where === 'own') return matrix[role][operation];
  if (operation === 'staffViewer') return null;
  return role === 'signedOut' ? 'UNAUTHENTICATED' : 'FORBIDDEN';
};

const versionOperationNames = [
  'versions',
  'setOverride',
  'rollbackOverride',
  'clearOverride',
  'startPreview',
  'endPreview',
] as const;
type VersionOperationName = (typeof versionOperationNames)[number];
const everyVersionOperation = <T>(outcome: T) =>
  Object.fromEntries(versionOperationNames.map((operation) => [operation, outcome])) as Record<
    VersionOperationName,
    T
  >;

const cells = (Object.keys(matrix) as Role[]).flatMap((role) =>
  (Object.keys(matrix[role]) as Operation[]).flatMap((operation) =>
    (['own', 'other'] as const).map((where) => ({ role, operation, where })),
  ),
);

/** The status each action starts from and ends in. */
const transitions = {
  confirm: { from: 'PENDING', to: 'BOOKED' },
  decline: { from: 'PENDING', to: 'CANCELLED' },
  complete: { from: 'BOOKED', to: 'COMPLETE' },
  cancel: { from: 'BOOKED', to: 'CANCELLED' },
} as const;

describe.each(testDatabases)('staff authorization matrix on $name', (factory) => {
  let context: CheckoutTestContext;
  const browsers = {} as Record<Role, TestBrowser>;
  let client: TestBrowser;
  let dayCount = 0;
  /** Marketplace 80's waitlist request, a declined appointment whose time it holds, and their client. */
  const waitlist = { requestId: '', freedId: '', clientId: '' };

  const status = async (id: string) => {
    const [row] = await context.sql<{ status: string }>('select status from appointments where id = $1', [
      Number(id),
    ]);
    return row?.status;
  };

  /** A new request at marketplace 80's clinic (practitioner 801), in the given status. */
  const ownAppointment = async (state: 'PENDING' | 'BOOKED') => {
    const { createAppointmentRequest } = await client.data<{ createAppointmentRequest: { id: string } }>(
      checkoutOperations.book,
      {
        input: {
          marketplaceId: own.marketplace,
          idempotencyKey: randomUUID(),
          organizationId: own.clinic,
          procedures: [own.drip],
          dateRanges: at(daysAhead(7 + dayCount++), '10:00'),
        },
      },
    );
    if (state === 'BOOKED') {
      await client.post(checkoutOperations.confirm, { id: createAppointmentRequest.id }, operatorHeaders);
    }
    return createAppointmentRequest.id;
  };

  /** An appointment of marketplace 81 (same group), written directly. */
  const otherAppointment = async (state: 'PENDING' | 'BOOKED') => {
    const [row] = await context.sql<{ id: number }>(
      `insert into appointments (marketplace_id, practitioner_id, organization_id, starts_at, ends_at, status)
         values (81, 811, 811, now() + interval '30 days' + $1 * interval '1 day',
                 now() + interval '30 days' + $1 * interval '1 day' + interval '1 hour', $2)
       returning id`,
      [dayCount++, state],
    );
    return String(row?.id);
  };

  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    browsers.owner = await signedInStaff(context, {
      marketplaceId: 80,
      email: 'owner@staff.test',
      role: 'owner',
    });
    browsers.frontDesk = await signedInStaff(context, {
      marketplaceId: 80,
      email: 'desk@staff.test',
      role: 'front_desk',
    });
    browsers.practitioner = await signedInStaff(context, {
      marketplaceId: 80,
      email: 'ada@staff.test',
      role: 'practitioner',
      practitionerId: Number(clinicPractitioner),
    });
    ({ browser: client } = await signedInClient(context.app, '80', 'client@staff.test'));
    browsers.client = client;
    browsers.signedOut = new TestBrowser(context.app);
    // A request with each practitioner: 801 at the clinic, 802 at the client's home.
    await ownAppointment('PENDING');
    await client.data(checkoutOperations.book, {
      input: {
        marketplaceId: own.marketplace,
        idempotencyKey: randomUUID(),
        address: brooklyn,
        procedures: [own.shot],
        dateRanges: at(daysAhead(6), '11:00'),
      },
    });
    const waitlistDay = daysAhead(40);
    const freed = await client.data<{ createAppointmentRequest: { id: string } }>(checkoutOperations.book, {
      input: {
        marketplaceId: own.marketplace,
        idempotencyKey: randomUUID(),
        organizationId: own.clinic,
        procedures: [own.shot],
        dateRanges: at(waitlistDay, '10:00'),
      },
    });
    waitlist.freedId = freed.createAppointmentRequest.id;
    await client.post(checkoutOperations.cancel, { id: waitlist.freedId }, operatorHeaders);
    const entry = await client.data<{ createAppointmentRequest: { id: string } }>(checkoutOperations.book, {
      input: {
        marketplaceId: own.marketplace,
        idempotencyKey: randomUUID(),
        organizationId: own.clinic,
        procedures: [own.shot],
        dateRanges: [{ start: `${waitlistDay}T09:00`, end: `${waitlistDay}T12:00` }],
      },
    });
    waitlist.requestId = entry.createAppointmentRequest.id;
    const [user] = await context.sql<{ id: number }>(
      `select id from users where email = 'client@staff.test'`,
    );
    waitlist.clientId = String(user?.id);
  });
  afterAll(() => context.handle.dispose());

  it.each(cells)('$role: $operation on the $where marketplace', async ({ role, operation, where }) => {
    const browser = browsers[role];
    const marketplaceId = where === 'own' ? own.marketplace : other.marketplace;
    const want = expected(role, operation, where);

    if (operation === 'staffViewer' || operation === 'staffRequests') {
      const query = operation === 'staffViewer' ? staffOperations.viewer : staffOperations.requests;
      const response = await browser.post<{
        staffViewer?: { role: string } | null;
        staffRequests?: StaffRequestResult[];
      }>(query, { marketplaceId });
      const code = response.body.errors?.[0]?.extensions?.code;
      if (operation === 'staffViewer') {
        expect(code).toBeUndefined();
        expect(response.body.data?.staffViewer?.role ?? null).toBe(want);
        return;
      }
      if (want !== 'ok') {
        expect({ code, data: response.body.data }).toEqual({ code: want, data: null });
        return;
      }
      const requests = response.body.data?.staffRequests ?? [];
      expect(code).toBeUndefined();
      expect(requests.length).toBeGreaterThan(0);
      const practitionersSeen = new Set(requests.map((request) => request.practitioner.id));
      // A practitioner reads only their own appointments; the owner and front desk everyone's.
      if (role === 'practitioner') expect([...practitionersSeen]).toEqual([clinicPractitioner]);
      else expect(practitionersSeen.size).toBe(2);
      return;
    }

    if ((waitlistAndClients as readonly string[]).includes(operation)) {
      const query = {
        waitlist: staffOperations.waitlist,
        freedTimes: staffOperations.freedTimes,
        offer: staffOperations.offer,
        clients: staffOperations.clients,
        client: staffOperations.client,
      }[operation as (typeof waitlistAndClients)[number]];
      const response = await browser.post<Record<string, unknown>>(query, {
        marketplaceId,
        filter: { freedAppointmentId: where === 'own' ? waitlist.freedId : null },
        waitlistRequestId: waitlist.requestId,
        freedAppointmentId: waitlist.freedId,
        search: 'client@staff',
        id: waitlist.clientId,
      });
      const code = response.body.errors?.[0]?.extensions?.code;
      if (want !== 'ok') {
        expect({ code, data: response.body.data }).toEqual({ code: want, data: null });
        return;
      }
      expect(response.body.errors).toBeUndefined();
      // Each answers about marketplace 80's own waitlist request, freed time and client.
      const found = JSON.stringify(response.body.data);
      if (operation === 'waitlist') expect(found).toContain(`"id":"${waitlist.requestId}"`);
      if (operation === 'freedTimes') expect(found).toContain(`"appointmentId":"${waitlist.freedId}"`);
      if (operation === 'offer') expect(found).toContain(`"waitlistRequestId":"${waitlist.requestId}"`);
      if (operation === 'clients' || operation === 'client') expect(found).toContain('client@staff.test');
      return;
    }

    const { from, to } = transitions[operation as (typeof actions)[number]];
    const id = where === 'own' ? await ownAppointment(from) : await otherAppointment(from);
    // Only a visit that has begun can be completed.
    if (operation === 'complete') await moveIntoPast(context, id);
    const response = await browser.post<Record<string, { status: string }>>(staffOperations[operation], {
      marketplaceId,
      id,
      reason: 'The practitioner is unwell.',
    });
    if (want === 'ok') {
      expect(response.body.errors).toBeUndefined();
      expect(await status(id)).toBe(to);
    } else {
      expect(response.body.errors?.map((error) => error.extensions?.code)).toEqual([want]);
      expect(response.body.data).toBeNull();
      expect(await status(id)).toBe(from);
    }
  });

  it("never reaches another marketplace's appointment through the member's own marketplace", async () => {
    const id = await otherAppointment('PENDING');
    const response = await browsers.owner.post(staffOperations.confirm, {
      marketplaceId: own.marketplace,
      id,
    });
    expect(response.body.errors?.map((error) => [error.extensions?.code, error.message])).toEqual([
      ['NOT_FOUND', `Appointment ${id} was not found.`],
    ]);
    expect(await status(id)).toBe('PENDING');
  });

  describe('tenant versions (owner only)', () => {
    type VersionsOperation = keyof typeof versionsMatrix.owner;
    /** What each role gets on its own marketplace; on the other one every operation is refused. */
    const versionsMatrix: Record<
      Role,
      Record<VersionOperationName, 'ok' | 'FORBIDDEN' | 'UNAUTHENTICATED'>
    > = {
      owner: everyVersionOperation('ok'),
      frontDesk: everyVersionOperation('FORBIDDEN'),
      practitioner: everyVersionOperation('FORBIDDEN'),
      client: everyVersionOperation('FORBIDDEN'),
      signedOut: everyVersionOperation('UNAUTHENTICATED'),
    };
    const versionCells = (Object.keys(versionsMatrix) as Role[]).flatMap((role) =>
      (Object.keys(versionsMatrix[role]) as VersionsOperation[]).flatMap((operation) =>
        (['own', 'other'] as const).map((where) => ({ role, operation, where })),
      ),
    );
    const release = {
      remote: 'scheduling',
      version: 'a1b2c3d4e5f6',
      checksum: `a1b2c3d4e5f6${'0'.repeat(52)}`,
      entry: 'http://localhost:3020/scheduling/a1b2c3d4e5f6/mf-manifest.json',
      contractVersion: '1.0.0',
    };
    const stateCount = async (marketplaceId: string) => {
      const [row] = await context.sql<{ count: number }>(
        'select count(*)::int as count from remote_rollout_states where marketplace_id = $1',
        [Number(marketplaceId)],
      );
      return row?.count;
    };
    const previewCount = async () => {
      const [row] = await context.sql<{ count: number }>(
        'select count(*)::int as count from remote_previews where ended_at is null',
      );
      return row?.count;
    };

    beforeAll(async () => {
      const response = await browsers.signedOut.post(
        `mutation($input: RecordRemoteReleaseInput!) { recordRemoteRelease(input: $input) { version } }`,
        { input: release },
        operatorHeaders,
      );
      expect(response.body.errors).toBeUndefined();
    });

    /** Gives the marketplace an override of the release (as the operator would), for rollback and clear. */
    const withOverride = async (marketplaceId: string) => {
      const response = await browsers.signedOut.post(
        `mutation($input: PromoteRemoteReleaseInput!) { promoteRemoteRelease(input: $input) { version } }`,
        { input: { remote: release.remote, version: release.version, marketplaceId } },
        operatorHeaders,
      );
      expect(response.body.errors).toBeUndefined();
    };

    it.each(versionCells)(
      '$role: $operation on the $where marketplace',
      async ({ role, operation, where }) => {
        const browser = browsers[role];
        const marketplaceId = where === 'own' ? own.marketplace : other.marketplace;
        const want =
          where === 'own'
            ? versionsMatrix[role][operation]
            : role === 'signedOut'
              ? 'UNAUTHENTICATED'
              : 'FORBIDDEN';
        if (operation === 'rollbackOverride' || operation === 'clearOverride')
          await withOverride(marketplaceId);
        // A preview of the owner's to end (the token is the owner's; another member cannot end it).
        let token = 'A'.repeat(43);
        if (operation === 'endPreview') {
          const started = await browsers.owner.data<{ staffStartRemotePreview: { token: string } }>(
            staffVersionsOperations.startPreview,
            { marketplaceId: own.marketplace, remote: release.remote, version: release.version },
          );
          token = started.staffStartRemotePreview.token;
        }
        const [statesBefore, previewsBefore] = [await stateCount(marketplaceId), await previewCount()];
        const response = await browser.post<Record<string, unknown>>(staffVersionsOperations[operation], {
          marketplaceId,
          remote: release.remote,
          version: release.version,
          token,
        });
        const codes = response.body.errors?.map((error) => error.extensions?.code);
        if (want === 'ok') {
          expect(codes).toBeUndefined();
          const answer = Object.values(response.body.data ?? {})[0];
          if (operation === 'endPreview') expect(answer).toBe(where === 'own');
          else expect(answer).toBeTruthy();
          return;
        }
        expect({ codes, data: response.body.data }).toEqual({ codes: [want], data: null });
        // Refused: nothing changed for the marketplace's clients, and no preview was started or ended.
        expect(await stateCount(marketplaceId)).toBe(statesBefore);
        expect(await previewCount()).toBe(previewsBefore);
      },
    );
  });

  describe('new-request notices (every role, on its own membership)', () => {
    type NoticeOperation = keyof typeof requestNoticeOperations;
    type NoticeOutcome = 'ok' | 'FORBIDDEN' | 'UNAUTHENTICATED';
    const every = (outcome: NoticeOutcome) =>
      Object.fromEntries(
        (Object.keys(requestNoticeOperations) as NoticeOperation[]).map((operation) => [operation, outcome]),
      ) as Record<NoticeOperation, NoticeOutcome>;
    /** What each role gets on its own marketplace; on the other one every operation is refused. */
    const noticesMatrix: Record<Role, Record<NoticeOperation, NoticeOutcome>> = {
      owner: every('ok'),
      frontDesk: every('ok'),
      practitioner: every('ok'),
      client: every('FORBIDDEN'),
      signedOut: every('UNAUTHENTICATED'),
    };
    const noticeCells = (Object.keys(noticesMatrix) as Role[]).flatMap((role) =>
      (Object.keys(noticesMatrix[role]) as NoticeOperation[]).flatMap((operation) =>
        (['own', 'other'] as const).map((where) => ({ role, operation, where })),
      ),
    );
    /** Each member's own switch and last visit of Requests, by email. */
    const memberStates = () =>
      context.sql<{ email: string; notify_new_requests: boolean; seen: boolean }>(
        `select u.email, m.notify_new_requests, m.requests_seen_at is not null as seen
           from staff_members m join users u on u.id = m.user_id order by m.id`,
      );

    it.each(noticeCells)(
      '$role: $operation on the $where marketplace',
      async ({ role, operation, where }) => {
        const marketplaceId = where === 'own' ? own.marketplace : other.marketplace;
        const want =
          where === 'own'
            ? noticesMatrix[role][operation]
            : role === 'signedOut'
              ? 'UNAUTHENTICATED'
              : 'FORBIDDEN';
        await context.sql('update staff_members set notify_new_requests = true, requests_seen_at = null');
        const before = await memberStates();
        const response = await browsers[role].post<Record<string, unknown>>(
          requestNoticeOperations[operation],
          {
            marketplaceId,
            enabled: false,
          },
        );
        const codes = response.body.errors?.map((error) => error.extensions?.code);
        if (want !== 'ok') {
          expect({ codes, data: response.body.data }).toEqual({ codes: [want], data: null });
          expect(await memberStates()).toEqual(before);
          return;
        }
        expect(codes).toBeUndefined();
        const answer = Object.values(response.body.data ?? {})[0];
        if (operation === 'unreadCount') expect(answer).toBeGreaterThan(0);
        if (operation === 'markSeen') expect(answer).toBe(0);
        if (operation === 'settings') expect(answer).toEqual({ mailNewRequests: true });
        if (operation === 'setMails') expect(answer).toEqual({ mailNewRequests: false });
        // A change touches the caller's own membership only.
        const email = {
          owner: 'owner@staff.test',
          frontDesk: 'desk@staff.test',
          practitioner: 'ada@staff.test',
        }[role as 'owner' | 'frontDesk' | 'practitioner'];
        expect(await memberStates()).toEqual(
          before.map((member) =>
            member.email !== email
              ? member
              : {
                  ...member,
                  notify_new_requests: operation !== 'setMails',
                  seen: operation === 'markSeen',
                },
          ),
        );
      },
    );
  });

  describe('reports (owner only)', () => {
    const reportArgs = '$marketplaceId: ID!, $from: String!, $to: String!';
    const reportOperations = {
      report: `query StaffReport(${reportArgs}) {
        staffReport(marketplaceId: $marketplaceId, from: $from, to: $to) { bookings { total } collected }
      }`,
      appointmentsCsv: `query StaffReportAppointmentsCsv(${reportArgs}) {
        staffReportAppointmentsCsv(marketplaceId: $marketplaceId, from: $from, to: $to)
      }`,
      paymentsCsv: `query StaffReportPaymentsCsv(${reportArgs}) {
        staffReportPaymentsCsv(marketplaceId: $marketplaceId, from: $from, to: $to)
      }`,
    };
    type ReportOperation = keyof typeof reportOperations;
    type ReportOutcome = 'ok' | 'FORBIDDEN' | 'UNAUTHENTICATED';
    const every = (outcome: ReportOutcome) =>
      Object.fromEntries(
        (Object.keys(reportOperations) as ReportOperation[]).map((operation) => [operation, outcome]),
      ) as Record<ReportOperation, ReportOutcome>;
    /** What each role gets on its own marketplace; on the other one every operation is refused. */
    const reportsMatrix: Record<Role, Record<ReportOperation, ReportOutcome>> = {
      owner: every('ok'),
      frontDesk: every('FORBIDDEN'),
      practitioner: every('FORBIDDEN'),
      client: every('FORBIDDEN'),
      signedOut: every('UNAUTHENTICATED'),
    };
    const reportCells = (Object.keys(reportsMatrix) as Role[]).flatMap((role) =>
      (Object.keys(reportsMatrix[role]) as ReportOperation[]).flatMap((operation) =>
        (['own', 'other'] as const).map((where) => ({ role, operation, where })),
      ),
    );

    it.each(reportCells)(
      '$role: $operation on the $where marketplace',
      async ({ role, operation, where }) => {
        const marketplaceId = where === 'own' ? own.marketplace : other.marketplace;
        const want =
          where === 'own'
            ? reportsMatrix[role][operation]
            : role === 'signedOut'
              ? 'UNAUTHENTICATED'
              : 'FORBIDDEN';
        // The days of the two requests made before the matrix ran (the at-home one, then the clinic's).
        const response = await browsers[role].post<Record<string, unknown>>(reportOperations[operation], {
          marketplaceId,
          from: daysAhead(6),
          to: daysAhead(7),
        });
        const codes = response.body.errors?.map((error) => error.extensions?.code);
        if (want !== 'ok') {
          expect({ codes, data: response.body.data }).toEqual({ codes: [want], data: null });
          return;
        }
        expect(codes).toBeUndefined();
        const answer = Object.values(response.body.data ?? {})[0];
        // Marketplace 80 collects on site: two requests, nothing charged.
        if (operation === 'report') expect(answer).toEqual({ bookings: { total: 2 }, collected: 0 });
        if (operation === 'appointmentsCsv') expect(String(answer).trimEnd().split('\n')).toHaveLength(3);
        if (operation === 'paymentsCsv') expect(String(answer).trimEnd().split('\n')).toHaveLength(1);
      },
    );
  });

  describe('refunds, no-shows and moves (owner and front desk)', () => {
    const moneyOperations = {
      refund: `mutation StaffRefund($marketplaceId: ID!, $paymentId: ID!, $refund: StaffRefundInput!) {
        staffRefundPayment(marketplaceId: $marketplaceId, paymentId: $paymentId, refund: $refund) { refunded }
      }`,
      noShow: `mutation StaffNoShow($marketplaceId: ID!, $id: ID!) {
        staffMarkNoShow(marketplaceId: $marketplaceId, id: $id) { status }
      }`,
      rescheduleOptions: `query StaffRescheduleOptions($marketplaceId: ID!, $id: ID!, $date: String!) {
        staffRescheduleOptions(marketplaceId: $marketplaceId, id: $id, date: $date) { timeZone }
      }`,
      reschedule: `mutation StaffMove($marketplaceId: ID!, $id: ID!, $date: String!, $time: String!, $practitionerId: ID!) {
        staffRescheduleAppointment(marketplaceId: $marketplaceId, id: $id, date: $date, time: $time,
                                   practitionerId: $practitionerId) { status }
      }`,
    };
    type MoneyOperation = keyof typeof moneyOperations;
    /** 'allowed': past the guard (the answer may still refuse the appointment's state); else the code. */
    type MoneyOutcome = 'allowed' | 'FORBIDDEN' | 'UNAUTHENTICATED';
    const every = (outcome: MoneyOutcome) =>
      Object.fromEntries(
        (Object.keys(moneyOperations) as MoneyOperation[]).map((operation) => [operation, outcome]),
      ) as Record<MoneyOperation, MoneyOutcome>;
    const moneyMatrix: Record<Role, Record<MoneyOperation, MoneyOutcome>> = {
      owner: every('allowed'),
      frontDesk: every('allowed'),
      practitioner: every('FORBIDDEN'),
      client: every('FORBIDDEN'),
      signedOut: every('UNAUTHENTICATED'),
    };
    const moneyCells = (Object.keys(moneyMatrix) as Role[]).flatMap((role) =>
      (Object.keys(moneyMatrix[role]) as MoneyOperation[]).flatMap((operation) =>
        (['own', 'other'] as const).map((where) => ({ role, operation, where })),
      ),
    );

    it.each(moneyCells)('$role: $operation on the $where marketplace', async ({ role, operation, where }) => {
      const marketplaceId = where === 'own' ? own.marketplace : other.marketplace;
      const want =
        where === 'own'
          ? moneyMatrix[role][operation]
          : role === 'signedOut'
            ? 'UNAUTHENTICATED'
            : 'FORBIDDEN';
      const id = await ownAppointment('BOOKED');
      // A charge of marketplace 80 (which collects on site) written directly: the sandbox knows
      // nothing of it, so an allowed refund is refused by the processor, past the guard.
      const [payment] = await context.sql<{ id: number }>(
        `insert into appointment_payments (appointment_id, processor, amount_cents, idempotency_key, status, processor_reference)
           values ($1, 'sandbox', 1000, $2, 'succeeded', $3) returning id`,
        [Number(id), `matrix-${randomUUID()}`, `ch_matrix_${randomUUID()}`],
      );
      const date = daysAhead(60);
      const variables = {
        refund: { paymentId: String(payment?.id), refund: { amount: 100, requestKey: randomUUID() } },
        noShow: { id },
        rescheduleOptions: { id, date },
        reschedule: { id, date, time: '16:00', practitionerId: clinicPractitioner },
      }[operation];
      const response = await browsers[role].post<Record<string, unknown>>(moneyOperations[operation], {
        marketplaceId,
        ...variables,
      });
      const code = response.body.errors?.[0]?.extensions?.code;
      if (want === 'allowed') expect(['FORBIDDEN', 'UNAUTHENTICATED', 'NOT_FOUND']).not.toContain(code);
      else expect({ code, data: response.body.data }).toEqual({ code: want, data: null });
    });
  });

  describe('booking for a client (owner and front desk)', () => {
    const bookingOperations = {
      book: `mutation StaffBook($marketplaceId: ID!, $input: StaffBookingInput!) {
        staffCreateBooking(marketplaceId: $marketplaceId, input: $input) { id status }
      }`,
      cards: `query StaffCards($marketplaceId: ID!, $clientId: ID!) {
        staffClientCards(marketplaceId: $marketplaceId, clientId: $clientId) { id }
      }`,
      quote: `query StaffQuote($marketplaceId: ID!, $input: StaffBookingQuoteInput!) {
        staffBookingQuote(marketplaceId: $marketplaceId, input: $input) { dueOnConfirmation }
      }`,
    };
    type BookingOperation = keyof typeof bookingOperations;
    type BookingOutcome = 'ok' | 'FORBIDDEN' | 'UNAUTHENTICATED';
    const every = (outcome: BookingOutcome) =>
      Object.fromEntries(
        (Object.keys(bookingOperations) as BookingOperation[]).map((operation) => [operation, outcome]),
      ) as Record<BookingOperation, BookingOutcome>;
    const bookingMatrix: Record<Role, Record<BookingOperation, BookingOutcome>> = {
      owner: every('ok'),
      frontDesk: every('ok'),
      practitioner: every('FORBIDDEN'),
      client: every('FORBIDDEN'),
      signedOut: every('UNAUTHENTICATED'),
    };
    const bookingCells = (Object.keys(bookingMatrix) as Role[]).flatMap((role) =>
      (Object.keys(bookingMatrix[role]) as BookingOperation[]).flatMap((operation) =>
        (['own', 'other'] as const).map((where) => ({ role, operation, where })),
      ),
    );
    let bookings = 0;

    it.each(bookingCells)(
      '$role: $operation on the $where marketplace',
      async ({ role, operation, where }) => {
        const marketplaceId = where === 'own' ? own.marketplace : other.marketplace;
        const want =
          where === 'own'
            ? bookingMatrix[role][operation]
            : role === 'signedOut'
              ? 'UNAUTHENTICATED'
              : 'FORBIDDEN';
        const n = ++bookings;
        const variables = {
          book: {
            input: {
              idempotencyKey: randomUUID(),
              newClient: {
                givenName: 'Phil',
                familyName: 'Phoned',
                email: `phoned${n}@staff.test`,
                phone: '(212) 555-0190',
              },
              organizationId: own.clinic,
              procedures: [own.shot],
              // A day and time of this block's own (the matrix above books 10:00).
              date: daysAhead(20 + n),
              time: '14:00',
              payment: { collectOnSite: true },
            },
          },
          cards: { clientId: waitlist.clientId },
          quote: { input: { organizationId: own.clinic, procedures: [own.shot], collectOnSite: true } },
        }[operation];
        const response = await browsers[role].post<Record<string, unknown>>(bookingOperations[operation], {
          marketplaceId,
          ...variables,
        });
        const codes = response.body.errors?.map((error) => error.extensions?.code);
        if (want !== 'ok') {
          expect({ codes, data: response.body.data }).toEqual({ codes: [want], data: null });
          return;
        }
        expect(codes).toBeUndefined();
        if (operation === 'book') {
          expect(response.body.data).toEqual({
            staffCreateBooking: { id: expect.any(String), status: 'PENDING' },
          });
        }
        if (operation === 'cards') expect(response.body.data).toEqual({ staffClientCards: [] });
        if (operation === 'quote')
          expect(response.body.data).toEqual({ staffBookingQuote: { dueOnConfirmation: 0 } });
      },
    );
  });

  it('answers an unknown marketplace NOT_FOUND and an id out of range BAD_USER_INPUT', async () => {
    expect(await browsers.owner.error(staffOperations.requests, { marketplaceId: '999' })).toEqual({
      code: 'NOT_FOUND',
      message: 'Marketplace 999 was not found.',
    });
    expect(
      await browsers.owner.error(staffOperations.confirm, {
        marketplaceId: own.marketplace,
        id: '2147483648',
      }),
    ).toEqual({ code: 'BAD_USER_INPUT', message: 'Appointment id must be at most 2147483647.' });
  });

  it('keeps the operator key working for automation', async () => {
    const id = await ownAppointment('PENDING');
    const response = await browsers.signedOut.post(checkoutOperations.confirm, { id }, operatorHeaders);
    expect(response.body.errors).toBeUndefined();
    expect(await status(id)).toBe('BOOKED');
  });
});
