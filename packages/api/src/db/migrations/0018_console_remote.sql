-- The fifth remote (issue 19): the staff console. The release registry accepts its releases and
-- rollouts like the other remotes'.
alter table remote_releases drop constraint remote_releases_remote_known;
alter table remote_releases add constraint remote_releases_remote_known
  check (remote in ('catalog', 'scheduling', 'checkout', 'account', 'console'));

alter table remote_rollout_states drop constraint remote_rollout_states_remote_known;
alter table remote_rollout_states add constraint remote_rollout_states_remote_known
  check (remote in ('catalog', 'scheduling', 'checkout', 'account', 'console'));
