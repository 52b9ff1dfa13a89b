-- A practitioner's photo, shown to clients choosing a time and to staff in the console: a path the
-- marketplace's media serves (/media/...) or an https address; null when none was given.
alter table practitioners add column photo_url text;
alter table practitioners add constraint practitioners_photo_url_format
  check (photo_url ~ '^(/media/|https://)[^[:space:]]+$');
