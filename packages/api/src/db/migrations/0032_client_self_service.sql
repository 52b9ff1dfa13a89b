-- How clients change a visit (issue 29): by phone only (the spec's default, 'Call to Update'), or
-- online from /profile up to a cut-off of whole hours before the visit.
alter table scheduling_settings
  add column client_changes text not null default 'phone'
    constraint scheduling_settings_client_changes_kind check (client_changes in ('phone', 'online')),
  add column client_change_cutoff_hours integer not null default 24
    constraint scheduling_settings_client_change_cutoff_range check (client_change_cutoff_hours between 1 and 168);
