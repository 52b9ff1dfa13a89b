import type { RoutePageProps } from '@atrium/federation';
import { PageHeading, Text } from '@atrium/ui';

export default function ProfilePage(_props: RoutePageProps) {
  return (
    <>
      <PageHeading>My Profile</PageHeading>
      <Text color="fg.muted">Your profile, wallet and appointments.</Text>
    </>
  );
}
