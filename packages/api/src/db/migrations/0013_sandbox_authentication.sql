-- 3-D Secure (issue 16). A card may need its holder's authentication when it is saved or charged.

-- The embedded sandbox processor's test cards that ask for authentication (Stripe's
-- 4000002500003155: when saved; 4000002760003184: when saved and on every off-session charge).
alter table sandbox_cards
  add column authentication text
    constraint sandbox_cards_authentication_known check (authentication in ('on_save', 'always'));

-- A sandbox card's setup waiting for (or past) its holder's authentication, as a Stripe SetupIntent:
-- its client secret is what the browser holds, and the sandbox bank's answer is given once.
create table sandbox_setups (
  reference text primary key,
  client_secret text not null,
  token text not null references sandbox_cards (token),
  customer_reference text not null,
  status text not null
    constraint sandbox_setups_status_known check (status in ('requires_action', 'succeeded', 'failed')),
  created_at timestamptz not null default now(),
  constraint sandbox_setups_client_secret_key unique (client_secret),
  constraint sandbox_setups_token_key unique (token)
);

-- A sandbox charge may wait for authentication too (a PaymentIntent in requires_action).
alter table sandbox_charges
  add column status text not null default 'succeeded'
    constraint sandbox_charges_status_known check (status in ('succeeded', 'failed', 'requires_action')),
  add column client_secret text,
  add constraint sandbox_charges_client_secret_key unique (client_secret);
update sandbox_charges set status = 'failed' where failure_reason is not null;

-- An appointment's charge is recorded before the processor is asked (pending), so a crash between
-- the two cannot lose or double it; requires_action waits for the client's authentication, whose
-- emailed link carries a token kept here only as its SHA-256.
alter table appointment_payments
  drop constraint appointment_payments_status_known,
  add constraint appointment_payments_status_known
    check (status in ('pending', 'requires_action', 'succeeded', 'failed', 'refunded')),
  add column authentication_token_hash text,
  add column updated_at timestamptz not null default now(),
  add constraint appointment_payments_authentication_token_hash_key unique (authentication_token_hash);

-- One open attempt per appointment: concurrent confirmations meet here.
create unique index appointment_payments_one_open_idx on appointment_payments (appointment_id)
  where status in ('pending', 'requires_action');
