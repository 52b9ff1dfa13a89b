import { randomUUID } from 'node:crypto';
import { buildSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { accountOperations, signedInClient } from '../../test/account';
import {
  at,
  type CheckoutTestContext,
  checkoutOperations,
  createCheckoutTestContext,
  daysAhead,
  guest,
  ids,
  TestBrowser,
} from '../../test/checkout';
import { testDatabases } from '../../test/databases';
import { type BrowserResponse, operations } from '../../test/identity';
import { loadTypeDefs } from '../../type-defs';
import { hasControlCharacters, multiLineFields } from './control-characters';

const onSite = ids(80);

/** The one error of a response, asserting it is a clean BAD_USER_INPUT-style answer (no internals). */
function onlyError(response: BrowserResponse<unknown>) {
  expect(response.status).toBe(200);
  expect(response.body.data ?? null).toBeNull();
  expect(response.body.errors).toHaveLength(1);
  const [error] = response.body.errors ?? [];
  expect(error?.extensions).not.toHaveProperty('stacktrace');
  expect(response.text).not.toMatch(/Unexpected error|\bat .+\.(ts|js|mjs):\d+|invalid byte sequence/);
  return { message: error?.message, code: error?.extensions?.code };
}

const refused = (field: string) => ({
  message: `${field} may not contain control characters.`,
  code: 'BAD_USER_INPUT',
});

describe('hasControlCharacters', () => {
  it('finds NUL and the other C0 controls and DEL; tab, newline and CR only in single-line text', () => {
    for (const text of ['a\u0000b', '\u0001', 'x\u001b[2J', '\u001f', 'del\u007f']) {
      expect(hasControlCharacters(text), JSON.stringify(text)).toBe(true);
      expect(hasControlCharacters(text, true), JSON.stringify(text)).toBe(true);
    }
    for (const text of ['a\tb', 'line 1\nline 2', 'a\r\nb']) {
      expect(hasControlCharacters(text), JSON.stringify(text)).toBe(true);
      expect(hasControlCharacters(text, true), JSON.stringify(text)).toBe(false);
    }
    for (const text of ['', 'Zoë O’Brien', '245 W 52nd St, New York, NY 10019', 'WELCOME15', '😀 ü ß €']) {
      expect(hasControlCharacters(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('names multi-line fields that exist in the schema, as String arguments or input fields', () => {
    const schema = buildSchema(loadTypeDefs().join('\n'));
    for (const coordinate of multiLineFields) {
      const argument = coordinate.match(/^(\w+)\.(\w+)\((\w+):\)$/);
      const inputField = coordinate.match(/^(\w+)\.(\w+)$/);
      const type = argument
        ? schema
            .getMutationType()
            ?.getFields()
            [argument[2] ?? '']?.args.find((arg) => arg.name === argument[3])?.type
        : (
            schema.getType(inputField?.[1] ?? '') as { getFields?: () => Record<string, { type: unknown }> }
          )?.getFields?.()[inputField?.[2] ?? '']?.type;
      expect(String(type), coordinate).toMatch(/^String!?$/);
    }
  });
});

describe.each(testDatabases)('control characters in GraphQL input on $name', (factory) => {
  let context: CheckoutTestContext;
  let browser: TestBrowser;
  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    browser = new TestBrowser(context.app);
  });
  afterAll(() => context.handle.dispose());

  let slot = 0;
  let emails = 0;
  const bookingInput = (extra: Record<string, unknown> = {}) => ({
    marketplaceId: onSite.marketplace,
    idempotencyKey: randomUUID(),
    organizationId: onSite.clinic,
    procedures: [onSite.drip],
    dateRanges: at(
      daysAhead(7 + Math.floor(slot / 5)),
      ['09:00', '10:30', '12:00', '13:30', '15:00'][slot++ % 5] ?? '',
    ),
    registerUser: guest(`control${++emails}@example.com`),
    ...extra,
  });
  const book = (input: Record<string, unknown>) => browser.post(checkoutOperations.book, { input });
  const summaryInput = { marketplaceId: onSite.marketplace, procedureIds: [onSite.drip] };

  it('a promo code with NUL is BAD_USER_INPUT in the summary, the promo check and the booking', async () => {
    expect(
      onlyError(
        await browser.post(checkoutOperations.summary, {
          input: { ...summaryInput, promoCode: 'WELCOME\u000015' },
        }),
      ),
    ).toEqual(refused('promoCode'));
    expect(
      onlyError(
        await browser.post(checkoutOperations.validatePromo, {
          input: { ...summaryInput, code: '\u0000', bookingAmount: 12345 },
        }),
      ),
    ).toEqual(refused('code'));
    expect(onlyError(await book(bookingInput({ promoCode: 'WELCOME15\u0000' })))).toEqual(
      refused('promoCode'),
    );
  });

  it('a NUL inline in the document (not a variable) is refused the same way', async () => {
    const response = await browser.post(/* GraphQL */ `
      query {
        validatePromoCode(input: { code: "A\\u0000B", marketplaceId: "80", procedureIds: ["8001"], bookingAmount: 0 }) {
          valid
        }
      }`);
    expect(onlyError(response)).toEqual(refused('code'));
  });

  it.each([
    ['the notes', { notes: 'Ring twice\u0000' }, 'notes'],
    [
      'a checkout note answer',
      { checkoutNotes: [{ checkoutNoteId: '8001', value: 'Latex\u0000' }] },
      'checkoutNotes[0].value',
    ],
    ['the idempotency key', { idempotencyKey: `${randomUUID()}\u0000` }, 'idempotencyKey'],
    [
      'the guest’s name',
      {
        registerUser: {
          ...guest('nul-name@example.com'),
          profile: { ...guest('x').profile, givenName: 'Gi\u0000a' },
        },
      },
      'registerUser.profile.givenName',
    ],
    ['the guest’s email', { registerUser: guest('nul\u0000@example.com') }, 'registerUser.email'],
    [
      'the address of an at-home visit',
      {
        organizationId: null,
        address: { address: '100 Flatbush Ave\u0000', latitude: 40.6861, longitude: -73.9776 },
      },
      'address.address',
    ],
    ['the notes (an escape sequence)', { notes: 'ok\u001b[2J' }, 'notes'],
  ])(
    'a booking with a control character in %s is BAD_USER_INPUT naming the field',
    async (_name, change, field) => {
      expect(onlyError(await book(bookingInput(change)))).toEqual(refused(field));
    },
  );

  it('multi-line text keeps its tabs and line breaks; a single-line field may not have them', async () => {
    const response = await book(
      bookingInput({
        notes: 'Ring twice\nthen wait\r\n\tthank you',
        checkoutNotes: [{ checkoutNoteId: '8001', value: 'Latex\nand pollen' }],
      }),
    );
    expect(response.body.errors).toBeUndefined();
    const [stored] = await context.sql<{ notes: string }>(
      'select notes from appointment_requests order by id desc limit 1',
    );
    expect(stored?.notes).toBe('Ring twice\nthen wait\r\n\tthank you');
    expect(onlyError(await book(bookingInput({ promoCode: 'WELCOME\n15' })))).toEqual(refused('promoCode'));
  });

  it('registration and the profile update refuse a NUL in a name or an address', async () => {
    const register = (profile: Record<string, unknown>) =>
      new TestBrowser(context.app).post(operations.register, {
        marketplaceId: onSite.marketplace,
        email: `register${++emails}@example.com`,
        password: 'correct horse battery',
        profile,
      });
    expect(onlyError(await register({ givenName: 'Ada\u0000' }))).toEqual(refused('profile.givenName'));
    expect(onlyError(await register({ address: '1 Main St\u0000' }))).toEqual(refused('profile.address'));

    const client = await signedInClient(context.app, onSite.marketplace, `profile${++emails}@example.com`);
    const update = (input: Record<string, unknown>) =>
      client.browser.post(accountOperations.updateProfile, { mgId: '80', input });
    expect(onlyError(await update({ familyName: 'Love\u0000lace' }))).toEqual(refused('familyName'));
    expect(onlyError(await update({ address: '\u00001 Main St' }))).toEqual(refused('address'));
    // The profile is untouched, and a clean update still works.
    const { updateProfile } = await client.browser.data<{ updateProfile: { profile: { address: string } } }>(
      accountOperations.updateProfile,
      { mgId: '80', input: { address: '1 Main St' } },
    );
    expect(updateProfile.profile.address).toBe('1 Main St');
  });

  it('refuses before any SQL runs: an app on a closed database answers the same', async () => {
    const broken = await factory.create();
    try {
      const brokenApp = createApp({ db: broken.database, config: { nodeEnv: 'test' }, logging: false });
      await broken.database.close();
      const guestBrowser = new TestBrowser(brokenApp);
      expect(
        onlyError(
          await guestBrowser.post(checkoutOperations.summary, {
            input: { ...summaryInput, promoCode: '\u0000' },
          }),
        ),
      ).toEqual(refused('promoCode'));
      expect(
        onlyError(
          await guestBrowser.post(checkoutOperations.book, { input: bookingInput({ notes: '\u0000' }) }),
        ),
      ).toEqual(refused('notes'));
    } finally {
      await broken.dispose();
    }
  });
});
