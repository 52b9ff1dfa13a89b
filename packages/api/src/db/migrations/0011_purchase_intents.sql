-- Exactly-once purchases (issue 16): every charge is recorded as a pending intent, committed before the
-- processor is asked, whose idempotency key is derived from the row; the charge's result then settles
-- it (succeeded with what it pays for in one transaction, or failed with the processor's reason). A
-- crash between the charge and the settlement leaves the row pending, and the reconcile-payments job
-- asks the processor again with the same key (which answers with the first attempt's charge) and
-- settles it the same way. Existing rows were all settled when they were written.

-- Package purchases ------------------------------------------------------------------------------
alter table package_purchases
  add column status text not null default 'succeeded',
  add column failure_reason text,
  -- The key the client sent with the purchase (purchasePackage's idempotencyKey): a retry after a
  -- crash or a timeout finds its intent by it instead of recording (and charging) a second one.
  add column client_key text,
  -- Set when a pending row outlived the processor's idempotency keys (24 hours): it is no longer
  -- re-driven, an operator settles it by hand.
  add column review_required_at timestamptz,
  add column updated_at timestamptz not null default now();

update package_purchases set updated_at = created_at;

alter table package_purchases
  alter column status set default 'pending',
  add constraint package_purchases_status_known
    check (status in ('pending', 'succeeded', 'failed', 'refunded')),
  -- A free package (amount 0) is not sent to the processor, so it has no reference.
  add constraint package_purchases_outcome check (
    (status = 'succeeded' and (processor_reference is not null or amount_cents = 0) and failure_reason is null)
    or (status = 'failed' and processor_reference is null and failure_reason is not null)
    or (status = 'pending' and processor_reference is null and failure_reason is null)
    or (status = 'refunded' and processor_reference is not null and failure_reason is not null)
  );

-- One live intent per client key (a failed one leaves the key free for the next attempt).
create unique index package_purchases_client_key_idx on package_purchases (user_id, package_id, client_key)
  where client_key is not null and status <> 'failed';
-- What the reconciliation job looks for.
create index package_purchases_pending_idx on package_purchases (updated_at) where status = 'pending';

-- Membership charges -----------------------------------------------------------------------------
-- A charge now also stands for a first purchase (createMembership), whose membership is created only
-- once it is paid: until then the row names the client and the definition, and no membership.
alter table membership_charges
  add column kind text not null default 'renewal',
  add column user_id integer references users (id) on delete cascade,
  add column membership_definition_id integer references membership_definitions (id),
  add column client_key text,
  add column review_required_at timestamptz,
  alter column membership_id drop not null;

update membership_charges c
  set user_id = m.user_id, membership_definition_id = m.membership_definition_id
  from memberships m where m.id = c.membership_id;
-- The first purchases were charged with keys of this form (membership-charges.ts before 0011).
update membership_charges set kind = 'purchase' where idempotency_key like 'atrium-membership-purchase-%';

alter table membership_charges
  alter column kind drop default,
  alter column user_id set not null,
  alter column membership_definition_id set not null,
  drop constraint membership_charges_status_known,
  drop constraint membership_charges_outcome,
  add constraint membership_charges_status_known
    check (status in ('pending', 'succeeded', 'failed', 'refunded')),
  add constraint membership_charges_kind_known check (kind in ('purchase', 'renewal', 'reactivation')),
  add constraint membership_charges_outcome check (
    (status = 'succeeded' and (processor_reference is not null or amount_cents = 0) and failure_reason is null)
    or (status = 'failed' and processor_reference is null and failure_reason is not null)
    or (status = 'pending' and processor_reference is null and failure_reason is null)
    or (status = 'refunded' and processor_reference is not null and failure_reason is not null)
  ),
  -- Renewals and reactivations pay for an existing membership; a purchase has one once it is paid.
  add constraint membership_charges_membership_known
    check (membership_id is not null or (kind = 'purchase' and status <> 'succeeded')),
  add constraint membership_charges_idempotency_key_key unique (idempotency_key);

create unique index membership_charges_client_key_idx
  on membership_charges (user_id, membership_definition_id, client_key)
  where client_key is not null and status <> 'failed';
create index membership_charges_pending_idx on membership_charges (updated_at) where status = 'pending';
