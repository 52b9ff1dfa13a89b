import type { RoutePageProps } from '@atrium/federation';
import { PageHeading, Text } from '@atrium/ui';

export default function ResetPasswordPage(_props: RoutePageProps) {
  return (
    <>
      <PageHeading>Reset Password</PageHeading>
      <Text color="fg.muted">Choose a new password.</Text>
    </>
  );
}
