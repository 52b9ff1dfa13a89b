-- Availability reads a week of held time per practitioner and week asked about: a month for 500
-- practitioners is some 3,000 rows. Building their JSON on every read took most of the statement
-- (issue 31), so each row keeps its week and busy edges as the JSON availability hands over, written
-- once when the row changes. The appointments' starts are left out: only choosing a practitioner
-- (booking, moving, a waitlist offer) reads them, and it reads a day or two.
create function busy_week_json(week date, busy integer[]) returns json
language sql immutable as $$
  select json_build_array(to_char(week, 'YYYY-MM-DD'), busy)
$$;

alter table practitioner_busy_weeks
  add column busy_json json not null generated always as (busy_week_json(week, busy)) stored;
