-- Events the payment processor sends to POST /webhooks/stripe. Each is handled once: its id is
-- inserted in the transaction that applies it, so a replay (Stripe retries for days, and may send an
-- event twice) finds the id and changes nothing. Kept 30 days (housekeeping), beyond Stripe's retries.
create table processor_events (
  id text primary key,
  processor text not null,
  type text not null,
  -- What the event was about: the payment intent, setup intent, charge or dispute (null if none).
  object_reference text,
  received_at timestamptz not null default now(),
  constraint processor_events_processor_known check (processor in ('sandbox', 'stripe')),
  constraint processor_events_id_length check (length(id) between 1 and 255)
);

create index processor_events_received_at_idx on processor_events (received_at);

-- A client disputed a charge with their bank (charge.dispute.created): the marketplace must answer
-- it with evidence before the bank's deadline, so it is recorded and logged where operators look.
create table payment_disputes (
  id text primary key,
  -- The payment intent of the disputed charge, which our payment rows carry as processor_reference.
  payment_reference text,
  charge_reference text not null,
  amount_cents integer not null,
  reason text not null,
  status text not null,
  opened_at timestamptz not null,
  received_at timestamptz not null default now(),
  constraint payment_disputes_amount_not_negative check (amount_cents >= 0)
);

create index payment_disputes_payment_reference_idx on payment_disputes (payment_reference);
