import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, type UserRow } from '../../identity';
import type { Db } from '../../kernel/database/database';
import type { Payments, SavedCard } from '../../payments';
import { type CheckoutTestContext, createCheckoutTestContext } from '../../test/checkout';
import { testDatabases } from '../../test/databases';
import type { BookingClient } from './client';
import { checkPaymentMethod, recordPaymentMethod } from './payment-method';

const sandbox = { processor: { name: 'sandbox' } } as unknown as Payments;
const stripe = { processor: { name: 'stripe' } } as unknown as Payments;
/** A card the processor saved, known by its last four digits. */
const cardEnding = (lastFour: string): SavedCard => ({
  customerReference: 'cus_test',
  processorReference: `pm_${lastFour}`,
  brand: 'VISA',
  lastFour,
  expirationMonth: 12,
  expirationYear: 2040,
});

describe.each(testDatabases)('the payment method of a booking, on $name', (factory) => {
  let context: CheckoutTestContext;
  let db: Db;
  let owner: UserRow;
  let other: UserRow;
  let ownersCard: number;
  let deletedCard: number;
  const insertClient = async (email: string) => {
    const user = await insertUser(db, { mgId: 80, email, now: new Date() });
    if (!user) throw new Error('The client was not inserted.');
    return user;
  };
  const insertCard = async (userId: number, reference: string, deleted: boolean) => {
    const [row] = await context.sql<{ id: number }>(
      `insert into payment_instruments (user_id, processor, customer_reference, processor_reference, brand,
                                        last_four, expiration_month, expiration_year, deleted_at)
         values ($1, 'sandbox', 'cus_1', $2, 'VISA', '4242', 12, 2040, case when $3 then now() end)
         returning id`,
      [userId, reference, deleted],
    );
    if (!row) throw new Error('The card was not inserted.');
    return row.id;
  };
  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    db = context.handle.database.db;
    owner = await insertClient('owner@example.com');
    other = await insertClient('other@example.com');
    ownersCard = await insertCard(owner.id, 'pm_1', false);
    deletedCard = await insertCard(owner.id, 'pm_2', true);
  });
  afterAll(() => context.handle.dispose());

  const signedIn = (user: UserRow): BookingClient => ({ kind: 'signed-in', user });
  const notYourCard = 'This payment method is not available. Please choose another card.';

  describe('checkPaymentMethod', () => {
    it("takes the signed-in client's own saved card", async () => {
      expect(
        await checkPaymentMethod(
          { db, payments: sandbox },
          signedIn(owner),
          { paymentInstrumentId: ownersCard },
          0,
        ),
      ).toEqual({ kind: 'saved', paymentInstrumentId: ownersCard });
    });

    it("refuses another client's card, a deleted card and a card of another processor", async () => {
      // Each attempt starts only when awaited: a refusal settling before its turn would be unhandled.
      const attempts = [
        () =>
          checkPaymentMethod(
            { db, payments: sandbox },
            signedIn(other),
            { paymentInstrumentId: ownersCard },
            0,
          ),
        () =>
          checkPaymentMethod(
            { db, payments: sandbox },
            signedIn(owner),
            { paymentInstrumentId: deletedCard },
            0,
          ),
        () =>
          checkPaymentMethod(
            { db, payments: stripe },
            signedIn(owner),
            { paymentInstrumentId: ownersCard },
            0,
          ),
      ];
      for (const attempt of attempts) await expect(attempt()).rejects.toThrow(notYourCard);
    });

    it('refuses a saved card to a guest, also one who gives its owner’s email', async () => {
      const guest: BookingClient = { kind: 'existing', user: owner };
      await expect(
        checkPaymentMethod({ db, payments: sandbox }, guest, { paymentInstrumentId: ownersCard }, 0),
      ).rejects.toThrow(notYourCard);
    });

    it('asks for a payment method only when something is due on confirmation', async () => {
      await expect(checkPaymentMethod({ db, payments: sandbox }, signedIn(owner), null, 1)).rejects.toThrow(
        'Please select a payment method before proceeding.',
      );
      expect(await checkPaymentMethod({ db, payments: sandbox }, signedIn(owner), null, 0)).toEqual({
        kind: 'none',
      });
    });
  });

  describe('recordPaymentMethod', () => {
    const walletOf = (userId: number) =>
      context.sql<{ last_four: string; is_primary: boolean; deleted: boolean }>(
        `select last_four, is_primary, deleted_at is not null as deleted from payment_instruments
           where user_id = $1 order by id`,
        [userId],
      );

    it("keeps a new card entered as a guest for an existing client's account out of their wallet", async () => {
      const method = { kind: 'new-card', card: cardEnding('0001') } as const;
      const id = await db.transaction((tx) =>
        recordPaymentMethod(tx, 'sandbox', {
          client: { kind: 'existing', user: other },
          user: other,
          method,
          now: new Date(),
        }),
      );
      expect(id).toEqual(expect.any(Number));
      expect(await walletOf(other.id)).toEqual([{ last_four: '0001', is_primary: false, deleted: true }]);
    });

    it('lists a new card in the wallet of the client who books, the first one as primary', async () => {
      const email = 'new-guest@example.com';
      const guest = await insertClient(email);
      const profile = {
        givenName: 'Nia',
        familyName: 'New',
        phone: '+12125550123',
        dob: '1990-01-01',
        tzid: 'America/New_York',
        emailOptIn: false,
        phoneOptIn: false,
      };
      const client: BookingClient = { kind: 'new', register: { email, profile } };
      const method = { kind: 'new-card', card: cardEnding('0002') } as const;
      await db.transaction((tx) =>
        recordPaymentMethod(tx, 'sandbox', { client, user: guest, method, now: new Date() }),
      );
      expect(await walletOf(guest.id)).toEqual([{ last_four: '0002', is_primary: true, deleted: false }]);
    });

    it('records a saved card as it is, and no card as none', async () => {
      const base = { client: signedIn(owner), user: owner, now: new Date() };
      expect(
        await recordPaymentMethod(db, 'sandbox', {
          ...base,
          method: { kind: 'saved', paymentInstrumentId: ownersCard },
        }),
      ).toBe(ownersCard);
      expect(await recordPaymentMethod(db, 'sandbox', { ...base, method: { kind: 'none' } })).toBeNull();
    });
  });
});
