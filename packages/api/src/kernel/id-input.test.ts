import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { accountOperations } from '../test/account';
import {
  at,
  type CheckoutTestContext,
  checkoutOperations,
  createCheckoutTestContext,
  daysAhead,
  guest,
  ids,
  operatorHeaders,
  TestBrowser,
} from '../test/checkout';
import { testDatabases } from '../test/databases';
import { type BrowserResponse, operations } from '../test/identity';
import { memberClient, membershipOperations } from '../test/memberships';
import { parseInput } from './graphql-errors';
import { idInput, largestId, marketplaceIdInput } from './id-input';

const onSite = ids(80);
/** Beyond PostgreSQL integers: just past the largest, and far past it. */
const outOfRange = ['2147483648', '99999999999'];

/** The one error of a response, asserting a clean answer: no masked internal error, no stack trace. */
function onlyError(response: BrowserResponse<unknown>) {
  expect(response.status).toBe(200);
  expect(response.body.data ?? null).toBeNull();
  expect(response.body.errors).toHaveLength(1);
  const [error] = response.body.errors ?? [];
  expect(error?.extensions).not.toHaveProperty('stacktrace');
  expect(response.text).not.toMatch(/Unexpected error|\bat .+\.(ts|js|mjs):\d+|out of range/);
  return { message: error?.message, code: error?.extensions?.code };
}

const tooLarge = (label: string) => ({
  message: `${label} id must be at most 2147483647.`,
  code: 'BAD_USER_INPUT',
});
const marketplaceNotFound = (id: string) => ({
  message: `Marketplace ${id} was not found.`,
  code: 'NOT_FOUND',
});

describe('idInput', () => {
  const procedureId = idInput('Procedure');
  const parse = (value: unknown) => {
    try {
      return parseInput(procedureId, value);
    } catch (error) {
      const { message, extensions } = error as { message: string; extensions: { code: string } };
      return { message, code: extensions.code };
    }
  };

  it('takes ASCII digits from 1 to the largest PostgreSQL integer', () => {
    expect(largestId).toBe(2 ** 31 - 1);
    expect(parse('1')).toBe(1);
    expect(parse('0042')).toBe(42);
    expect(parse('2147483647')).toBe(2147483647);
  });

  it.each(['', '0', '-1', '1.5', '1e3', ' 1', 'abc', '١٢', '\u00001', 12])(
    'refuses %j as malformed (BAD_USER_INPUT)',
    (value) => {
      expect(parse(value)).toEqual({
        message: 'Procedure id must be a positive whole number.',
        code: 'BAD_USER_INPUT',
      });
    },
  );

  it('refuses ids above the range, however long (BAD_USER_INPUT)', () => {
    for (const value of [...outOfRange, '99999999999999999999999999', '9'.repeat(400)]) {
      expect(parse(value), value.slice(0, 30)).toEqual(tooLarge('Procedure'));
    }
  });

  it('answers a marketplace id above the range NOT_FOUND, as any unknown marketplace', () => {
    expect(() => parseInput(marketplaceIdInput, '02147483648')).toThrow(
      'Marketplace 2147483648 was not found.',
    );
    try {
      parseInput(marketplaceIdInput, '99999999999');
    } catch (error) {
      expect((error as { extensions: unknown }).extensions).toEqual({ code: 'NOT_FOUND' });
    }
  });
});

