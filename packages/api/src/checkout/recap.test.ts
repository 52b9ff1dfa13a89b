import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  brooklyn,
  type CheckoutTestContext,
  createCheckoutTestContext,
  daysAhead,
  guest,
  ids,
  newYork,
  TestBrowser,
} from '../test/checkout';
import { testDatabases } from '../test/databases';

const onSite = ids(80);

const bookWithRecap = /* GraphQL */ `
  mutation BookWithRecap($input: CreateAppointmentRequestInput!) {
    createAppointmentRequest(input: $input) {
      id
      status
      recap {
        marketplaceName
        procedures { id name isAddOn duration }
        clinicName
        address
        timeZone
        start
        end
        waitlistWindows { start end }
        total
      }
    }
  }`;

interface RecapResult {
  createAppointmentRequest: { id: string; status: string; recap: Record<string, unknown> | null };
}

/** The instant of a local date and time in New York. */
const instant = (date: string, time: string) => {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(new TZDate(year, month - 1, day, hours, minutes, newYork).getTime()).toISOString();
};

describe.each(testDatabases)('the appointment request recap on $name', (factory) => {
  let context: CheckoutTestContext;
  let browser: TestBrowser;
  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    browser = new TestBrowser(context.app);
  });
  afterAll(() => context.handle.dispose());

  let emailCount = 0;
  const book = async (input: Record<string, unknown>) =>
    (
      await browser.data<RecapResult>(bookWithRecap, {
        input: {
          marketplaceId: onSite.marketplace,
          idempotencyKey: randomUUID(),
          registerUser: guest(`recap${++emailCount}@example.com`),
          ...input,
        },
      })
    ).createAppointmentRequest;

  it('recaps a clinic time: the services with their durations, the clinic, the held time and the total', async () => {
    const date = daysAhead(8);
    const input = {
      organizationId: onSite.clinic,
      procedures: [onSite.drip, onSite.boost],
      dateRanges: at(date, '10:30'),
      gratuity: 500,
    };
    const result = await book(input);
    expect(result.status).toBe('PENDING');
    expect(result.recap).toEqual({
      marketplaceName: 'Checkout Test 80',
      procedures: [
        { id: onSite.drip, name: 'Drip', isAddOn: false, duration: [60] },
        { id: onSite.boost, name: 'Boost', isAddOn: true, duration: [15] },
      ],
      clinicName: 'Test Midtown 80',
      address: '245 W 52nd St, New York, NY 10019',
      timeZone: newYork,
      // The visit lasts the cart's whole duration: Drip 60 min and Boost 15 min.
      start: instant(date, '10:30'),
      end: instant(date, '11:45'),
      waitlistWindows: [],
      // $123.45 + $19.99 + a $5.00 tip.
      total: 14844,
    });
  });

  it("recaps an at-home visit at the client's address, travel fee included", async () => {
    const date = daysAhead(9);
    const result = await book({
      address: brooklyn,
      procedures: [onSite.shot],
      dateRanges: at(date, '12:00'),
    });
    expect(result.recap).toMatchObject({
      clinicName: null,
      address: brooklyn.address,
      start: instant(date, '12:00'),
      end: instant(date, '12:30'),
      // $45.50 + the $25.00 travel fee.
      total: 7050,
    });
  });

  it('recaps a waitlist request with its windows and no time', async () => {
    const [first, second] = [daysAhead(10), daysAhead(11)];
    const result = await book({
      organizationId: onSite.clinic,
      procedures: [onSite.shot],
      dateRanges: [
        { start: `${first}T08:00`, end: `${first}T12:00` },
        { start: `${second}T16:00`, end: `${second}T20:00` },
      ],
    });
    expect(result.status).toBe('WAITLISTED');
    expect(result.recap).toMatchObject({
      start: null,
      end: null,
      waitlistWindows: [
        { start: instant(first, '08:00'), end: instant(first, '12:00') },
        { start: instant(second, '16:00'), end: instant(second, '20:00') },
      ],
      total: 4550,
    });
  });

  it('gives the same recap again when the same request is retried with its key', async () => {
    const input = {
      idempotencyKey: randomUUID(),
      registerUser: guest('recap-retry@example.com'),
      organizationId: onSite.clinic,
      procedures: [onSite.shot],
      dateRanges: at(daysAhead(12), '09:00'),
    };
    const first = await book(input);
    const again = await book(input);
    expect(again).toEqual(first);
    expect(first.recap).not.toBeNull();
  });
});
