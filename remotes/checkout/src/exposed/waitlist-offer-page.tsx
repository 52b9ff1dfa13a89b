import type { RoutePageProps } from '@atrium/federation';
import { WaitlistOfferPage } from '../waitlist-offer/waitlist-offer-page';

export default function WaitlistOfferRoute(_props: RoutePageProps) {
  return <WaitlistOfferPage />;
}
