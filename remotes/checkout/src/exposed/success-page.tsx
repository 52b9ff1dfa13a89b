import type { RoutePageProps } from '@atrium/federation';
import { PageHeading, Text } from '@atrium/ui';

export default function SuccessPage(_props: RoutePageProps) {
  return (
    <>
      <PageHeading>Booking Received</PageHeading>
      <Text color="fg.muted">Your booking request has been received!</Text>
    </>
  );
}
