// Tells the staff of a new request without checkout knowing the staff context (which imports
// checkout): one job, queued in the request's own transaction, that the staff context fans out.
import type { Db } from '../../kernel/database/database';
import { type NewRequestJob, queues } from '../../kernel/jobs/queues';
import { queueJob } from '../../notifications';

/** Queues the `new-request` job in `tx`: it exists exactly when the PENDING appointment commits. */
export function queueNewRequestJob(tx: Db, appointmentId: number): Promise<void> {
  const job: NewRequestJob = { appointmentId };
  return queueJob(tx, queues.newRequest.name, job);
}
