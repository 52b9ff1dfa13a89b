-- Staff hear of new requests (issue 29): a request whose staff were told, written in the same
-- transaction as their mails, so a retried or repeated fan-out job finds it and mails nobody twice.
create table staff_request_notices (
  appointment_id integer primary key references appointments (id) on delete cascade,
  -- How many members were mailed (none when all turned it off, or the request was no longer pending).
  recipients integer not null constraint staff_request_notices_recipients_not_negative check (recipients >= 0),
  created_at timestamptz not null default now()
);