describe.each(testDatabases)('ID arguments beyond PostgreSQL integers on $name', (factory) => {
  let context: CheckoutTestContext;
  let browser: TestBrowser;
  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    browser = new TestBrowser(context.app);
  });
  afterAll(() => context.handle.dispose());

  let emails = 0;
  const bookingInput = (extra: Record<string, unknown> = {}) => ({
    marketplaceId: onSite.marketplace,
    idempotencyKey: randomUUID(),
    organizationId: onSite.clinic,
    procedures: [onSite.drip],
    dateRanges: at(daysAhead(9), '09:00'),
    registerUser: guest(`ids${++emails}@example.com`),
    ...extra,
  });
  const summaryInput = { marketplaceId: onSite.marketplace, procedureIds: [onSite.drip] };

  describe.each(outOfRange)('id %s', (id) => {
    it('is BAD_USER_INPUT with a clear message in the checkout summary and the promo check', async () => {
      const summary = (change: Record<string, unknown>) =>
        browser.post(checkoutOperations.summary, { input: { ...summaryInput, ...change } });
      expect(onlyError(await summary({ procedureIds: [onSite.drip, id] }))).toEqual(tooLarge('Procedure'));
      expect(onlyError(await summary({ organizationId: id }))).toEqual(tooLarge('Organization'));
      expect(onlyError(await summary({ membershipDefinitionId: id }))).toEqual(
        tooLarge('Membership definition'),
      );
      const promo = await browser.post(checkoutOperations.validatePromo, {
        input: { ...summaryInput, code: 'WELCOME15', bookingAmount: 12345, membershipDefinitionId: id },
      });
      expect(onlyError(promo)).toEqual(tooLarge('Membership definition'));
    });

    it.each([
      ['a saved card', { paymentMethod: { paymentInstrumentId: '%' } }, 'Payment instrument'],
      ['a membership', { membershipDefinitionId: '%' }, 'Membership definition'],
      ['a checkout note', { checkoutNotes: [{ checkoutNoteId: '%', value: 'x' }] }, 'Checkout note'],
      ['a procedure', { procedures: [onSite.drip, '%'] }, 'Procedure'],
      ['a clinic', { organizationId: '%' }, 'Organization'],
    ])('is BAD_USER_INPUT as the booking’s %s', async (_name, change, label) => {
      const input = bookingInput(JSON.parse(JSON.stringify(change).replace('%', id)));
      expect(onlyError(await browser.post(checkoutOperations.book, { input }))).toEqual(tooLarge(label));
    });

    it('is BAD_USER_INPUT for the wallet, memberships, packages and operator actions', async () => {
      const { browser: client } = await memberClient(context, null);
      expect(onlyError(await client.post(accountOperations.deletePaymentInstrument, { id }))).toEqual(
        tooLarge('Payment instrument'),
      );
      expect(
        onlyError(
          await client.post(accountOperations.updatePrimaryPaymentInstrument, { paymentInstrumentId: id }),
        ),
      ).toEqual(tooLarge('Payment instrument'));
      expect(onlyError(await client.post(membershipOperations.cancelMembership, { id }))).toEqual(
        tooLarge('Membership'),
      );
      const purchase = await client.post(membershipOperations.purchasePackage, {
        input: {
          marketplaceId: '80',
          packageId: id,
          paymentMethod: { paymentInstrumentId: '1' },
          idempotencyKey: 'id-input-purchase',
        },
      });
      expect(onlyError(purchase)).toEqual(tooLarge('Package'));
      const confirm = await browser.post(checkoutOperations.confirm, { id }, operatorHeaders);
      expect(onlyError(confirm)).toEqual(tooLarge('Appointment'));
    });

    it('is NOT_FOUND as a marketplace id, as any unknown marketplace, in every operation', async () => {
      expect(
        onlyError(
          await browser.post(checkoutOperations.summary, { input: { ...summaryInput, marketplaceId: id } }),
        ),
      ).toEqual(marketplaceNotFound(id));
      expect(
        onlyError(
          await browser.post(checkoutOperations.book, { input: bookingInput({ marketplaceId: id }) }),
        ),
      ).toEqual(marketplaceNotFound(id));
      expect(
        onlyError(
          await browser.post(operations.requestPasscode, { marketplaceId: id, email: 'a@example.com' }),
        ),
      ).toEqual(marketplaceNotFound(id));
      expect(
        onlyError(await browser.post(operations.authOptions, { identifier: 'a@example.com', mgId: id })),
      ).toEqual({
        message: `Marketplace group ${id} was not found.`,
        code: 'NOT_FOUND',
      });
    });

    it('is NOT_FOUND for a signed-in client’s memberships (was an internal error)', async () => {
      const { browser: client } = await memberClient(context, null);
      const response = await client.post(membershipOperations.mine, { mgId: '80', marketplaceId: id });
      // The first of its four fields fails, taking the (non-null) rest with it.
      expect(response.body.errors?.map((error) => [error.message, error.extensions?.code])).toEqual([
        [`Marketplace ${id} was not found.`, 'NOT_FOUND'],
      ]);
      expect(response.text).not.toContain('Unexpected error');
    });
  });

  it('lets the largest id through to the service, which answers it as unknown', async () => {
    const { browser: client } = await memberClient(context, null);
    expect(
      onlyError(await client.post(membershipOperations.cancelMembership, { id: String(largestId) })),
    ).toEqual({
      message: 'Membership 2147483647 was not found.',
      code: 'NOT_FOUND',
    });
  });

  it.each(['-1', 'abc', '', '1.0'])('answers a malformed id (%j) BAD_USER_INPUT', async (id) => {
    const response = await browser.post(checkoutOperations.summary, {
      input: { ...summaryInput, procedureIds: [id] },
    });
    expect(onlyError(response)).toEqual({
      message: 'Procedure id must be a positive whole number.',
      code: 'BAD_USER_INPUT',
    });
  });

  it('refuses before any SQL runs: an app on a closed database answers the same', async () => {
    const broken = await factory.create();
    try {
      const brokenApp = createApp({ db: broken.database, config: { nodeEnv: 'test' }, logging: false });
      await broken.database.close();
      const guestBrowser = new TestBrowser(brokenApp);
      const summary = (change: Record<string, unknown>) =>
        guestBrowser.post(checkoutOperations.summary, { input: { ...summaryInput, ...change } });
      expect(onlyError(await summary({ marketplaceId: '99999999999' }))).toEqual(
        marketplaceNotFound('99999999999'),
      );
      expect(onlyError(await summary({ procedureIds: ['2147483648'] }))).toEqual(tooLarge('Procedure'));
      const book = await guestBrowser.post(checkoutOperations.book, {
        input: bookingInput({ paymentMethod: { paymentInstrumentId: '2147483648' } }),
      });
      expect(onlyError(book)).toEqual(tooLarge('Payment instrument'));
    } finally {
      await broken.dispose();
    }
  });
});
