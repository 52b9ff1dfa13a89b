// The inbox's pages: 20 requests a page in the inbox's order, how many match in all, the filter
// applied before paging, and a page past the last empty.
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
import { signedInStaff, staffOperations } from '../test/staff';

const clinic = ids(80);
const pageQuery = /* GraphQL */ `
  query Page($marketplaceId: ID!, $filter: StaffRequestFilter, $page: Int!) {
    staffRequestPage(marketplaceId: $marketplaceId, filter: $filter, page: $page) {
      requests { id start } total page pageSize pageCount
    }
  }`;

interface Page {
  requests: { id: string; start: string }[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

describe.each(testDatabases)('the inbox’s pages on $name', (factory) => {
  let context: CheckoutTestContext;
  let desk: TestBrowser;
  const made: string[] = [];

  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    desk = await signedInStaff(context, { marketplaceId: 80, email: 'desk@pages.test', role: 'front_desk' });
    // 21 requests: three days of seven hourly times.
    for (let index = 0; index < 21; index += 1) {
      const browser = new TestBrowser(context.app);
      const time = `${String(9 + (index % 7)).padStart(2, '0')}:00`;
      const { createAppointmentRequest } = await browser.data<{ createAppointmentRequest: { id: string } }>(
        checkoutOperations.book,
        {
          input: {
            marketplaceId: clinic.marketplace,
            idempotencyKey: randomUUID(),
            organizationId: clinic.clinic,
            procedures: [clinic.shot],
            dateRanges: at(daysAhead(20 + Math.floor(index / 7)), time),
            registerUser: guest(`paged${index}@example.com`),
          },
        },
      );
      made.push(createAppointmentRequest.id);
    }
  });
  afterAll(() => context.handle.dispose());

  const page = async (number: number, filter: Record<string, unknown> = { status: 'PENDING' }) =>
    (await desk.data<{ staffRequestPage: Page }>(pageQuery, { marketplaceId: '80', filter, page: number }))
      .staffRequestPage;

  it('gives 20 a page, soonest first, and the rest on the next', async () => {
    const first = await page(1);
    expect(first).toMatchObject({ total: 21, page: 1, pageSize: 20, pageCount: 2 });
    expect(first.requests.map((request) => request.id)).toEqual(made.slice(0, 20));
    const second = await page(2);
    expect(second.requests.map((request) => request.id)).toEqual(made.slice(20));
    expect((await page(3)).requests).toEqual([]);
  });

  it('filters before paging', async () => {
    const oneDay = await page(1, { status: 'PENDING', date: daysAhead(21) });
    expect(oneDay).toMatchObject({ total: 7, pageCount: 1 });
    expect(oneDay.requests.map((request) => request.id)).toEqual(made.slice(7, 14));
    expect(await page(1, { status: 'BOOKED' })).toMatchObject({ total: 0, pageCount: 1, requests: [] });
  });

  it('lists an appointment booked outside Atrium (no client on file) in the schedule, not the inbox; it can be confirmed', async () => {
    const date = daysAhead(30);
    const [row] = await context.sql<{ id: number }>(
      `insert into appointments (marketplace_id, practitioner_id, organization_id, starts_at, ends_at, status)
         values (80, 801, 801, (timestamp '${date} 11:00' at time zone 'America/New_York'),
                 (timestamp '${date} 11:30' at time zone 'America/New_York'), 'PENDING')
       returning id`,
    );
    expect((await page(1, { date })).requests).toEqual([]);
    const outside = await desk.data<{ staffRequests: Record<string, unknown>[] }>(
      /* GraphQL */ `query Outside($filter: StaffRequestFilter) {
        staffRequests(marketplaceId: "80", filter: $filter) {
          id client { id } timeZone start procedures { id } total payments { id }
        }
      }`,
      { filter: { date } },
    );
    expect(outside.staffRequests).toEqual([
      {
        id: String(row?.id),
        client: null,
        timeZone: 'America/New_York',
        start: expect.any(String),
        procedures: [],
        total: 0,
        payments: [],
      },
    ]);
    const { staffConfirmAppointment } = await desk.data<{ staffConfirmAppointment: { status: string } }>(
      staffOperations.confirm,
      { marketplaceId: '80', id: String(row?.id) },
    );
    expect(staffConfirmAppointment.status).toBe('BOOKED');
  });

  it('refuses a page below 1', async () => {
    expect(await desk.error(pageQuery, { marketplaceId: '80', page: 0 })).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'The page must be a whole number of at least 1.',
    });
  });
});
