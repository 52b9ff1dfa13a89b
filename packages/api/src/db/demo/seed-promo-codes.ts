import { promoCodeOffer } from '@atrium/domain';
import { and, eq } from 'drizzle-orm';
import { promoCodes } from '../../checkout';
import { staffCreatePromoCode, staffUpdatePromoCode } from '../../staff';
import { type SeedContext, sameValues } from './seed-context';

export interface DemoPromoCode {
  marketplaceId: number;
  code: string;
  kind: 'percentage' | 'fixed';
  /** Percent for percentage codes, cents for fixed ones. */
  value: number;
  /** The procedures it is limited to; null for the whole cart. */
  procedureIds: number[] | null;
  validFrom: Date | null;
  validUntil: Date | null;
  usageLimit: number | null;
  /** The redemptions a code starts with (the used-up code's); 0 when absent. */
  timesUsed?: number;
}

const openCode = { procedureIds: null, validFrom: null, validUntil: null, usageLimit: null };

/**
 * The demo promo codes. Marketplace 1 (Glow Mobile IV) has one for every answer of validatePromoCode;
 * the others have WELCOME15. IVONLY10 covers Myers' Cocktail, Hydration Boost IV and Immunity
 * Defense IV only. EXPIRED10's window is fixed in the past so seeding stays deterministic.
 */
export const demoPromoCodes: DemoPromoCode[] = [
  { marketplaceId: 1, code: 'WELCOME15', kind: 'percentage', value: 15, ...openCode },
  { marketplaceId: 1, code: 'SAVE20', kind: 'fixed', value: 2000, ...openCode },
  {
    marketplaceId: 1,
    code: 'IVONLY10',
    kind: 'percentage',
    value: 10,
    ...openCode,
    procedureIds: [1001, 1002, 1003],
  },
  {
    marketplaceId: 1,
    code: 'EXPIRED10',
    kind: 'percentage',
    value: 10,
    ...openCode,
    validFrom: new Date('2024-01-01T00:00:00Z'),
    validUntil: new Date('2025-01-01T00:00:00Z'),
  },
  {
    marketplaceId: 1,
    code: 'USEDUP5',
    kind: 'fixed',
    value: 500,
    ...openCode,
    usageLimit: 50,
    timesUsed: 50,
  },
  { marketplaceId: 2, code: 'WELCOME15', kind: 'percentage', value: 15, ...openCode },
  { marketplaceId: 3, code: 'WELCOME15', kind: 'percentage', value: 15, ...openCode },
];

/**
 * Writes the demo promo codes through the Offers section's services, found by marketplace and code:
 * created when missing (a used-up code with its redemptions), else changed where they differ from the
 * demo's. Other codes of the demo marketplaces are kept, since appointment requests may refer to them,
 * and a code's redemptions are never reset.
 */
export async function seedDemoPromoCodes(context: SeedContext, marketplaceIds: number[]): Promise<void> {
  for (const promo of demoPromoCodes.filter((candidate) =>
    marketplaceIds.includes(candidate.marketplaceId),
  )) {
    const offer = promoCodeOffer.parse({
      code: promo.code,
      kind: promo.kind,
      value: promo.value,
      serviceIds: promo.procedureIds?.map(String) ?? null,
      minimumOrder: null,
      startsAt: promo.validFrom?.toISOString() ?? null,
      endsAt: promo.validUntil?.toISOString() ?? null,
      usageLimit: promo.usageLimit,
      perClientLimit: null,
    });
    const { marketplaceId } = promo;
    const [row] = await context.db
      .select()
      .from(promoCodes)
      .where(and(eq(promoCodes.marketplaceId, marketplaceId), eq(promoCodes.code, offer.code)));
    if (!row) await staffCreatePromoCode(context, { marketplaceId, offer }, promo.timesUsed);
    else if (!sameValues(storedOffer(row), offer)) {
      await staffUpdatePromoCode(context, { marketplaceId, id: row.id, offer });
    }
  }
}

/** A stored code as the offer the console would send for it. */
function storedOffer(row: typeof promoCodes.$inferSelect) {
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    serviceIds: row.procedureIds?.map(String) ?? null,
    minimumOrder: row.minimumOrderCents,
    startsAt: row.validFrom?.toISOString() ?? null,
    endsAt: row.validUntil?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    perClientLimit: row.perClientLimit,
  };
}
