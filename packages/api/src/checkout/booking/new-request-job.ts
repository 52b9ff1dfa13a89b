// Tells the staff of a new request without checkout knowing the staff context (which imports
// checkout): one job, created in the request's own transaction, that the staff context fans out.
import { type NewRequestJob, queues } from '../../kernel/jobs/queues';
import type { JobBatch } from '../../notifications';

/** Adds the `new-request` job to the transaction's batch: it exists exactly when the PENDING appointment commits. */
export function addNewRequestJob(jobs: JobBatch, appointmentId: number): void {
  const job: NewRequestJob = { appointmentId };
  jobs.add(queues.newRequest.name, job);
}
