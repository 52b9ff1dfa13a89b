-- What the operator told when creating a marketplace, and the setup steps that leave no row of their
-- own: its time zone (for its first clinic and the console's dates), whether it means to visit clients
-- at home (a marketplace provides at-home visits only once it has a service area) and when its owner
-- reviewed the payment settings. A marketplace created before the console has no row until its owner marks the
-- payment settings reviewed (then without a time zone).
create table marketplace_setups (
  marketplace_id integer primary key references marketplaces (id),
  time_zone text,
  plans_at_home boolean not null default false,
  payment_settings_reviewed_at timestamptz,
  created_at timestamptz not null default now(),
  constraint marketplace_setups_time_zone_not_blank check (btrim(time_zone) <> '')
);
