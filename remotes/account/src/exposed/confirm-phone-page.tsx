import type { RoutePageProps } from '@atrium/federation';
import { ConfirmPhonePage } from '../confirmation/confirm-phone-page';

export default function ConfirmPhoneRoute(_props: RoutePageProps) {
  return <ConfirmPhonePage />;
}
