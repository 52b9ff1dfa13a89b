// Visits booked outside Atrium: what availability then offers, the rules' messages, a taken time,
// removal, who may, and the activity log.
import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CheckoutTestContext,
  createCheckoutTestContext,
  ids,
  newYork,
  TestBrowser,
} from '../../test/checkout';
import { testDatabases } from '../../test/databases';
import { signedInStaff } from '../../test/staff';
import { clinicTimes } from '../team/team-test-support';

// Marketplace 81 of the checkout fixture: clinic 811 where Ada (811) works 09:00-17:00 every day,
// Cleo (812) on home visits 10:00-14:00.
const m = ids(81);
const day = format(addDays(new TZDate(Date.now(), newYork), 6), 'yyyy-MM-dd');

const operations = {
  add: /* GraphQL */ `
    mutation Add($marketplaceId: ID!, $input: StaffOutsideVisitInput!) {
      staffAddOutsideVisit(marketplaceId: $marketplaceId, input: $input) { id start end timeZone }
    }`,
  remove: /* GraphQL */ `
    mutation Remove($marketplaceId: ID!, $id: ID!) { staffRemoveOutsideVisit(marketplaceId: $marketplaceId, id: $id) }`,
  schedule: /* GraphQL */ `
    query Schedule($marketplaceId: ID!, $filter: StaffRequestFilter) {
      staffRequests(marketplaceId: $marketplaceId, filter: $filter) { id status client { id } notes practitioner { id } }
    }`,
};

const localInstant = (hour: number, minute: number) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(+new TZDate(year, month - 1, date, hour, minute, newYork)).toISOString();
};

interface Visit {
  id: string;
  start: string;
  end: string;
  timeZone: string;
}

