import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOperations, signedInClient } from '../test/account';
import { type CheckoutTestContext, createCheckoutTestContext, newCard, TestBrowser } from '../test/checkout';
import { testDatabases } from '../test/databases';
import { cardErrorMessage } from './errors';

interface Wallet {
  primaryInstrumentId: string | null;
  paymentInstruments: { id: string; brand: string; lastFour: string; isPrimary: boolean }[];
}

describe.each(testDatabases)('wallet mutations on $name', (factory) => {
  let context: CheckoutTestContext;
  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
  });
  afterAll(() => context.handle.dispose());

  let emailCount = 0;
  const client = () => signedInClient(context.app, '80', `wallet${++emailCount}@example.com`);

  const addCard = async (browser: TestBrowser, number = '4242424242424242') => {
    const { createPaymentInstrument } = await browser.data<{
      createPaymentInstrument: { id: string; brand: string; lastFour: string; isPrimary: boolean };
    }>(accountOperations.createPaymentInstrument, {
      input: { save: true, ...(await newCard(browser, number)) },
    });
    return createPaymentInstrument;
  };
  const walletOf = async (browser: TestBrowser) =>
    (await browser.data<{ viewer: Wallet }>(accountOperations.wallet, { mgId: '80' })).viewer;
  const rowsOf = (userId: string) =>
    context.sql<{ id: number; is_primary: boolean; deleted: boolean; customer_reference: string }>(
      `select id, is_primary, deleted_at is not null as deleted, customer_reference
         from payment_instruments where user_id = $1 order by id`,
      [Number(userId)],
    );
  const setDefault = (browser: TestBrowser, id: string) =>
    browser.post<{ updatePrimaryPaymentInstrument: { id: string; isPrimary: boolean } }>(
      accountOperations.updatePrimaryPaymentInstrument,
      { paymentInstrumentId: id },
    );
  const remove = (browser: TestBrowser, id: string) =>
    browser.post<{ deletePaymentInstrument: boolean }>(accountOperations.deletePaymentInstrument, { id });

  it('saves the first card as primary and the next ones not, for the same processor customer', async () => {
    const { browser, userId } = await client();
    const visa = await addCard(browser);
    expect(visa).toEqual({
      id: expect.stringMatching(/^\d+$/),
      brand: 'VISA',
      lastFour: '4242',
      expirationMonth: 12,
      expirationYear: new Date().getFullYear() + 3,
      isPrimary: true,
    });
    const mastercard = await addCard(browser, '5555555555554444');
    expect(mastercard).toMatchObject({ brand: 'MASTERCARD', lastFour: '4444', isPrimary: false });

    expect(await walletOf(browser)).toEqual({
      primaryInstrumentId: visa.id,
      paymentInstruments: [
        { id: visa.id, brand: 'VISA', lastFour: '4242', isPrimary: true },
        { id: mastercard.id, brand: 'MASTERCARD', lastFour: '4444', isPrimary: false },
      ],
    });
    const rows = await rowsOf(userId);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.customer_reference).toBe(rows[0]?.customer_reference);
  });

  it('sets another card as the default, leaving exactly one primary card', async () => {
    const { browser, userId } = await client();
    const first = await addCard(browser);
    const second = await addCard(browser, '5555555555554444');

    const response = await setDefault(browser, second.id);
    expect(response.body).toEqual({
      data: { updatePrimaryPaymentInstrument: { id: second.id, isPrimary: true } },
    });
    expect(await walletOf(browser)).toMatchObject({
      primaryInstrumentId: second.id,
      paymentInstruments: [
        { id: second.id, isPrimary: true },
        { id: first.id, isPrimary: false },
      ],
    });
    // Setting the primary card again changes nothing.
    expect((await setDefault(browser, second.id)).body.data?.updatePrimaryPaymentInstrument.isPrimary).toBe(
      true,
    );
    expect((await rowsOf(userId)).filter((row) => row.is_primary)).toEqual([
      expect.objectContaining({ id: Number(second.id) }),
    ]);
  });

  it('deletes cards softly; deleting the primary card makes the newest remaining card primary', async () => {
    const { browser, userId } = await client();
    const oldest = await addCard(browser);
    const middle = await addCard(browser, '5555555555554444');
    const newest = await addCard(browser, '378282246310005');
    await setDefault(browser, middle.id);

    expect((await remove(browser, middle.id)).body).toEqual({ data: { deletePaymentInstrument: true } });
    expect(await walletOf(browser)).toMatchObject({
      primaryInstrumentId: newest.id,
      paymentInstruments: [
        { id: newest.id, isPrimary: true },
        { id: oldest.id, isPrimary: false },
      ],
    });

    // A card that is not primary goes without moving the primary.
    await remove(browser, oldest.id);
    expect(await walletOf(browser)).toMatchObject({
      primaryInstrumentId: newest.id,
      paymentInstruments: [{ id: newest.id, isPrimary: true }],
    });

    await remove(browser, newest.id);
    expect(await walletOf(browser)).toEqual({ primaryInstrumentId: null, paymentInstruments: [] });
    // Kept for past payments, marked deleted.
    expect((await rowsOf(userId)).map((row) => row.deleted)).toEqual([true, true, true]);

    // A deleted card is gone from the wallet for good.
    expect(await browser.error(accountOperations.deletePaymentInstrument, { id: newest.id })).toEqual({
      message: `Payment instrument ${newest.id} is not one of your saved cards.`,
      code: 'NOT_FOUND',
    });
    expect(
      await browser.error(accountOperations.updatePrimaryPaymentInstrument, {
        paymentInstrumentId: oldest.id,
      }),
    ).toEqual({
      message: `Payment instrument ${oldest.id} is not one of your saved cards.`,
      code: 'NOT_FOUND',
    });
  });

  it("refuses another client's card for delete and set-default with NOT_FOUND, leaving it as it was", async () => {
    const owner = await client();
    const card = await addCard(owner.browser);
    const { browser } = await client();
    const own = await addCard(browser);

    expect(await browser.error(accountOperations.deletePaymentInstrument, { id: card.id })).toEqual({
      message: `Payment instrument ${card.id} is not one of your saved cards.`,
      code: 'NOT_FOUND',
    });
    expect(
      await browser.error(accountOperations.updatePrimaryPaymentInstrument, { paymentInstrumentId: card.id }),
    ).toEqual({
      message: `Payment instrument ${card.id} is not one of your saved cards.`,
      code: 'NOT_FOUND',
    });
    expect(await rowsOf(owner.userId)).toEqual([
      expect.objectContaining({ id: Number(card.id), is_primary: true, deleted: false }),
    ]);
    expect((await walletOf(browser)).primaryInstrumentId).toBe(own.id);
  });

  it('refuses a declined card with PAYMENT_DECLINED and saves nothing', async () => {
    const { browser, userId } = await client();
    expect(
      await browser.error(accountOperations.createPaymentInstrument, {
        input: { save: true, ...(await newCard(browser, '4000000000000002')) },
      }),
    ).toEqual({ message: 'Your card was declined.', code: 'PAYMENT_DECLINED' });
    expect(await rowsOf(userId)).toEqual([]);
  });

  it('refuses a token the processor does not know with the card form message', async () => {
    const { browser, userId } = await client();
    const { card } = await newCard(browser);
    expect(
      await browser.error(accountOperations.createPaymentInstrument, {
        input: { save: true, card: { ...card, token: 'tok_sandbox_unknown' } },
      }),
    ).toEqual({ message: cardErrorMessage, code: 'BAD_USER_INPUT' });
    expect(await rowsOf(userId)).toEqual([]);
  });

  it('refuses save: false (a card added to the wallet is always saved) and saves nothing', async () => {
    const { browser, userId } = await client();
    expect(
      await browser.error(accountOperations.createPaymentInstrument, {
        input: { save: false, ...(await newCard(browser)) },
      }),
    ).toEqual({
      message: 'A card added to the wallet is always saved: save must be true.',
      code: 'BAD_USER_INPUT',
    });
    expect(await rowsOf(userId)).toEqual([]);
  });

  it('answers UNAUTHENTICATED to every wallet change without a session', async () => {
    const owner = await client();
    const card = await addCard(owner.browser);
    const stranger = new TestBrowser(context.app);
    const unauthenticated = { message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' };
    expect(
      await stranger.error(accountOperations.createPaymentInstrument, {
        input: { save: true, ...(await newCard(stranger)) },
      }),
    ).toEqual(unauthenticated);
    expect(await stranger.error(accountOperations.deletePaymentInstrument, { id: card.id })).toEqual(
      unauthenticated,
    );
    expect(
      await stranger.error(accountOperations.updatePrimaryPaymentInstrument, {
        paymentInstrumentId: card.id,
      }),
    ).toEqual(unauthenticated);
    expect(await rowsOf(owner.userId)).toEqual([
      expect.objectContaining({ is_primary: true, deleted: false }),
    ]);
  });

  it('makes only one of two cards added at the same moment primary', async () => {
    const { browser, userId } = await client();
    const inputs = await Promise.all([newCard(browser), newCard(browser, '5555555555554444')]);
    const results = await Promise.all(
      inputs.map((input) =>
        browser.data<{ createPaymentInstrument: { isPrimary: boolean } }>(
          accountOperations.createPaymentInstrument,
          { input: { save: true, ...input } },
        ),
      ),
    );
    expect(results.map((result) => result.createPaymentInstrument.isPrimary).sort()).toEqual([false, true]);
    expect((await rowsOf(userId)).filter((row) => row.is_primary)).toHaveLength(1);
  });
});
