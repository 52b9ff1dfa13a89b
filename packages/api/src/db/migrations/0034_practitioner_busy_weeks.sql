-- Availability's free/busy (issue 31): per practitioner and UTC week (from Monday 00:00 UTC), the time
-- their appointments hold (PENDING and BOOKED, and COMPLETE, which keeps the rest of its time), merged
-- and clipped to the week, and when each of them starts, as seconds after the week's start in flat
-- arrays (`busy` is start, end, start, end, ...). Availability reads one row per practitioner and
-- week however many bookings there are, and hands the arrays to the engine as they are. A trigger
-- keeps it in the transaction of every change to appointments; appointments (and its exclusion
-- constraint) stays the source of truth.
create table practitioner_busy_weeks (
  practitioner_id integer not null,
  week date not null,
  busy integer[] not null,
  starts integer[] not null,
  primary key (practitioner_id, week)
);

-- The refresh below finds a practitioner's held appointments around one week by this index, not by
-- reading their whole history.
create index appointments_practitioner_held_idx on appointments
  using gist (practitioner_id, tstzrange(starts_at, ends_at))
  where (status in ('PENDING', 'BOOKED', 'COMPLETE'));

-- A UTC week's span: from its Monday 00:00 UTC for seven days.
create function utc_week_span(week date) returns tstzrange
language sql immutable as $$
  select tstzrange(week::timestamp at time zone 'UTC', (week + 7)::timestamp at time zone 'UTC')
$$;

-- The UTC weeks (their Mondays) an appointment touches.
create function appointment_utc_weeks(starts_at timestamptz, ends_at timestamptz) returns setof date
language sql immutable as $$
  select generate_series(date_trunc('week', starts_at at time zone 'UTC'),
                         date_trunc('week', (ends_at - interval '1 microsecond') at time zone 'UTC'),
                         interval '1 week')::date
$$;

-- What appointments hold in a week, as its flat edges in seconds after the week's start.
create function busy_edges(held tstzmultirange, week date) returns integer[]
language sql immutable as $$
  select coalesce(array_agg(edge.at order by lower(piece), edge.side), '{}')
  from unnest(held) as piece,
       lateral (values (0, extract(epoch from lower(piece) - lower(utc_week_span(week)))::integer),
                       (1, extract(epoch from upper(piece) - lower(utc_week_span(week)))::integer)) as edge (side, at)
$$;

-- Instants as seconds after a week's start, in order.
create function week_seconds(instants timestamptz[], week date) returns integer[]
language sql immutable as $$
  select coalesce(array_agg(extract(epoch from instant - lower(utc_week_span(week)))::integer order by instant), '{}')
  from unnest(instants) as instant
$$;

-- Recomputes one practitioner's week from appointments. The row is locked before it is read, so two
-- transactions changing that week's appointments take turns and the second (with a new snapshot per
-- statement, read committed) sees what the first committed.
create function practitioner_busy_week_refresh(practitioner integer, utc_week date) returns void
language plpgsql as $$
declare
  span tstzrange := utc_week_span(utc_week);
begin
  insert into practitioner_busy_weeks (practitioner_id, week, busy, starts)
  values (practitioner, utc_week, '{}', '{}')
  on conflict do nothing;
  perform 1 from practitioner_busy_weeks
  where practitioner_id = practitioner and week = utc_week
  for update;
  update practitioner_busy_weeks w
  set busy = held.busy, starts = held.starts
  from (
    select busy_edges(range_agg(tstzrange(a.starts_at, a.ends_at) * span), utc_week) as busy,
           week_seconds(array_agg(a.starts_at) filter (where a.starts_at <@ span), utc_week) as starts
    from appointments a
    where a.practitioner_id = practitioner
      and a.status in ('PENDING', 'BOOKED', 'COMPLETE')
      and tstzrange(a.starts_at, a.ends_at) && span
  ) held
  where w.practitioner_id = practitioner and w.week = utc_week;
end
$$;

create function appointments_busy_weeks() returns trigger
language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform practitioner_busy_week_refresh(old.practitioner_id, week)
    from appointment_utc_weeks(old.starts_at, old.ends_at) as week;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform practitioner_busy_week_refresh(new.practitioner_id, week)
    from appointment_utc_weeks(new.starts_at, new.ends_at) as week;
  end if;
  return null;
end
$$;

create trigger appointments_busy_weeks
after insert or delete or update of practitioner_id, starts_at, ends_at, status on appointments
for each row execute function appointments_busy_weeks();

-- Every practitioner's weeks rebuilt at once from appointments: for what is already booked, and for
-- bulk loads that turn the trigger off (the scale bench).
create function practitioner_busy_weeks_rebuild() returns void
language sql as $$
  delete from practitioner_busy_weeks;
  insert into practitioner_busy_weeks (practitioner_id, week, busy, starts)
  select a.practitioner_id,
         week,
         busy_edges(range_agg(tstzrange(a.starts_at, a.ends_at) * utc_week_span(week)), week),
         week_seconds(array_agg(a.starts_at) filter (where a.starts_at <@ utc_week_span(week)), week)
  from appointments a, appointment_utc_weeks(a.starts_at, a.ends_at) as week
  where a.status in ('PENDING', 'BOOKED', 'COMPLETE')
  group by a.practitioner_id, week;
$$;

select practitioner_busy_weeks_rebuild();
