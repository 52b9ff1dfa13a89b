import { eq } from 'drizzle-orm';
import type { Db } from './database/database';
import { NotFoundError } from './errors';
import { largestId } from './id-input';
import { marketplaces } from './tables';

export type MarketplaceRow = typeof marketplaces.$inferSelect;

/** One marketplace's row, or NOT_FOUND: the tenant every priced or charged request belongs to. */
export async function loadMarketplace(db: Db, marketplaceId: number): Promise<MarketplaceRow> {
  const notFound = new NotFoundError(`Marketplace ${marketplaceId} was not found.`);
  if (marketplaceId > largestId) throw notFound;
  const [row] = await db.select().from(marketplaces).where(eq(marketplaces.id, marketplaceId));
  if (!row) throw notFound;
  return row;
}
