import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../app';
import { developmentOperatorKey } from '../checkout';
import { migrate } from '../db/migrate';
import { loadIdentityConfig } from '../identity';
import { migratedDatabase, type TestDatabase, testDatabases } from '../test/databases';

const webhookSecret = 'whsec_test_atrium_webhooks';
const stripeConfig = {
  processor: 'stripe' as const,
  secretKey: 'sk_test_atrium',
  publishableKey: 'pk_test_atrium',
  webhookSecret,
};

let eventCount = 0;
/** A Stripe event as Stripe sends it (the parts the endpoint reads, plus the envelope). */
function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_test_${++eventCount}`) {
  return {
    id,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** Signed with the SDK's own test helper, as Stripe signs deliveries. */
function signed(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? webhookSecret,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
}

describe.each(testDatabases)('POST /webhooks/stripe on $name', (factory) => {
  let handle: TestDatabase;
  let app: App;
  beforeAll(async () => {
    handle = await migratedDatabase(factory);
    app = createApp({
      db: handle.database,
      config: {
        nodeEnv: 'test',
        identity: loadIdentityConfig({}, 'test'),
        checkout: { payments: stripeConfig, operatorKey: developmentOperatorKey },
      },
      logging: false,
    });
  });
  afterAll(() => handle.dispose());

  const deliver = (body: string, signature: string | null, init: RequestInit = {}) =>
    app.fetch('http://api.test/webhooks/stripe', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      body,
      ...init,
    });
  const rows = <Row extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
    handle.database.transaction((tx) => tx.query<Row>(text, params));
  const disputeEvent = (id?: string) =>
    stripeEvent(
      'charge.dispute.created',
      {
        id: `dp_test_${eventCount}`,
        object: 'dispute',
        amount: 12500,
        charge: 'ch_test_disputed',
        payment_intent: 'pi_test_disputed',
        reason: 'fraudulent',
        status: 'needs_response',
        created: 1_790_000_000,
      },
      id,
    );

  it('applies a signed event and records it', async () => {
    const event = disputeEvent();
    const body = JSON.stringify(event);
    const response = await deliver(body, signed(body));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('Received.');
    expect(await rows('select id, processor, type from processor_events where id = $1', [event.id])).toEqual([
      { id: event.id, processor: 'stripe', type: 'charge.dispute.created' },
    ]);
    expect(
      await rows('select amount_cents, reason, payment_reference from payment_disputes where id = $1', [
        event.data.object.id,
      ]),
    ).toEqual([{ amount_cents: 12500, reason: 'fraudulent', payment_reference: 'pi_test_disputed' }]);
  });

  it('processes a replayed event once, also when both deliveries arrive together', async () => {
    const event = disputeEvent();
    const body = JSON.stringify(event);
    const first = await deliver(body, signed(body));
    expect(await first.text()).toBe('Received.');
    // Stripe retries with a fresh signature of the same body.
    const replay = await deliver(body, signed(body));
    expect(replay.status).toBe(200);
    expect(await replay.text()).toBe('Already received.');

    const racing = disputeEvent();
    const racingBody = JSON.stringify(racing);
    const answers = await Promise.all(
      [1, 2, 3].map(async () => (await deliver(racingBody, signed(racingBody))).text()),
    );
    expect(answers.sort()).toEqual(['Already received.', 'Already received.', 'Received.']);
    const [counts] = await rows<{ events: number; disputes: number }>(
      `select (select count(*)::int from processor_events where id in ($1, $2)) as events,
              (select count(*)::int from payment_disputes where id in ($3, $4)) as disputes`,
      [event.id, racing.id, event.data.object.id, racing.data.object.id],
    );
    expect(counts).toEqual({ events: 2, disputes: 2 });
  });

  it('refuses a delivery whose signature does not verify, and applies nothing', async () => {
    const event = disputeEvent();
    const body = JSON.stringify(event);
    const refusals = [
      await deliver(body, null),
      await deliver(body, signed(body, { secret: 'whsec_someone_else' })),
      // Signed for another body (the amount changed on the way).
      await deliver(body.replace('12500', '1'), signed(body)),
      // A recorded delivery replayed after Stripe's 5 minutes' tolerance.
      await deliver(body, signed(body, { timestamp: Math.floor(Date.now() / 1000) - 600 })),
      await deliver(body, 't=1,v1=deadbeef'),
    ];
    for (const response of refusals) {
      expect(response.status).toBe(400);
      expect(await response.text()).toBe('Invalid signature.');
    }
    expect(await rows('select id from processor_events where id = $1', [event.id])).toEqual([]);
  });

  it('refuses a delivery signed more than 5 minutes ahead of our clock too, and accepts one within it', async () => {
    const now = Math.floor(Date.now() / 1000);
    const ahead = disputeEvent();
    const aheadBody = JSON.stringify(ahead);
    const refused = await deliver(aheadBody, signed(aheadBody, { timestamp: now + 600 }));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe('Invalid signature.');
    expect(await rows('select id from processor_events where id = $1', [ahead.id])).toEqual([]);
    // A minute of clock skew either way is fine.
    for (const timestamp of [now + 60, now - 60]) {
      const event = disputeEvent();
      const body = JSON.stringify(event);
      expect((await deliver(body, signed(body, { timestamp }))).status).toBe(200);
    }
  });

  it('refuses a signed event that is not of the shape Stripe sends with 400, applying nothing', async () => {
    const dispute = disputeEvent();
    const malformed: Record<string, unknown>[] = [
      { id: 'evt_test_no_data', object: 'event', type: 'charge.dispute.created' },
      { id: 'evt_test_null_data', object: 'event', type: 'payment_intent.succeeded', data: null },
      {
        id: 'evt_test_text_object',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: 'pi' },
      },
      { id: 7, object: 'event', type: 'customer.created', data: { object: {} } },
      { ...dispute, id: 'evt_test_amount', data: { object: { ...dispute.data.object, amount: 'lots' } } },
      { ...dispute, id: 'evt_test_no_id', data: { object: { ...dispute.data.object, id: undefined } } },
      stripeEvent('payment_intent.succeeded', { id: 42, object: 'payment_intent' }, 'evt_test_intent_id'),
      stripeEvent('charge.refunded', { id: 'ch_1', object: 'charge', refunded: 'yes' }, 'evt_test_refund'),
      stripeEvent('customer.created', { id: 'cus_\u0000' }, 'evt_test_\u0000'),
    ];
    for (const event of malformed) {
      const body = JSON.stringify(event);
      const response = await deliver(body, signed(body));
      expect(response.status, body).toBe(400);
      expect(await response.text()).toBe('Malformed event.');
    }
    // The one with NUL could not even be looked up (PostgreSQL refuses NUL in text).
    const ids = malformed
      .map((event) => event.id)
      .filter((id) => typeof id === 'string' && !id.includes('\u0000'));
    expect(await rows('select id from processor_events where id = any($1)', [ids])).toEqual([]);
  });

  it('records event types it does not act on, and refuses other methods and huge bodies', async () => {
    const event = stripeEvent('customer.created', { id: 'cus_test_1', object: 'customer' });
    const body = JSON.stringify(event);
    expect((await deliver(body, signed(body))).status).toBe(200);
    expect(await rows('select type from processor_events where id = $1', [event.id])).toEqual([
      { type: 'customer.created' },
    ]);

    const get = await app.fetch('http://api.test/webhooks/stripe');
    expect(get.status).toBe(405);
    const huge = JSON.stringify({ ...event, padding: 'x'.repeat(600 * 1024) });
    expect((await deliver(huge, signed(huge))).status).toBe(413);
  });
});

describe('POST /webhooks/stripe with the sandbox processor', () => {
  it('is not there (404): the sandbox sends no events', async () => {
    const [factory] = testDatabases;
    if (!factory) throw new Error('No test database.');
    const handle = await factory.create();
    try {
      await migrate(handle.database);
      const app = createApp({ db: handle.database, config: { nodeEnv: 'test' }, logging: false });
      const body = JSON.stringify(stripeEvent('payment_intent.succeeded', { id: 'pi_1' }));
      const response = await app.fetch('http://api.test/webhooks/stripe', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signed(body) },
        body,
      });
      expect(response.status).toBe(404);
    } finally {
      await handle.dispose();
    }
  });
});
