import type { RoutePageProps } from '@atrium/federation';
import { ResetPasswordPage } from '../password-reset/reset-password-page';

export default function ResetPasswordRoute(_props: RoutePageProps) {
  return <ResetPasswordPage />;
}
