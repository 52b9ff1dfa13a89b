import type { RoutePageProps } from '@atrium/federation';
import { ConfirmPage } from '../confirm/confirm-page';

export default function ConfirmRoute(_props: RoutePageProps) {
  return <ConfirmPage />;
}
