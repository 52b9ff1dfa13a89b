import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxProcessor } from '../payments';
import { accountOperations } from '../test/account';
import { type CheckoutTestContext, createCheckoutTestContext } from '../test/checkout';
import { testDatabases } from '../test/databases';
import { addCard, memberClient, membershipFixture, subscribe } from '../test/memberships';
import { noCardOnFile } from './membership-charges';
import { addPeriod, utcDate } from './periods';
import { type RenewalPorts, renewDueMemberships } from './renewals';

describe.each(testDatabases)('membership renewals on $name', (factory) => {
  let context: CheckoutTestContext;
  let ports: RenewalPorts;
  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    await context.handle.database.transaction((tx) => tx.exec(membershipFixture));
    const db = context.handle.database.db;
    ports = { db, payments: { processor: createSandboxProcessor(db) }, clock: () => new Date() };
  });
  afterAll(() => context.handle.dispose());

  const today = () => utcDate(new Date());

  /** An Active Test Club membership (monthly $99.00) whose renewal date was yesterday. */
  async function dueMembership(cardNumber = '4242424242424242') {
    const client = await memberClient(context, cardNumber);
    const membership = await subscribe(client.browser, client.cardId ?? '');
    expect(membership.renewalDate).toBe(addPeriod(today(), 'monthly'));
    const dueDate = yesterday();
    await context.sql('update memberships set renewal_date = $2 where id = $1', [
      Number(membership.id),
      dueDate,
    ]);
    return { ...client, membershipId: Number(membership.id), dueDate };
  }
  const yesterday = () => utcDate(new Date(Date.now() - 86_400_000));

  const stateOf = async (membershipId: number) => {
    const [membership] = await context.sql<{ status: string; renewal_date: string }>(
      `select status, to_char(renewal_date, 'YYYY-MM-DD') as renewal_date from memberships where id = $1`,
      [membershipId],
    );
    const charges = await context.sql<{
      period_start: string;
      status: string;
      attempts: number;
      amount_cents: number;
      failure_reason: string | null;
    }>(
      `select to_char(period_start, 'YYYY-MM-DD') as period_start, status, attempts, amount_cents, failure_reason
         from membership_charges where membership_id = $1 order by period_start`,
      [membershipId],
    );
    const [processor] = await context.sql<{ charges: number }>(
      `select count(*)::int as charges from sandbox_charges where idempotency_key like $1`,
      [`atrium-membership-${membershipId}-%`],
    );
    const [items] = await context.sql<{ items: number }>(
      'select count(*)::int as items from package_items where membership_id = $1',
      [membershipId],
    );
    return { ...membership, charges, processorCharges: processor?.charges, items: items?.items };
  };

  it('charges a due membership once, advances the renewal date one period and grants its package', async () => {
    const { membershipId, dueDate } = await dueMembership();
    const report = await renewDueMemberships(ports);
    expect(report.failed).toEqual([]);
    expect(report.renewed).toBeGreaterThanOrEqual(1);
    const after = await stateOf(membershipId);
    expect(after).toMatchObject({
      status: 'Active',
      renewal_date: addPeriod(dueDate, 'monthly'),
      processorCharges: 1,
      items: 2,
    });
    expect(after.charges).toContainEqual({
      period_start: dueDate,
      status: 'succeeded',
      attempts: 1,
      amount_cents: 9900,
      failure_reason: null,
    });

    // A second run finds nothing due for it.
    await renewDueMemberships(ports);
    expect(await stateOf(membershipId)).toEqual(after);
  });

  it('never charges a period twice when two runs overlap', async () => {
    const { membershipId, dueDate } = await dueMembership();
    // Counts what is asked of the processor, not only what it charged (it would answer a repeated key
    // with the first charge).
    const asked: string[] = [];
    const processor = ports.payments.processor;
    const counting: RenewalPorts = {
      ...ports,
      payments: {
        processor: {
          ...processor,
          charge: (input) => {
            asked.push(input.idempotencyKey);
            return processor.charge(input);
          },
        },
      },
    };
    await Promise.all([
      renewDueMemberships(counting),
      renewDueMemberships(counting),
      renewDueMemberships(counting),
    ]);
    expect(asked.filter((key) => key.startsWith(`atrium-membership-${membershipId}-`))).toEqual([
      `atrium-membership-${membershipId}-${dueDate}-attempt-1`,
    ]);
    const after = await stateOf(membershipId);
    expect(after).toMatchObject({
      renewal_date: addPeriod(dueDate, 'monthly'),
      processorCharges: 1,
      items: 2,
    });
    expect(after.charges.filter((charge) => charge.period_start === dueDate)).toHaveLength(1);
  });

  const hoursLater = (hours: number): RenewalPorts => ({
    ...ports,
    clock: () => new Date(Date.now() + hours * 3_600_000),
  });

  it('records a declined renewal and keeps the membership Active with its date, then retries after the backoff', async () => {
    const { browser, membershipId, dueDate } = await dueMembership();
    const declining = await addCard(browser, '4000000000009995');
    await browser.data(accountOperations.updatePrimaryPaymentInstrument, { paymentInstrumentId: declining });

    const report = await renewDueMemberships(ports);
    expect(report.failed).toContainEqual({ membershipId, reason: 'Your card has insufficient funds.' });
    const declined = await stateOf(membershipId);
    expect(declined).toMatchObject({ status: 'Active', renewal_date: dueDate, items: 1 });
    expect(declined.charges).toContainEqual({
      period_start: dueDate,
      status: 'failed',
      attempts: 1,
      amount_cents: 9900,
      failure_reason: 'Your card has insufficient funds.',
    });

    const good = await addCard(browser, '4242424242424242');
    await browser.data(accountOperations.updatePrimaryPaymentInstrument, { paymentInstrumentId: good });
    await renewDueMemberships(ports);
    expect((await stateOf(membershipId)).renewal_date).toBe(dueDate);
    await renewDueMemberships(hoursLater(1.1));
    const renewed = await stateOf(membershipId);
    expect(renewed).toMatchObject({
      status: 'Active',
      renewal_date: addPeriod(dueDate, 'monthly'),
      items: 2,
    });
    expect(renewed.charges).toContainEqual(
      expect.objectContaining({
        period_start: dueDate,
        status: 'succeeded',
        attempts: 2,
        failure_reason: null,
      }),
    );
  });

  it('records a renewal without a card as failed without asking the processor', async () => {
    const { browser, cardId, membershipId, dueDate } = await dueMembership();
    await browser.data(accountOperations.deletePaymentInstrument, { id: cardId });
    const report = await renewDueMemberships(ports);
    expect(report.failed).toContainEqual({ membershipId, reason: noCardOnFile });
    expect(await stateOf(membershipId)).toMatchObject({
      status: 'Active',
      renewal_date: dueDate,
      processorCharges: 0,
    });
  });

  it('does not charge Cancelled memberships', async () => {
    const { membershipId, dueDate } = await dueMembership();
    await context.sql(`update memberships set status = 'Cancelled' where id = $1`, [membershipId]);
    await renewDueMemberships(ports);
    expect(await stateOf(membershipId)).toMatchObject({
      status: 'Cancelled',
      renewal_date: dueDate,
      processorCharges: 0,
    });
  });

  it('backs off a card that keeps declining: 1 hour, then 2, then 4 …, not every run', async () => {
    const { browser, membershipId } = await dueMembership();
    const declining = await addCard(browser, '4000000000009995');
    await browser.data(accountOperations.updatePrimaryPaymentInstrument, { paymentInstrumentId: declining });
    const attempts = async () => (await stateOf(membershipId)).charges[0]?.attempts;

    await renewDueMemberships(ports);
    expect(await attempts()).toBe(1);
    await renewDueMemberships(hoursLater(0.5));
    expect(await attempts()).toBe(1);
    const second = hoursLater(1.1);
    await renewDueMemberships(second);
    expect(await attempts()).toBe(2);
    // The second failure was recorded at +1.1 h: the next try is two hours after it.
    await context.sql('update membership_charges set updated_at = $2 where membership_id = $1', [
      membershipId,
      second.clock(),
    ]);
    await renewDueMemberships(hoursLater(2.5));
    expect(await attempts()).toBe(2);
    await renewDueMemberships(hoursLater(3.2));
    expect(await attempts()).toBe(3);
    expect(await stateOf(membershipId)).toMatchObject({ status: 'Active', renewal_date: expect.any(String) });
  });

  it('takes at most `limit` memberships in one run, oldest renewal date first, and the rest next run', async () => {
    const older = await dueMembership();
    const newer = await dueMembership();
    const twoDaysAgo = utcDate(new Date(Date.now() - 2 * 86_400_000));
    await context.sql('update memberships set renewal_date = $2 where id = $1', [
      older.membershipId,
      twoDaysAgo,
    ]);

    const first = await renewDueMemberships(ports, { limit: 1 });
    expect(first.renewed).toBe(1);
    expect((await stateOf(older.membershipId)).renewal_date).toBe(addPeriod(twoDaysAgo, 'monthly'));
    expect((await stateOf(newer.membershipId)).renewal_date).toBe(newer.dueDate);

    await renewDueMemberships(ports, { limit: 1 });
    expect((await stateOf(newer.membershipId)).renewal_date).toBe(addPeriod(newer.dueDate, 'monthly'));
  });
});
