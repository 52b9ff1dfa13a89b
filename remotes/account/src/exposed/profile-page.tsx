import type { RoutePageProps } from '@atrium/federation';
import { $marketplaceId } from '@atrium/stores';
import { useStore } from '@nanostores/react';
import { ProfilePage } from '../profile/profile-page';

export default function ProfileRoute({ marketplaceId }: RoutePageProps) {
  const stored = useStore($marketplaceId);
  return <ProfilePage marketplaceId={marketplaceId ?? stored ?? ''} />;
}
