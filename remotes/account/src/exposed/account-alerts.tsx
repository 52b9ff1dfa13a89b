import type { AccountAlertsProps } from '@atrium/federation';
import { AccountAlerts } from '../alerts/account-alerts';

export default function AccountAlertsModule(_props: AccountAlertsProps) {
  return <AccountAlerts />;
}
