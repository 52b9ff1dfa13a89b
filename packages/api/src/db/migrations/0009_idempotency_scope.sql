-- Idempotency keys of createAppointmentRequest belong to the caller, not to the marketplace: a key
-- answers only the one who claimed it (the signed-in client, or the guest named in the request), and
-- only for the request it was claimed with. Another caller's use of the same key is a key of its own.
alter table appointment_request_keys
  -- Who claimed it: 'user:<id>' for a signed-in client, 'guest:<sha-256 of the lowercased email>' for
  -- a guest. Keys claimed before this migration answer no one ('legacy'); they expire within 24 hours.
  add column caller text not null default 'legacy',
  -- SHA-256 (hex) of the request the key was claimed with, the key itself left out; a repeat with
  -- another request is refused (IDEMPOTENCY_KEY_REUSED).
  add column request_hash text not null default '';

alter table appointment_request_keys
  alter column caller drop default,
  alter column request_hash drop default,
  drop constraint appointment_request_keys_pkey,
  add constraint appointment_request_keys_pkey primary key (marketplace_id, caller, key);