describe.each(testDatabases)('visits booked outside Atrium on $name', (factory) => {
  let context: CheckoutTestContext;
  let desk: TestBrowser;

  const atClinic = (more: Record<string, unknown> = {}) => ({
    practitionerId: '811',
    organizationId: m.clinic,
    date: day,
    start: '10:10',
    end: '11:25',
    note: 'Maria Lopez, from the old calendar',
    ...more,
  });
  const add = (input: Record<string, unknown>, browser = desk) =>
    browser.post<{ staffAddOutsideVisit: Visit }>(operations.add, { marketplaceId: m.marketplace, input });
  const offeredTimes = () =>
    clinicTimes(new TestBrowser(context.app), {
      marketplaceId: m.marketplace,
      clinicId: m.clinic,
      procedureIds: [m.shot],
      day,
    });
  const logRows = (action: string) =>
    context.sql<{ actor: string; subject: string; before: unknown; after: unknown }>(
      'select actor, subject, before, after from activity_log where marketplace_id = 81 and action = $1 order by id',
      [action],
    );

  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    desk = await signedInStaff(context, {
      marketplaceId: 81,
      email: 'desk81@visits.test',
      role: 'front_desk',
    });
  });
  afterAll(() => context.handle.dispose());

  it('holds the time at the clinic in its zone, lists it with its note, logs it, and frees it when removed', async () => {
    const before = await offeredTimes();
    expect(before).toContain('10:30');
    const added = await add(atClinic());
    expect(added.body.errors).toBeUndefined();
    const visit = added.body.data?.staffAddOutsideVisit;
    expect(visit).toMatchObject({
      start: localInstant(10, 10),
      end: localInstant(11, 25),
      timeZone: newYork,
    });
    // Ada is the clinic's only practitioner: a 30-minute visit can no longer start from 09:45 to 11:15.
    const during = await offeredTimes();
    expect(during).not.toContain('10:30');
    expect(during).not.toContain('09:45');
    expect(during).toContain('09:30');

    const { staffRequests } = await desk.data<{
      staffRequests: { id: string; status: string; client: null; notes: string }[];
    }>(operations.schedule, { marketplaceId: m.marketplace, filter: { date: day } });
    expect(staffRequests.find((row) => row.id === visit?.id)).toEqual({
      id: visit?.id,
      status: 'BOOKED',
      client: null,
      notes: 'Maria Lopez, from the old calendar',
      practitioner: { id: '811' },
    });
    expect((await logRows('appointment.outside.add')).at(-1)).toMatchObject({
      actor: 'desk81@visits.test',
      subject: 'Visit booked outside Atrium with “Ada 81”',
      after: { timeZone: newYork, place: 'Test Midtown 81', note: 'Maria Lopez, from the old calendar' },
    });

    const removed = await desk.data<{ staffRemoveOutsideVisit: boolean }>(operations.remove, {
      marketplaceId: m.marketplace,
      id: visit?.id,
    });
    expect(removed.staffRemoveOutsideVisit).toBe(true);
    expect(await offeredTimes()).toEqual(before);
    expect((await logRows('appointment.outside.remove')).at(-1)?.before).toMatchObject({
      status: 'BOOKED',
      note: 'Maria Lopez, from the old calendar',
    });
  });

  it('refuses a time the practitioner holds with SLOT_TAKEN, keeping the first', async () => {
    const first = await add(atClinic({ start: '13:00', end: '14:00', note: null }));
    expect(first.body.errors).toBeUndefined();
    const overlapping = await add(atClinic({ start: '13:45', end: '14:30' }));
    expect(overlapping.body.errors?.[0]).toMatchObject({
      message: 'The practitioner already has an appointment at that time.',
      extensions: { code: 'SLOT_TAKEN' },
    });
    // Touching ends do not overlap.
    expect((await add(atClinic({ start: '14:00', end: '14:30' }))).body.errors).toBeUndefined();
  });

  it("holds a home visit at the client's address in the marketplace's zone", async () => {
    const home = await add({
      practitionerId: '812',
      address: { address: '2 Lincoln Sq, New York, NY 10023', latitude: 40.7736, longitude: -73.9826 },
      date: day,
      start: '12:00',
      end: '13:00',
    });
    expect(home.body.errors).toBeUndefined();
    expect(home.body.data?.staffAddOutsideVisit.timeZone).toBe(newYork);
    const [row] = await context.sql<{ organization_id: number | null; address: string; outside_note: null }>(
      'select organization_id, address, outside_note from appointments where id = $1',
      [Number(home.body.data?.staffAddOutsideVisit.id)],
    );
    expect(row).toEqual({
      organization_id: null,
      address: '2 Lincoln Sq, New York, NY 10023',
      outside_note: null,
    });
  });

  it('refuses bad input with the rules’ messages, and unknown or archived practitioners and clinics', async () => {
    const message = async (input: Record<string, unknown>) => (await add(input)).body.errors?.[0]?.message;
    expect(await message(atClinic({ start: '11:00', end: '10:00' }))).toBe(
      'The end must be after the start.',
    );
    expect(await message(atClinic({ start: '06:00', end: '18:30' }))).toBe(
      'A visit can last at most 12 hours.',
    );
    expect(await message(atClinic({ date: '2026-02-30' }))).toBe('Enter a date.');
    // 02:30 does not exist that night in New York: the clocks go from 02:00 to 03:00.
    expect(await message(atClinic({ date: '2027-03-14', start: '02:30', end: '03:00' }))).toBe(
      'The end must be after the start.',
    );
    expect(await message(atClinic({ start: '9:7' }))).toBe('Enter a time such as 09:40.');
    expect(await message(atClinic({ note: 'x'.repeat(201) }))).toBe(
      'The note must be at most 200 characters.',
    );
    expect(await message(atClinic({ organizationId: null }))).toBe(
      "Choose a clinic, or enter the client's address.",
    );
    expect(await message(atClinic({ organizationId: '801' }))).toBe('Clinic 801 was not found.');
    expect(await message(atClinic({ practitionerId: '801' }))).toBe('Practitioner 801 was not found.');
    await context.sql('update practitioners set active = false where id = 812');
    expect(await message(atClinic({ practitionerId: '812' }))).toBe('Practitioner 812 was not found.');
    await context.sql('update practitioners set active = true where id = 812');
  });

  it("never removes a client's appointment, and lets neither a practitioner nor another marketplace's owner in", async () => {
    const [booked] = await context.sql<{ id: number }>(
      `insert into appointments (marketplace_id, practitioner_id, organization_id, starts_at, ends_at, status, client_user_id)
       select 81, 811, 811, now() + interval '20 days', now() + interval '20 days 1 hour', 'BOOKED', id
       from users where email = 'desk81@visits.test' returning id`,
    );
    const refused = await desk.post(operations.remove, {
      marketplaceId: m.marketplace,
      id: String(booked?.id),
    });
    expect(refused.body.errors?.[0]).toMatchObject({ extensions: { code: 'NOT_FOUND' } });

    const practitioner = await signedInStaff(context, {
      marketplaceId: 81,
      email: 'ada81@visits.test',
      role: 'practitioner',
      practitionerId: 811,
    });
    const stranger = await signedInStaff(context, {
      marketplaceId: 80,
      email: 'owner80@visits.test',
      role: 'owner',
    });
    for (const browser of [practitioner, stranger]) {
      const answer = await add(atClinic({ start: '16:00', end: '16:30' }), browser);
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
  });
});
