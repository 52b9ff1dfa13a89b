import type { RoutePageProps } from '@atrium/federation';
import { PageHeading, Text } from '@atrium/ui';

export default function MembershipsPage(_props: RoutePageProps) {
  return (
    <>
      <PageHeading>Memberships & Packages</PageHeading>
      <Text color="fg.muted">Memberships and prepaid packages.</Text>
    </>
  );
}
