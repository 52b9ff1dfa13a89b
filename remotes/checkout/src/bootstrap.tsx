import { mountStandalone } from '@atrium/federation/standalone';
import ConfirmPage from './exposed/confirm-page';
import PaymentAuthenticationPage from './exposed/payment-authentication-page';
import SuccessPage from './exposed/success-page';

mountStandalone('checkout', [
  { path: 'confirm', element: <ConfirmPage /> },
  { path: 'success', element: <SuccessPage /> },
  { path: 'payment/authenticate', element: <PaymentAuthenticationPage /> },
]);
