import type { RoutePageProps } from '@atrium/federation';
import { PageHeading, Text } from '@atrium/ui';

export default function ConfirmEmailPage(_props: RoutePageProps) {
  return (
    <>
      <PageHeading>Confirm Email</PageHeading>
      <Text color="fg.muted">Confirming your email address.</Text>
    </>
  );
}
