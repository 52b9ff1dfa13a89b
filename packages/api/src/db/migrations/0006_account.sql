-- The client's account pages: when a visit was completed, shown with past appointments.

-- Set by the operator's complete action (BOOKED -> COMPLETE); null before.
alter table appointments
  add column completed_at timestamptz,
  add constraint appointments_completed_at_when_complete check (completed_at is null or status = 'COMPLETE');

-- Appointments completed before this column existed: their last change was the completion.
update appointments set completed_at = updated_at where status = 'COMPLETE';
