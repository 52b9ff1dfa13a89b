-- A confirmation's charge attempt a crash left pending is settled by the reconciliation job, which
-- asks the processor again with the attempt's key. Past the processor's 24 hours of idempotency the
-- key could charge again, so such an attempt is marked for review instead (an operator settles it).
alter table appointment_payments add column review_required_at timestamptz;
