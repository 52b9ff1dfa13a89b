import { linkedMarketplace } from '@atrium/domain';
import { useMarketplace } from '@atrium/graphql-client';
import { useSearchParams } from '@atrium/navigation';
import { useStoredMarketplace } from './stored-marketplace';

export interface LinkMarketplace {
  /** The marketplace the link is for; empty when unknown. */
  marketplaceId: string;
  /** Its marketplace group, which account calls such as resetPasswordByToken need; empty when unknown. */
  mgId: string;
  /** True while the group is still being learnt from the marketplace query. */
  pending: boolean;
}

/**
 * The marketplace and group an emailed link (/confirm-email, /reset-password) acts for. Links name
 * them in their query, so they work in any browser and on any device: the marketplace
 * (`marketplace`; its group comes with the marketplace query) or, for a reset requested without
 * one, the group (`mg`). Links sent before they did fall back to the stored marketplace and group,
 * which only the browser that asked has.
 */
export function useLinkMarketplace(): LinkMarketplace {
  const [params] = useSearchParams();
  const linked = linkedMarketplace(params);
  const stored = useStoredMarketplace();
  const marketplaceId = linked.marketplaceId ?? stored.marketplaceId;
  const { data, isPending } = useMarketplace(marketplaceId);
  if (linked.marketplaceId === null && linked.mgId !== null) {
    return { marketplaceId, mgId: linked.mgId, pending: false };
  }
  const mgId = data?.mgId ?? (linked.marketplaceId === null ? stored.mgId : '');
  return { marketplaceId, mgId, pending: marketplaceId !== '' && mgId === '' && isPending };
}
