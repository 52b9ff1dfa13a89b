import type { RoutePageProps } from '@atrium/federation';
import { PageHeading, Text } from '@atrium/ui';

export default function ConfirmPage(_props: RoutePageProps) {
  return (
    <>
      <PageHeading>Review & Confirm</PageHeading>
      <Text color="fg.muted">Review your booking before you confirm it.</Text>
    </>
  );
}
