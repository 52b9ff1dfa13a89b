import type { RoutePageProps } from '@atrium/federation';
import { PaymentAuthenticationPage } from '../payment-authentication/payment-authentication-page';

export default function PaymentAuthenticationRoute(_props: RoutePageProps) {
  return <PaymentAuthenticationPage />;
}
