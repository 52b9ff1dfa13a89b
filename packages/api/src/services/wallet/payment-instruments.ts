import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../adapters/database/database';
import { paymentInstruments } from '../../db/schema';

export interface PaymentInstrumentView {
  id: string;
  brand: string;
  lastFour: string;
  expirationMonth: number;
  expirationYear: number;
  isPrimary: boolean;
}

/** A client's saved cards (not deleted): the primary card first, then the newest. */
export async function listPaymentInstruments(db: Db, userId: number): Promise<PaymentInstrumentView[]> {
  const rows = await db
    .select()
    .from(paymentInstruments)
    .where(and(eq(paymentInstruments.userId, userId), isNull(paymentInstruments.deletedAt)))
    .orderBy(
      desc(paymentInstruments.isPrimary),
      desc(paymentInstruments.createdAt),
      desc(paymentInstruments.id),
    );
  return rows.map((row) => ({
    id: String(row.id),
    brand: row.brand,
    lastFour: row.lastFour,
    expirationMonth: row.expirationMonth,
    expirationYear: row.expirationYear,
    isPrimary: row.isPrimary,
  }));
}
