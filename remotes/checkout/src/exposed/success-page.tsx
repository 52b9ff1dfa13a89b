import type { RoutePageProps } from '@atrium/federation';
import { SuccessPage } from '../success/success-page';

export default function SuccessRoute(_props: RoutePageProps) {
  return <SuccessPage />;
}
