import type PgBoss from 'pg-boss';

/** pg-boss keeps its tables in this schema of the application's database. */
export const jobSchema = 'pgboss';

/**
 * Every queue of the job engine. Retries back off exponentially from `retryDelay` seconds; the cron
 * queues are one job per schedule tick for the whole cluster (pg-boss's timekeeper sends it once,
 * and the stately policy keeps at most one waiting while one runs).
 */
export const queues = {
  /** One outbox message to deliver by mail or text. */
  deliverMessage: {
    name: 'deliver-message',
    // 30 s, 1, 2, 4 … minutes: about eight hours in all before a message is given up.
    options: { retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  },
  /**
   * An account email whose content depends on whether the address has an account (a password reset, a
   * registration): the request only queues it, so it does the same work, in the same time, either way.
   */
  accountEmail: {
    name: 'account-email',
    options: { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
  },
  /**
   * A new request (a PENDING appointment) to tell the marketplace's staff of: checkout queues it in the
   * request's transaction and the staff context mails the members who want it, once (staff/request-notices).
   */
  newRequest: {
    name: 'new-request',
    options: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  },
  /**
   * A receipt to mail for a charge or a refund: queued in the transaction that records the money
   * moving, and mailed once per charge or refund however often it runs (checkout/receipts).
   */
  paymentReceipt: {
    name: 'payment-receipt',
    options: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  },
  renewMemberships: {
    name: 'renew-memberships',
    cron: '*/15 * * * *',
    options: { policy: 'stately', retryLimit: 0, expireInSeconds: 15 * 60 },
  },
  /**
   * Settles purchase intents and confirmations' charge attempts a crash left pending
   * (services/memberships/reconciliation.ts, services/checkout/confirmation-reconciliation.ts). Every
   * two minutes: well inside the 24 hours processors keep an idempotency key.
   */
  reconcilePayments: {
    name: 'reconcile-payments',
    cron: '*/2 * * * *',
    options: { policy: 'stately', retryLimit: 0, expireInSeconds: 5 * 60 },
  },
  appointmentReminders: {
    name: 'appointment-reminders',
    cron: '*/5 * * * *',
    options: { policy: 'stately', retryLimit: 0, expireInSeconds: 5 * 60 },
  },
  housekeeping: {
    name: 'housekeeping',
    cron: '23 * * * *',
    options: { policy: 'stately', retryLimit: 0, expireInSeconds: 30 * 60 },
  },
} satisfies Record<string, { name: string; cron?: string; options: Omit<PgBoss.Queue, 'name'> }>;

/** The data of a `new-request` job: the appointment that holds the request's time. */
export interface NewRequestJob {
  appointmentId: number;
}

/**
 * What a receipt is of: a charge (an appointment's, a package purchase, a membership period) or a
 * refund (of an appointment's payment, or of a package or membership charge given back in full).
 */
export const paymentReceiptSources = [
  'appointment_payment',
  'appointment_refund',
  'package_purchase',
  'package_refund',
  'membership_charge',
  'membership_refund',
] as const;
export type PaymentReceiptSource = (typeof paymentReceiptSources)[number];

/** The data of a `payment-receipt` job: the charge's or refund's own row (its table by `source`). */
export interface PaymentReceiptJob {
  source: PaymentReceiptSource;
  id: number;
}

export type QueueName = (typeof queues)[keyof typeof queues]['name'];
