import type { RoutePageProps } from '@atrium/federation';
import { PageHeading, Text } from '@atrium/ui';

export default function AppleCallbackPage(_props: RoutePageProps) {
  return (
    <>
      <PageHeading>Signing you in</PageHeading>
      <Text color="fg.muted">Finishing your Apple sign-in.</Text>
    </>
  );
}
