import type { RoutePageProps } from '@atrium/federation';
import { $marketplaceId } from '@atrium/stores';
import { useStore } from '@nanostores/react';
import { MembershipsPage } from '../memberships/memberships-page';

export default function MembershipsRoute({ marketplaceId }: RoutePageProps) {
  const stored = useStore($marketplaceId);
  return <MembershipsPage marketplaceId={marketplaceId ?? stored ?? ''} />;
}
