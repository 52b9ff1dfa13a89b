// The reminder a client gets the day before a BOOKED appointment (a scheduled job runs this every few
// minutes). Each appointment is claimed, marked reminded and its messages queued in one transaction,
// so overlapping runs (several processes) remind each appointment exactly once.
import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../kernel/database/database';
import type { NotificationSettings } from '../../notifications';
import { appointments } from '../../scheduling';
import { notifyClient } from './notify';

/** How long before its start an appointment is reminded of. */
export const reminderLeadMs = 24 * 60 * 60 * 1000;

export interface ReminderPorts {
  db: Db;
  clock: () => Date;
  notifications: NotificationSettings;
}

/**
 * Queues the reminders of BOOKED appointments that start within the next 24 hours and have none yet
 * (appointments.reminded_at), at most `limit` of them, soonest first. Returns how many clients
 * were reminded. A claimed appointment is locked (`for update skip locked`): a concurrent run skips
 * it, and sees it reminded once this one commits. Appointments without a client (the demo's own) are
 * marked without a message.
 */
export async function queueDueReminders(
  ports: ReminderPorts,
  { limit = 200 }: { limit?: number } = {},
): Promise<number> {
  let reminded = 0;
  let handled = 0;
  while (handled < limit) {
    const now = ports.clock();
    const claimed = await ports.db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: appointments.id })
        .from(appointments)
        .where(
          and(
            eq(appointments.status, 'BOOKED'),
            isNull(appointments.remindedAt),
            gt(appointments.startsAt, now),
            lte(appointments.startsAt, new Date(now.getTime() + reminderLeadMs)),
          ),
        )
        .orderBy(asc(appointments.startsAt), asc(appointments.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return null;
      await tx.update(appointments).set({ remindedAt: now }).where(eq(appointments.id, due.id));
      const queued = await notifyClient(tx, ports.notifications, 'reminder', { appointmentId: due.id });
      return { told: queued > 0 };
    });
    if (!claimed) break;
    handled += 1;
    if (claimed.told) reminded += 1;
  }
  return reminded;
}
