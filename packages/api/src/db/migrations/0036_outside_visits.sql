-- A visit booked outside Atrium (issue 28): staff enter time a practitioner already owes a client
-- booked elsewhere, so clients cannot book over it. It is an appointment without a client, as the
-- demo's own have always been, with the team's note of whom and what it is for.
alter table appointments add column outside_note text;

alter table appointments add constraint appointments_outside_note_length
  check (outside_note is null or char_length(outside_note) between 1 and 200);

alter table appointments add constraint appointments_outside_note_without_client
  check (outside_note is null or client_user_id is null);
