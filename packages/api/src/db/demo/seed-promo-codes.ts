import { sql } from 'drizzle-orm';
import { promoCodes } from '../../checkout';
import type { Db } from '../../kernel/database/database';

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

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
  /** Set for codes with a usage limit; otherwise the redemptions counted so far are kept. */
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
 * Upserts the demo promo codes by marketplace and code. Other codes of the demo marketplaces are kept,
 * since appointment requests may refer to them; a code without a usage limit keeps its count.
 */
export async function seedDemoPromoCodes(tx: Transaction, marketplaceIds: number[]): Promise<void> {
  for (const promo of demoPromoCodes) {
    if (!marketplaceIds.includes(promo.marketplaceId)) continue;
    const { timesUsed, ...definition } = promo;
    await tx
      .insert(promoCodes)
      .values({ ...definition, timesUsed: timesUsed ?? 0 })
      .onConflictDoUpdate({
        target: [promoCodes.marketplaceId, promoCodes.code],
        set: {
          kind: definition.kind,
          value: definition.value,
          procedureIds: definition.procedureIds,
          validFrom: definition.validFrom,
          validUntil: definition.validUntil,
          usageLimit: definition.usageLimit,
          timesUsed: timesUsed ?? sql`${promoCodes.timesUsed}`,
        },
      });
  }
}
