import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, type UserRow } from '../../identity';
import { loadMarketplace, type MarketplaceRow } from '../../kernel/marketplaces';
import { brooklyn, type CheckoutTestContext, createCheckoutTestContext } from '../../test/checkout';
import { testDatabases } from '../../test/databases';
import { membershipFixture } from '../../test/memberships';
import { loadCart } from '../cart-pricing';
import type { BookingPlace } from './booking-request';
import type { BookingClient } from './client';
import { priceBooking, travelFeeCents } from './price';

const clinic: BookingPlace = { organizationId: 801 };
const home: BookingPlace = {
  address: brooklyn.address,
  location: { latitude: brooklyn.latitude, longitude: brooklyn.longitude },
};

describe('travelFeeCents', () => {
  const atHome = { providesAtHome: true, travelFeeCents: 2500 };
  it("charges an at-home visit the marketplace's travel fee, and a clinic visit none", () => {
    expect(travelFeeCents(home, atHome)).toBe(2500);
    expect(travelFeeCents(clinic, atHome)).toBe(0);
  });

  it('charges nothing for an address when the marketplace makes no home visits', () => {
    expect(travelFeeCents(home, { providesAtHome: false, travelFeeCents: 2500 })).toBe(0);
  });
});

describe.each(testDatabases)('priceBooking on $name', (factory) => {
  let context: CheckoutTestContext;
  let member: UserRow;
  const marketplaces = new Map<number, MarketplaceRow>();
  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    const { database } = context.handle;
    await database.transaction((tx) => tx.exec(membershipFixture));
    const inserted = await insertUser(database.db, {
      mgId: 80,
      email: 'member@example.com',
      now: new Date(),
    });
    if (!inserted) throw new Error('The member was not inserted.');
    member = inserted;
    // Test Club: 15% off Drip and Shot.
    await context.sql(
      `insert into memberships (user_id, membership_definition_id, marketplace_id, status, renewal_date)
         values ($1, 8001, 80, 'Active', '2099-01-01')`,
      [member.id],
    );
    for (const id of [80, 83]) marketplaces.set(id, await loadMarketplace(database.db, id));
  });
  afterAll(() => context.handle.dispose());

  const price = async (
    client: BookingClient,
    request: {
      marketplaceId?: number;
      place?: BookingPlace;
      promoCode?: string | null;
      gratuityCents?: number;
    },
  ) => {
    const marketplace = marketplaces.get(request.marketplaceId ?? 80);
    if (!marketplace) throw new Error('Unknown marketplace.');
    const { db } = context.handle.database;
    const procedureIds = [marketplace.id * 100 + 1];
    return priceBooking(db, {
      marketplace,
      client,
      cart: await loadCart(db, marketplace.id, procedureIds),
      request: {
        place: request.place ?? clinic,
        procedureIds,
        membershipDefinitionId: null,
        promoCode: request.promoCode ?? null,
        gratuityCents: request.gratuityCents ?? 0,
      },
      now: new Date(),
    });
  };
  const guest: BookingClient = {
    kind: 'new',
    register: {
      email: 'guest@example.com',
      profile: {
        givenName: 'G',
        familyName: 'H',
        phone: '+12125550123',
        dob: '1990-01-01',
        tzid: 'America/New_York',
        emailOptIn: false,
        phoneOptIn: false,
      },
    },
  };

  it("gives a signed-in member their membership's discount", async () => {
    const { benefits, summary, due } = await price({ kind: 'signed-in', user: member }, {});
    expect(benefits.membershipId).not.toBeNull();
    expect(summary.membership).toEqual([1852, 2250]);
    expect(summary.total).toEqual([10493, 12750]);
    expect(due).toBe(0);
  });

  it("gives no benefits to a guest, also one who gives a member's email", async () => {
    for (const client of [guest, { kind: 'existing', user: member } as const]) {
      const { benefits, summary } = await price(client, {});
      expect(benefits).toEqual({ membershipId: null, membershipDiscounts: [], packageCredits: [] });
      expect(summary.total).toEqual([12345, 15000]);
    }
  });

  it('takes a promo code as typed in any case and with spaces around it', async () => {
    const { promo, summary } = await price(guest, { promoCode: '  welcome15 ' });
    expect(promo?.code).toBe('WELCOME15');
    expect(summary.promoCode).toEqual([1852, 2250]);
    expect(summary.total).toEqual([10493, 12750]);
  });

  it.each([
    ['an unknown code', 'NOPE', 'Invalid promo code'],
    ['a code longer than any can be', 'WELCOME15WELCOME', 'Invalid promo code'],
    ['an expired code', 'EXPIRED10', 'This promo code has expired.'],
    ['a code used up', 'USEDUP5', 'This promo code has reached its usage limit.'],
  ])('refuses %s with its message', async (_, promoCode, message) => {
    await expect(price(guest, { promoCode })).rejects.toThrow(message);
  });

  it('adds the travel fee to an at-home visit', async () => {
    const { summary } = await price(guest, { place: home });
    expect(summary.travelFee).toEqual([2500, 2500]);
    expect(summary.total).toEqual([14845, 17500]);
  });

  it('is due on confirmation in full where the marketplace collects then, tip included', async () => {
    const { summary, due } = await price(guest, { marketplaceId: 83, gratuityCents: 1000 });
    expect(summary.total).toEqual([13345, 16000]);
    expect(due).toBe(13345);
  });
});
