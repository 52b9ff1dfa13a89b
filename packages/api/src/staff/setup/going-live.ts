// The owner opens the marketplace to clients once the required setup steps are done, and may close
// it again; each is a console change with its activity-log row.
import { eq } from 'drizzle-orm';
import type { Db } from '../../kernel/database/database';
import { marketplaces } from '../../kernel/tables';
import type { StaffContext } from '../access';
import { changeAsStaff } from '../changes';
import { type MarketplaceSetupView, marketplaceSetup } from './checklist';
import { marketplaceSetups } from './tables';

/** Going live while a required step is missing: SETUP_INCOMPLETE. */
export class SetupIncompleteError extends Error {
  override readonly name = 'SetupIncompleteError';
}

async function marketplaceSubject(tx: Db, marketplaceId: number): Promise<string> {
  const [row] = await tx
    .select({ name: marketplaces.name })
    .from(marketplaces)
    .where(eq(marketplaces.id, marketplaceId));
  return `Marketplace “${row?.name ?? marketplaceId}”`;
}

/** Makes the marketplace live, or SETUP_INCOMPLETE naming the required steps still missing. */
export function makeMarketplaceLive(
  context: StaffContext,
  marketplaceId: number,
): Promise<MarketplaceSetupView> {
  return changeAsStaff(context, marketplaceId, 'makeMarketplaceLive', 'marketplace.goLive', async (tx) => {
    const setup = await marketplaceSetup(tx, marketplaceId);
    const missing = setup.steps.filter((step) => step.required && !step.done);
    if (missing.length > 0) {
      const names = missing.map((step) => step.title.toLowerCase()).join(', ');
      throw new SetupIncompleteError(`Finish the setup before going live: ${names}.`);
    }
    await tx.update(marketplaces).set({ isLive: true }).where(eq(marketplaces.id, marketplaceId));
    return {
      subject: await marketplaceSubject(tx, marketplaceId),
      before: { isLive: setup.isLive },
      after: { isLive: true },
      result: { ...setup, isLive: true },
    };
  });
}

/** Closes the marketplace to new bookings; requests already made stand. */
export function takeMarketplaceOffline(
  context: StaffContext,
  marketplaceId: number,
): Promise<MarketplaceSetupView> {
  return changeAsStaff(context, marketplaceId, 'makeMarketplaceLive', 'marketplace.goOffline', async (tx) => {
    const setup = await marketplaceSetup(tx, marketplaceId);
    await tx.update(marketplaces).set({ isLive: false }).where(eq(marketplaces.id, marketplaceId));
    return {
      subject: await marketplaceSubject(tx, marketplaceId),
      before: { isLive: setup.isLive },
      after: { isLive: false },
      result: { ...setup, isLive: false },
    };
  });
}

/** Records the owner's review of the payment settings (the checklist's payment step). */
export function markPaymentSettingsReviewed(
  context: StaffContext,
  marketplaceId: number,
): Promise<MarketplaceSetupView> {
  return changeAsStaff(context, marketplaceId, 'editSettings', 'paymentSettings.review', async (tx) => {
    const before = await marketplaceSetup(tx, marketplaceId);
    const reviewedAt = new Date();
    await tx
      .insert(marketplaceSetups)
      .values({ marketplaceId, paymentSettingsReviewedAt: reviewedAt })
      .onConflictDoUpdate({
        target: marketplaceSetups.marketplaceId,
        set: { paymentSettingsReviewedAt: reviewedAt },
      });
    const reviewed = before.steps.find((step) => step.key === 'PAYMENT_SETTINGS')?.done ?? false;
    return {
      subject: 'Payment settings',
      before: { reviewed },
      after: { reviewed: true, reviewedAt: reviewedAt.toISOString() },
      result: await marketplaceSetup(tx, marketplaceId),
    };
  });
}
