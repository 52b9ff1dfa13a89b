-- The browsers the host's server sent to a canary release (by the id it signed for them): one row per
-- browser and release, its time moved on by the host at most every quarter of an hour. Failure
-- reports take a canary out of rotation only from such browsers, and only when they are a large
-- enough share of those that were sent to it within the hour.
create table remote_canary_views (
  release_id integer not null references remote_releases (id),
  browser_id uuid not null,
  seen_at timestamptz not null,
  primary key (release_id, browser_id)
);
create index remote_canary_views_release_seen_idx on remote_canary_views (release_id, seen_at);
