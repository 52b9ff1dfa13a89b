-- A claimed idempotency key is held by a lease its request renews every few seconds while it runs
-- (services/checkout/idempotency.ts). A repeat of the request waits while the lease is live and takes
-- the key over once it has lapsed: the first request's process died, so the repeat finishes the work
-- (a purchase is reconciled with the processor by its intent's key) instead of being told for two
-- minutes that it is still being processed.
alter table appointment_request_keys
  -- Who holds the claim (a random id per attempt): answering or giving the key up needs it, so an
  -- attempt that lost its lease to a repeat can no longer write.
  add column lease_owner uuid,
  -- Until when the claim stands without a renewal.
  add column lease_expires_at timestamptz;

-- Claims in flight during the upgrade keep the old rule: two minutes from the claim.
update appointment_request_keys
  set lease_expires_at = claimed_at + interval '2 minutes'
  where result is null;
