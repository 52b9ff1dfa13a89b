import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import { type App, createApp } from '../app';
import { developmentOperatorKey } from '../checkout';
import { loadIdentityConfig } from '../identity';
import type { Database } from '../kernel/database/database';
import { migratedDatabase, type TestDatabase, type TestDatabaseFactory } from './databases';
import { TestBrowser } from './identity';

/**
 * Four marketplaces of one group (80), identical but for how they collect payment, so every amount a
 * test asserts is known:
 *   80 collect_on_site (and at-home visits around New York, travel fee $25.00),
 *   81 collect_deposit 15 percent, 82 collect_deposit fixed_amount $50.00, 83 collect_on_confirmation.
 * Marketplace m has clinic m1 (m = 80 gives 801) in New York; procedures m01 Drip ($123.45-$150.00,
 * 60 min), m02 Shot ($45.50, 30 min) and the add-on m51 Boost ($19.99, 15 min); practitioner m1
 * performs them all at the clinic every day 09:00-17:00, and practitioner m2 on home visits
 * 10:00-14:00. One practitioner per place, so one time can be booked exactly once.
 * Marketplace 80 also has promo codes and three optional checkout notes (TEXT, SELECT and BOOLEAN).
 */
export const checkoutMarketplaces = {
  onSite: 80,
  percentageDeposit: 81,
  fixedDeposit: 82,
  onConfirmation: 83,
} as const;

const paymentSettings: Record<number, string> = {
  80: `'collect_on_site', null, null`,
  81: `'collect_deposit', 'percentage', 15`,
  82: `'collect_deposit', 'fixed_amount', 5000`,
  83: `'collect_on_confirmation', null, null`,
};

export const ids = (marketplaceId: number) => ({
  marketplace: String(marketplaceId),
  clinic: String(marketplaceId * 10 + 1),
  drip: String(marketplaceId * 100 + 1),
  shot: String(marketplaceId * 100 + 2),
  boost: String(marketplaceId * 100 + 51),
});

function marketplaceFixture(m: number): string {
  const clinic = m * 10 + 1;
  const [drip, shot, boost] = [m * 100 + 1, m * 100 + 2, m * 100 + 51];
  const [atClinic, atHome] = [m * 10 + 1, m * 10 + 2];
  return `
    insert into marketplaces (id, mg_id, name, primary_color, provides_at_home,
                              service_area_latitude, service_area_longitude, service_area_radius_km,
                              travel_fee_cents, payment_collection_method, payment_deposit_type,
                              payment_deposit_value, is_live)
      values (${m}, 80, 'Checkout Test ${m}', '#123456', true, 40.7128, -74.006, 60, 2500, ${paymentSettings[m]}, true);
    insert into clinics (id, marketplace_id, name, address, phone, time_zone, latitude, longitude)
      values (${clinic}, ${m}, 'Test Midtown ${m}', '245 W 52nd St, New York, NY 10019', '+12125550100',
              'America/New_York', 40.7634, -73.9843);
    insert into procedure_groups (id, marketplace_id, name) values (${m}, ${m}, 'Tests');
    insert into procedures (id, marketplace_id, procedure_group_id, name, prices, durations, is_add_on, offered_at_home)
      values (${drip}, ${m}, ${m}, 'Drip', '{12345,15000}', '{60}', false, true),
             (${shot}, ${m}, ${m}, 'Shot', '{4550}', '{30}', false, true),
             (${boost}, ${m}, null, 'Boost', '{1999}', '{15}', true, true);
    insert into procedure_add_ons (marketplace_id, procedure_id, add_on_id) values (${m}, ${drip}, ${boost});
    insert into procedure_clinics (marketplace_id, procedure_id, clinic_id)
      values (${m}, ${drip}, ${clinic}), (${m}, ${shot}, ${clinic}), (${m}, ${boost}, ${clinic});
    insert into practitioners (id, marketplace_id, name) values (${atClinic}, ${m}, 'Ada ${m}'), (${atHome}, ${m}, 'Cleo ${m}');
    insert into practitioner_procedures (marketplace_id, practitioner_id, procedure_id)
      select ${m}, p, procedure from unnest(array[${atClinic}, ${atHome}]) p,
                                     unnest(array[${drip}, ${shot}, ${boost}]) procedure;
    insert into practitioner_working_hours (marketplace_id, practitioner_id, organization_id, weekday, start_minute, end_minute)
      select ${m}, ${atClinic}, ${clinic}, d, 540, 1020 from generate_series(1, 7) d
      union all select ${m}, ${atHome}, null, d, 600, 840 from generate_series(1, 7) d;
  `;
}

const fixture = `
  insert into marketplace_groups (id, name) values (80, 'Checkout Test');
  ${[80, 81, 82, 83].map(marketplaceFixture).join('\n')}
  insert into promo_codes (marketplace_id, code, kind, value, procedure_ids, valid_from, valid_until, usage_limit, times_used)
    values (80, 'WELCOME15', 'percentage', 15, null, null, null, null, 0),
           (80, 'SAVE20', 'fixed', 2000, null, null, null, null, 0),
           (80, 'DRIPONLY10', 'percentage', 10, '{8001}', null, null, null, 0),
           (80, 'EXPIRED10', 'percentage', 10, null, now() - interval '30 days', now() - interval '1 day', null, 0),
           (80, 'SOON10', 'percentage', 10, null, now() + interval '1 day', null, null, 0),
           (80, 'USEDUP5', 'fixed', 500, null, null, null, 3, 3),
           (80, 'LASTONE', 'fixed', 500, null, null, null, 1, 0),
           (81, 'WELCOME15', 'percentage', 15, null, null, null, null, 0);
  insert into checkout_note_definitions (id, marketplace_id, index, label, type, is_required, options)
    values (8001, 80, 0, 'Any allergies?', 'TEXT', false, '{}'),
           (8002, 80, 1, 'How did you hear about us?', 'SELECT', false, '{"values": ["Instagram", "A friend"]}'),
           (8003, 80, 2, 'First visit?', 'BOOLEAN', false, null);
`;

