import type { RoutePageProps } from '@atrium/federation';
import { PageHeading, Text } from '@atrium/ui';

export default function SchedulePage(_props: RoutePageProps) {
  return (
    <>
      <PageHeading>Choose Date & Time</PageHeading>
      <Text color="fg.muted">Pick a time that suits you.</Text>
    </>
  );
}
