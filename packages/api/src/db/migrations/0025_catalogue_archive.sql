-- A service or category that was ever booked is archived instead of deleted: it leaves the clients'
-- menu but stays on the appointments that name it; unarchiving puts it back.
alter table procedure_groups add column archived_at timestamptz;
alter table procedures add column archived_at timestamptz;