export interface CheckoutTestContext {
  handle: TestDatabase;
  app: App;
  sql: <Row extends Record<string, unknown>>(text: string, params?: unknown[]) => Promise<Row[]>;
}

/** A migrated database with the fixture, and an app on it (sandbox payments, the development operator key). */
export async function createCheckoutTestContext(
  factory: TestDatabaseFactory,
  options: Pick<Parameters<typeof createApp>[0], 'releases'> & {
    releasesConfig?: Parameters<typeof createApp>[0]['config']['releases'];
  } = {},
): Promise<CheckoutTestContext> {
  const handle = await migratedDatabase(factory, fixture);
  const app = createApp({
    db: handle.database,
    // In-process requests have no client address, so they would share one registration allowance:
    // the registration limits have their own tests.
    config: {
      nodeEnv: 'test',
      identity: loadIdentityConfig({ REGISTER_LIMIT_PER_IP: '0' }, 'test'),
      ...(options.releasesConfig ? { releases: options.releasesConfig } : {}),
    },
    logging: false,
    ...(options.releases ? { releases: options.releases } : {}),
  });
  return { handle, app, sql: sqlOn(handle.database) };
}

function sqlOn(database: Database) {
  return <Row extends Record<string, unknown>>(text: string, params?: unknown[]) =>
    database.transaction((tx) => tx.query<Row>(text, params));
}

export const newYork = 'America/New_York';
export const brooklyn = {
  address: '100 Flatbush Ave, Brooklyn, NY 11217',
  latitude: 40.6861,
  longitude: -73.9776,
};

/** Local yyyy-MM-dd a number of days after today in New York. */
export const daysAhead = (days: number) =>
  format(addDays(new TZDate(Date.now(), newYork), days), 'yyyy-MM-dd');

/**
 * Moves an appointment 400 days back, past the booking horizon, so that it has begun and may be
 * completed; its length, and its order among appointments moved alike, are kept.
 */
export async function moveIntoPast(context: { sql: CheckoutTestContext['sql'] }, id: string) {
  await context.sql(
    `update appointments set starts_at = starts_at - interval '400 days', ends_at = ends_at - interval '400 days'
      where id = $1`,
    [Number(id)],
  );
}

/** One local time as createAppointmentRequest takes it. */
export const at = (date: string, time: string) => [{ start: `${date}T${time}`, end: `${date}T${time}` }];

export const operatorHeaders = { 'x-operator-key': developmentOperatorKey };

export const checkoutOperations = {
  summary: /* GraphQL */ `
    query Summary($input: CheckoutSummaryInput!) {
      checkoutSummary(input: $input) {
        procedures membership credit discount promoCode promoCodeText gratuity travelFee total
      }
    }`,
  validatePromo: /* GraphQL */ `
    query ValidatePromo($input: ValidatePromoCodeInput!) {
      validatePromoCode(input: $input) { valid error discountAmount itemDiscounts { procedureBaseDefId discountAmount } }
    }`,
  tokenize: /* GraphQL */ `
    mutation Tokenize($input: SandboxCardInput!) { sandboxTokenizeCard(input: $input) { token brand lastFour } }`,
  book: /* GraphQL */ `
    mutation Book($input: CreateAppointmentRequestInput!) {
      createAppointmentRequest(input: $input) { id status practitioner { id name } dueOnConfirmation }
    }`,
  confirm: /* GraphQL */ `
    mutation Confirm($id: ID!) { confirmAppointment(id: $id) { id status charged failureReason } }`,
  complete: /* GraphQL */ `
    mutation Complete($id: ID!) { completeAppointment(id: $id) { id status charged failureReason } }`,
  cancel: /* GraphQL */ `
    mutation Cancel($id: ID!) { cancelAppointment(id: $id) { id status charged failureReason } }`,
};

export interface BookResult {
  createAppointmentRequest: {
    id: string;
    status: 'PENDING' | 'WAITLISTED';
    practitioner: { id: string; name: string } | null;
    dueOnConfirmation: number;
  };
}

export interface OperatorResult {
  id: string;
  status: string;
  charged: number;
  failureReason: string | null;
}

/** A sandbox card token for a card number (Stripe's test numbers decide what happens later). */
export async function sandboxToken(browser: TestBrowser, number: string): Promise<string> {
  const { sandboxTokenizeCard } = await browser.data<{ sandboxTokenizeCard: { token: string } }>(
    checkoutOperations.tokenize,
    {
      input: {
        number,
        expMonth: 12,
        expYear: new Date().getFullYear() + 3,
        cvc: '123',
        addressLine1: '1 Main St',
        addressCity: 'New York',
        addressState: 'NY',
        addressPostalCode: '10001',
      },
    },
  );
  return sandboxTokenizeCard.token;
}

/** A new card as the checkout form sends it. */
export async function newCard(browser: TestBrowser, number = '4242424242424242') {
  return {
    card: {
      token: await sandboxToken(browser, number),
      identity: { firstName: 'Gia', lastName: 'Guest', email: 'gia@example.com', postalCode: '10001' },
    },
  };
}

/** registerUser for a guest with this email. */
export const guest = (email: string) => ({
  email,
  profile: {
    givenName: 'Gia',
    familyName: 'Guest',
    phone: '(212) 555-0142',
    dob: '1990-04-01',
    tzid: newYork,
    emailOptIn: true,
  },
});

export { TestBrowser };
