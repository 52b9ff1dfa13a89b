// A new request announced in its own transaction: 'Request received' to the client (by mail, and
// text when they agreed to texts), and to the staff the `new-request` job, which the staff context
// fans out (checkout does not know it: it imports checkout). Their jobs are created in one statement.
import type { Db } from '../../kernel/database/database';
import { type NewRequestJob, queues } from '../../kernel/jobs/queues';
import { JobBatch, type NotificationSettings } from '../../notifications';
import { notifyClient } from '../appointment-notices/notify';

/**
 * Queues the client's messages and, when the request holds a time (a waitlist request reaches the
 * staff when it takes one), the staff's job: all exist exactly when `tx` commits.
 */
export async function announceRequest(
  tx: Db,
  notifications: NotificationSettings,
  by: { requestId: number } | { appointmentId: number },
  heldAppointmentId: number | null,
): Promise<void> {
  const jobs = new JobBatch();
  await notifyClient(tx, notifications, 'received', by, {}, jobs);
  if (heldAppointmentId !== null) {
    const job: NewRequestJob = { appointmentId: heldAppointmentId };
    jobs.add(queues.newRequest.name, job);
  }
  await jobs.send(tx);
}
