-- Choosing a practitioner (booking, moving, a waitlist offer) reads each eligible practitioner's held
-- time with their appointments' starts for the day asked about. Building that JSON from the arrays on
-- every booking was a fifth of the booking's availability statement at 500 practitioners (issue 31),
-- so each row also keeps [week, busy, starts] rendered when it is written, as busy_json keeps
-- [week, busy] for offering times.
create function busy_week_held_json(week date, busy integer[], starts integer[]) returns json
language sql immutable as $$
  select json_build_array(to_char(week, 'YYYY-MM-DD'), busy, starts)
$$;

alter table practitioner_busy_weeks
  add column held_json json not null generated always as (busy_week_held_json(week, busy, starts)) stored;
