-- The marketplace's own phone line (E.164), for what has no clinic to call: a client changing or
-- cancelling an at-home visit calls it (spec 2 'Call to Update').
alter table marketplaces
  add column phone text,
  add constraint marketplaces_phone_e164 check (phone ~ '^\+[1-9][0-9]{6,14}$');
