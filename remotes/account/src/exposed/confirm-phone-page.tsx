import type { RoutePageProps } from '@atrium/federation';
import { PageHeading, Text } from '@atrium/ui';

export default function ConfirmPhonePage(_props: RoutePageProps) {
  return (
    <>
      <PageHeading>Confirm Phone</PageHeading>
      <Text color="fg.muted">Enter the 6-digit code we sent to your phone.</Text>
    </>
  );
}
