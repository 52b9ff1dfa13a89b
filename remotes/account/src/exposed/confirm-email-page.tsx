import type { RoutePageProps } from '@atrium/federation';
import { ConfirmEmailPage } from '../confirmation/confirm-email-page';

export default function ConfirmEmailRoute(_props: RoutePageProps) {
  return <ConfirmEmailPage />;
}
