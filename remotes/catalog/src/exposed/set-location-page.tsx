import type { RoutePageProps } from '@atrium/federation';
import { PageHeading, Text } from '@atrium/ui';

export default function SetLocationPage(_props: RoutePageProps) {
  return (
    <>
      <PageHeading>Choose Location</PageHeading>
      <Text color="fg.muted">Choose a clinic or enter your address.</Text>
    </>
  );
}
