-- Receipts (issue 30): every charge and refund is mailed to the client, once. A row per receipt
-- mailed, written in the transaction that queues the mail and keyed by the charge's or refund's own
-- row (its table named by `source`), so a retried job, or a receipt asked for twice (the live request
-- and the processor's webhook), finds it and mails nobody twice.
create table payment_receipts (
  source text not null
    constraint payment_receipts_source_known check (source in ('appointment_payment', 'appointment_refund',
      'package_purchase', 'package_refund', 'membership_charge', 'membership_refund')),
  source_id bigint not null,
  created_at timestamptz not null default now(),
  primary key (source, source_id)
);
