import type { Geocoder } from '../catalogue';
import type { Db } from '../kernel/database/database';
import type { NotificationSettings } from '../notifications';
import type { ApplePayPorts, Payments, PaymentsProcessor } from '../payments';

/** What checkout services need, for the whole process. */
export interface CheckoutPorts {
  db: Db;
  geocoder: Geocoder;
  payments: Payments;
  /** Injectable so tests can place promo windows and waitlist ranges around a fixed now. */
  clock: () => Date;
  /** The configured operator key (x-operator-key). */
  operatorKey: string;
  /** Who mails the client about their appointments, and where the messages' links go. */
  notifications: NotificationSettings;
  /** Apple Pay's merchant validation and the domains it may be asked for. */
  applePay: ApplePayPorts;
}

/** The checkout ports plus what the current HTTP request presented. */
export interface CheckoutContext extends CheckoutPorts {
  /** The x-operator-key header of the request, if any. */
  presentedOperatorKey: string | null;
}

/** What the marketplace's actions on an appointment need (confirm, cancel, refund). */
export interface OperatorDependencies {
  db: Db;
  payments: { processor: PaymentsProcessor };
  notifications: NotificationSettings;
  clock: () => Date;
}
