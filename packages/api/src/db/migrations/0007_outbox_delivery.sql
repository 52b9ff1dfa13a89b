-- The outbox becomes the transactional outbox of every mail and text message: a message is written in
-- the transaction of the change that causes it, and a job of the job engine (pg-boss, whose own
-- schema `pgboss` the migrator installs after these files) delivers it with retries and backoff.
alter table outbox_messages
  add column marketplace_id integer references marketplaces (id),
  -- queued: waiting for (another) delivery attempt; sent: handed to SMTP or the SMS provider (or,
  -- embedded, kept for the dev mailbox); failed: every attempt failed, last_error says why.
  add column status text not null default 'sent'
    constraint outbox_messages_status_known check (status in ('queued', 'sent', 'failed')),
  add column attempts integer not null default 0
    constraint outbox_messages_attempts_not_negative check (attempts >= 0),
  add column last_error text,
  add column sent_at timestamptz,
  -- Files sent with an email: [{ "filename", "contentType", "content" }] (text content, e.g. .ics).
  add column attachments jsonb not null default '[]'::jsonb;

alter table outbox_messages alter column status set default 'queued';
update outbox_messages set sent_at = created_at where status = 'sent';

-- Housekeeping deletes sent messages past their lifetime.
create index outbox_messages_status_created_at_idx on outbox_messages (status, created_at);
