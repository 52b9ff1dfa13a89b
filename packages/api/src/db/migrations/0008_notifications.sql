-- Client notifications (request received, confirmed, cancelled, reminder): what the appointment
-- itself has to remember for them. The messages are rows of outbox_messages (0007).

alter table appointments
  -- When the reminder of a BOOKED appointment was queued (or, for one confirmed less than 24 hours
  -- ahead, when the confirmation stood in for it); null until then. At most one reminder each.
  add column reminded_at timestamptz,
  -- Why the marketplace cancelled it, as told to the client; null when no reason was given.
  add column cancellation_reason text,
  add constraint appointments_cancellation_reason_when_cancelled
    check (cancellation_reason is null or status = 'CANCELLED');

-- The reminder run's question: BOOKED appointments not yet reminded, by start.
create index appointments_reminder_due_idx on appointments (starts_at)
  where status = 'BOOKED' and reminded_at is null;
